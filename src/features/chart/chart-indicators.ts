/**
 * The indicators on the chart: their series and panes, their values, and drawing them. Price-pane
 * indicators (MA, EMA, Bollinger, VWAP…) are drawn by a primitive of the price series
 * (indicator-overlays: they share its percent/log base); volume-pane ones (the volume's moving
 * average) are series on pane 1; the rest (MACD, RSI, KDJ…) each get a pane of their own below.
 * What is drawn where comes from the indicators' descriptors; their values from one tracker built
 * from the same list. A kind's code loads when the list first names it (indicator-registry).
 */
import { HistogramSeries, LineSeries, LineStyle, type IChartApi, type ISeriesApi } from 'lightweight-charts';
import type { ChartCandle } from '../../lib/time-mapper';
import type { IndicatorList } from '../../store/preferences-slice';
import { PANE_STRETCH, priceFormat, SCALE_MODES } from './chart-look';
import type { ChartState } from './chart-state';
import { activeIndicators, indicatorColour, missingKinds, type ActiveIndicator } from './indicator-data';
import { IndicatorOverlays, type OverlayLine } from './indicator-overlays';
import { loadKinds } from './indicator-registry';
import { IndicatorTracker, type IndicatorValues } from './indicator-tracker';
import { asHistogram, asHistogramPoint, asLine, asLinePoint } from './library-points';
import { indexAtOrBefore, toHistogram, toHistogramPoint, toLine, toLinePoint } from './series-data';

export type IndicatorSeriesApi = ISeriesApi<'Line'> | ISeriesApi<'Histogram'>;

/** One indicator as drawn: in which pane, by which series. */
export interface DrawnIndicator {
  /** With the id of the user's instance it draws. */
  indicator: ActiveIndicator;
  /** The pane's index when it was built: 0 the price, 1 the volume, then the indicators' own. */
  pane: number;
  /** One per output; none over the price (the overlays primitive draws those). */
  series: readonly IndicatorSeriesApi[];
}

export interface ChartIndicators {
  /** New settings: drawn at once; kinds whose code is not loaded yet join when it is. */
  setList(list: IndicatorList): void;
  /** Series and values again (a new palette), not drawn: the next window draw draws them. */
  rebuild(): void;
  /** Series, values and drawing again (new decimals). */
  redraw(): void;
  /** Every value over state.bars again (a new series). */
  recompute(): void;
  /** The window's values, from state.offset (setData). */
  drawWindow(): void;
  /**
   * The last candle's values, in O(period): `opened` when it is a new candle. A series whose value
   * did not move is not updated: each update makes the library rebuild that series. The overlays
   * are drawn again with the candle when it `moved` (its update repaints the pane and rescales
   * it); only a change of theirs alone asks the library for a (full) update.
   */
  drawLast(bar: ChartCandle, opened: boolean, moved: boolean): void;
  /** The indicators drawn, in list order: series of the chart now (none once destroyed). */
  drawn(): readonly DrawnIndicator[];
  /**
   * Hears each build of the series (a new list, palette or decimals): the ones drawn() gave before
   * are off the chart then, and touching one throws. Returns the unsubscribe.
   */
  onBuilt(listener: () => void): () => void;
  /** Each drawn indicator's output values at the candle at or before chart time `time` (none before the first). */
  valuesAt(time: number): readonly (readonly (number | undefined)[])[];
  destroy(): void;
}

/** What the legends read of the indicators. */
export type IndicatorReadout = Pick<ChartIndicators, 'drawn' | 'valuesAt' | 'onBuilt'>;

/** A series in an indicator's own pane (or the volume's), drawing output `output` of indicator `indicator` (indexes in the tracker's list). */
interface PaneSeries {
  series: IndicatorSeriesApi;
  indicator: number;
  output: number;
}

export function createChartIndicators(chart: IChartApi, price: ISeriesApi<'Candlestick'>, state: ChartState, initial: IndicatorList): ChartIndicators {
  let list = initial;
  let destroyed = false;
  let drawn: DrawnIndicator[] = [];
  const builtListeners = new Set<() => void>();
  let paneSeries: PaneSeries[] = [];
  /** Every indicator value over the bars, kept for window changes; the tracker moves the last one. */
  let values: IndicatorValues[] | undefined;
  let tracker: IndicatorTracker | undefined;
  const overlays = new IndicatorOverlays();
  price.attachPrimitive(overlays);

  /** The series of one indicator outside the price pane: its own pane, below the others, or the volume's. */
  function addSeries(indicator: ActiveIndicator, index: number): void {
    const { pane: spec } = indicator;
    if (spec.kind === 'price') {
      drawn.push({ indicator, pane: 0, series: [] });
      return;
    }
    // On the volume's pane the lines share its scale (and so its format).
    const own = spec.kind === 'own';
    const pane = own ? chart.panes().length : 1;
    const format = own
      ? priceFormat('extra' in spec.decimals ? Math.min(state.decimals + spec.decimals.extra, 8) : spec.decimals.fixed)
      : ({ type: 'volume' } as const);
    const { range, guides = [] } = own ? spec : {};
    const series = indicator.outputs.map((output, o) => {
      const common = {
        priceLineVisible: false,
        lastValueVisible: false,
        priceFormat: format,
        ...(range && { autoscaleInfoProvider: () => ({ priceRange: { minValue: range.min, maxValue: range.max } }) }),
      };
      const added =
        output.draw === 'histogram'
          ? chart.addSeries(HistogramSeries, common, pane)
          : chart.addSeries(
              LineSeries,
              {
                ...common,
                color: indicatorColour(state.palette, output.colour),
                lineWidth: 1,
                lineStyle: output.draw === 'dashed' ? LineStyle.Dashed : LineStyle.Solid,
                crosshairMarkerVisible: false,
              },
              pane,
            );
      if (o === 0 && own) {
        added.getPane().setStretchFactor(PANE_STRETCH.oscillator);
        // A new pane takes the chart's last right-scale options, the price's percent or log mode
        // among them (RSI read "1000.00 %"): an indicator's own scale is always linear.
        added.priceScale().applyOptions({ mode: SCALE_MODES.normal });
        for (const level of guides) {
          added.createPriceLine({ price: level, color: state.palette.guide, lineWidth: 1, lineStyle: LineStyle.Dotted, axisLabelVisible: false, title: '' });
        }
      }
      paneSeries.push({ series: added, indicator: index, output: o });
      return added;
    });
    drawn.push({ indicator, pane, series });
  }

  /** (Re)creates the indicator panes and series for the current settings and palette. */
  function build(): void {
    for (const { series } of paneSeries) chart.removeSeries(series);
    paneSeries = [];
    drawn = [];
    values = undefined;
    const active = activeIndicators(list);
    tracker = active.length > 0 ? new IndicatorTracker(active) : undefined;
    active.forEach(addSeries);
    overlays.show([], state.offset);
    for (const listener of builtListeners) listener();
  }

  function recompute(): void {
    values = tracker?.reset(state.bars);
  }

  /** The price-pane outputs as the overlay primitive draws them, over the whole series. */
  function overlayLines(all: readonly IndicatorValues[]): OverlayLine[] {
    return all.flatMap(({ indicator, columns }) =>
      indicator.pane.kind !== 'price'
        ? []
        : indicator.outputs.map((output, o) => ({
            colour: indicatorColour(state.palette, output.colour),
            dashed: output.draw === 'dashed',
            values: columns[o] ?? [],
          })),
    );
  }

  const signColours = () => [indicatorColour(state.palette, 'sign', 1), indicatorColour(state.palette, 'sign', -1)] as const;

  function drawWindow(): void {
    if (!values) return;
    const all = values;
    const { offset } = state;
    const at = state.times.slice(offset);
    const [up, down] = signColours();
    for (const { series, indicator, output } of paneSeries) {
      const column = (all[indicator]?.columns[output] ?? []).slice(offset);
      if (series.seriesType() === 'Histogram') (series as ISeriesApi<'Histogram'>).setData(asHistogram(toHistogram(at, column, up, down)));
      else (series as ISeriesApi<'Line'>).setData(asLine(toLine(at, column)));
    }
    overlays.show(overlayLines(all), offset);
  }

  function redraw(): void {
    build();
    recompute();
    drawWindow();
  }

  /** Loads the code of the kinds the settings name that is not here yet, then draws them (if the settings still name them). */
  function loadMissingKinds(): void {
    const missing = missingKinds(list);
    if (missing.length === 0) return;
    const asked = list;
    loadKinds(missing).then(
      () => {
        if (!destroyed && list === asked) redraw();
      },
      // A chunk that failed to load (offline) is asked for again with the next settings.
      () => undefined,
    );
  }

  build();
  loadMissingKinds();

  return {
    setList(next) {
      list = next;
      redraw();
      loadMissingKinds();
    },
    rebuild() {
      build();
      recompute();
    },
    redraw,
    recompute,
    drawWindow,
    drawLast(bar, opened, moved) {
      if (!tracker || !values) return;
      const all = values;
      const tail = opened ? tracker.append(bar) : tracker.setLast(bar);
      const index = state.times.length - 1;
      const time = state.times[index] as number;
      /** Stores the new value of output `o` of indicator `i`; whether it must be drawn. */
      const store = (i: number, o: number): boolean => {
        const value = tail[i]?.columns[o]?.[0];
        const column = all[i]?.columns[o];
        if (!column || (!opened && column[index] === value)) return false;
        column[index] = value;
        return true;
      };
      let overlaysMoved = false;
      for (const [i, { indicator, columns }] of tail.entries()) {
        if (indicator.pane.kind !== 'price') continue;
        for (let o = 0; o < columns.length; o++) if (store(i, o)) overlaysMoved = true;
      }
      if (overlaysMoved && !moved) overlays.redraw();
      const [up, down] = signColours();
      for (const { series, indicator, output } of paneSeries) {
        if (!store(indicator, output)) continue;
        const value = all[indicator]?.columns[output]?.[index];
        if (series.seriesType() === 'Histogram') (series as ISeriesApi<'Histogram'>).update(asHistogramPoint(toHistogramPoint(time, value, up, down)));
        else (series as ISeriesApi<'Line'>).update(asLinePoint(toLinePoint(time, value)));
      }
    },
    drawn: () => drawn,
    onBuilt(listener) {
      builtListeners.add(listener);
      return () => {
        builtListeners.delete(listener);
      };
    },
    valuesAt(time) {
      const index = indexAtOrBefore(state.times, time);
      return (values ?? []).map(({ columns }) => columns.map((column) => (index < 0 ? undefined : column[index])));
    },
    destroy() {
      destroyed = true;
      // The series go with the chart: a reader still holding this (a legend not yet unmounted) finds none.
      drawn = [];
      builtListeners.clear();
    },
  };
}
