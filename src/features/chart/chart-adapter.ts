/**
 * The one module that talks to lightweight-charts. Components hand it candles (ms UTC, numbers)
 * and settings; it owns the chart, its series, panes and subscriptions. Pure mapping lives in
 * series-data, indicator-data, corporate-actions and chart-palette; times go through
 * src/lib/time-mapper (sorted, de-duplicated, shifted into the display zone).
 *
 * Panes: 0 candles with the price-pane indicators (MA, EMA, Bollinger, VWAP…) drawn by a primitive
 * of the price series (indicator-overlays: they share its percent/log base), 1 volume (and the
 * volume's moving average), then a pane for each indicator that asks for its own (MACD, RSI, KDJ…).
 * What is drawn where comes from the indicators' descriptors; their values from one tracker built
 * from the same list. A kind's code loads when the list first names it (indicator-registry).
 */
import { markOnce, TIMING_MARKS } from '../../lib/timing-marks';
import {
  CandlestickSeries,
  ColorType,
  createChart,
  CrosshairMode,
  HistogramSeries,
  LineSeries,
  LineStyle,
  PriceScaleMode,
  type CandlestickData,
  type HistogramData,
  type ISeriesApi,
  type LineData,
  type Logical,
  type LogicalRange,
  type MouseEventParams,
  type UTCTimestamp,
  type WhitespaceData,
} from 'lightweight-charts';
import type { AdjustFactor } from '#shared/adjust.ts';
import type { Candle } from '#shared/candle.ts';
import type { Indicator } from '#shared/indicators/indicator.ts';
import { chartTimeMapper, fromChartTime, toChartSeries, type ChartCandle, type DisplayZone } from '../../lib/time-mapper';
import type { ColorConvention, IndicatorList, PriceScaleMode as ScaleMode, Theme } from '../../store/preferences-slice';
import { createActionMarkerLayer } from './action-marker-layer';
import { chartPalette, type ChartPalette } from './chart-palette';
import type { ChartSurface, SurfaceCandle } from './chart-surface';
import { actionMarkers, type ActionMarker } from './corporate-actions';
import { activeIndicators, indicatorColour, missingKinds } from './indicator-data';
import { loadKinds } from './indicator-registry';
import { IndicatorOverlays, type OverlayLine } from './indicator-overlays';
import { IndicatorTracker, type IndicatorValues } from './indicator-tracker';
import { coordinateOfLogical, indexOfTime, logicalOfCoordinate, timeOfIndex, typicalSpacing } from './time-position';
import {
  indexAtChartTime,
  indexAtOrBefore,
  toBar,
  toHistogram,
  toHistogramPoint,
  toLine,
  toLinePoint,
  toVolume,
  type BarPoint,
  type LinePoint,
  type VolumePoint,
  type WhitespacePoint,
} from './series-data';

export interface TimeAxis {
  zone: DisplayZone;
  marketTimeZone: string;
  /** Intraday candles: the axis shows clock times. */
  intraday: boolean;
  /** Weekly and monthly candles: a marker sits on the period containing its event. */
  periodic: boolean;
}

/**
 * A point in time as charts of different markets share it: intraday charts meet at the same
 * instant (`ms`), daily and longer ones on the same calendar date (`day`, chart time of the date,
 * which is each market's own date in its own zone).
 */
export interface ChartMoment {
  ms: number;
  /** Set by daily and longer charts: the date's chart time. */
  day?: number;
}

export interface ChartAdapterOptions extends TimeAxis {
  theme: Theme;
  colors: ColorConvention;
  scale: ScaleMode;
  indicators: IndicatorList;
  /** Price decimals of the symbol. */
  decimals: number;
}

/** A candle on the chart's clock (time: seconds as the axis reads them) and the one before it. */
export interface CrosshairCandle {
  candle: ChartCandle;
  previous?: ChartCandle;
  /** The corporate actions of the badge under the crosshair (one badge may stand for several). */
  actions?: readonly ActionMarker[];
}

export interface ChartAdapter {
  /** A new dataset (setData). `preserveView` keeps the visible candles in place (older page, adjust, zone). */
  setSeries(candles: readonly Candle[], options?: { preserveView?: boolean }): void;
  /** The forming candle, or the next one opening (series.update; never setData). */
  updateLast(candle: Candle): void;
  /** Corporate-action markers from ex-factors ("Split 4:1", "Div 0.24"). */
  setMarkers(factors: readonly AdjustFactor[]): void;
  /** Whether the first loaded candle is the instrument's first: the view then stops at it. */
  setHistoryComplete(complete: boolean): void;
  /** Draws what is loaded at once; kinds whose code is not loaded yet join when it is. */
  setIndicators(list: IndicatorList): void;
  setScaleMode(mode: ScaleMode): void;
  setColors(theme: Theme, convention: ColorConvention): void;
  /** The locale of the axis's month and day names (`Intl`: 'en-US', 'zh-CN'). */
  setLocale(locale: string): void;
  setPrecision(decimals: number): void;
  /** Display zone and axis style; the times move with the next setSeries. */
  setTimeAxis(axis: TimeAxis): void;
  /**
   * The candle under the crosshair (over empty space, the nearest one), undefined when it leaves
   * the chart. Returns the unsubscribe.
   */
  onCrosshair(callback: (hit: CrosshairCandle | undefined) => void): () => void;
  /** Fired when the visible range reaches the oldest loaded candles. Returns the unsubscribe. */
  onNeedOlder(callback: () => void): () => void;
  /**
   * Another chart's crosshair, here: on the last candle at or before that moment (undefined
   * clears it). The crosshair listeners hear it as if the pointer were there, so the legend follows.
   */
  showCrosshairAt(moment: ChartMoment | undefined): void;
  /** The visible time range as moments; undefined without candles. */
  visibleMoments(): { from: ChartMoment; to: ChartMoment } | undefined;
  /** Shows the time range another chart shows (as far as the loaded candles reach). */
  showMoments(range: { from: ChartMoment; to: ChartMoment }): void;
  /** Fired when the visible time range changes (the user's pan or zoom, or showMoments). */
  onVisibleRange(callback: () => void): () => void;
  /** The moment of a candle under the crosshair (chart time as CrosshairCandle carries it). */
  momentOf(chartTime: number): ChartMoment;
  /** The chart as the workbench (drawings, alert lines, export) reads it. */
  readonly surface: ChartSurface;
  destroy(): void;
}

/** Candles shown when a dataset opens (one per this many pixels, at least the minimum); older ones are a scroll away. */
const INITIAL_BAR_PX = 8;
const MIN_INITIAL_BARS = 40;
/** How close (in candles) to the left edge the view must come before older history is asked for. */
const OLDER_EDGE = 10;
/**
 * The library holds a window of the series, from some candle to the latest, not all of it: on
 * every data change it rebuilds its drawing items for every candle a series holds, visible or not,
 * so each live tick costs time in proportion to the window (100k bars: hundreds of ms; 2,000 bars
 * about 1.5 ms more than 500, measured by the bench's 100k-bar page). The window opens with
 * WINDOW_SCREENS views' worth of candles, at least this many, and grows towards older ones when
 * the view comes near its left edge, as older pages do;
 * once the view has moved right far enough to leave more than half of it behind, it is cut back.
 * The adapter keeps the whole series (crosshair, indicators over all closes, the older-page edge).
 */
const WINDOW_BARS = 500;
const WINDOW_SCREENS = 3;
/**
 * Least number of candles one widening adds (else it doubles the window): each widening is a
 * setData of the whole window, so a pan into history should meet few of them.
 */
const WINDOW_STEP = 1_500;
/** Candles kept in the window left of the view when a dataset is replaced with the view kept. */
const WINDOW_MARGIN = 500;
/** Empty candles' worth of space right of the latest one. */
const RIGHT_OFFSET = 3;
/** The library's default least bar spacing (px). */
const MIN_BAR_SPACING = 0.5;
const PANE_STRETCH = { volume: 0.25, oscillator: 0.3 } as const;
const SCALE_MODES: Record<ScaleMode, PriceScaleMode> = {
  normal: PriceScaleMode.Normal,
  log: PriceScaleMode.Logarithmic,
  percent: PriceScaleMode.Percentage,
};

/** A series in an indicator's own pane, drawing output `output` of indicator `indicator` (indexes in the tracker's list). */
interface PaneSeries {
  series: ISeriesApi<'Line'> | ISeriesApi<'Histogram'>;
  indicator: number;
  output: number;
}

// series-data's times are plain seconds; the library brands them (UTCTimestamp).
const asCandle = (point: BarPoint) => point as CandlestickData;
const asVolume = (point: VolumePoint) => point as HistogramData;
const asHistogram = (points: (VolumePoint | WhitespacePoint)[]) => points as (HistogramData | WhitespaceData)[];
const asLine = (points: LinePoint[]) => points as (LineData | WhitespaceData)[];
const asLinePoint = (point: LinePoint) => point as LineData | WhitespaceData;
const asHistogramPoint = (point: VolumePoint | WhitespacePoint) => point as HistogramData | WhitespaceData;

/** Whether the bar `next` draws differently from `previous` (its volume aside). */
function barMoved(previous: ChartCandle | undefined, next: ChartCandle): boolean {
  return previous === undefined || previous.open !== next.open || previous.high !== next.high || previous.low !== next.low || previous.close !== next.close;
}

function earliest(candles: readonly Candle[]): number | undefined {
  let min: number | undefined;
  for (const candle of candles) if (min === undefined || candle.time < min) min = candle.time;
  return min;
}

const priceFormat = (decimals: number) => ({ type: 'price' as const, precision: decimals, minMove: 10 ** -decimals });

const chartOptions = (palette: ChartPalette) => ({
  layout: {
    background: { type: ColorType.Solid, color: palette.background },
    textColor: palette.text,
    panes: { separatorColor: palette.border },
    attributionLogo: false,
  },
  grid: { vertLines: { color: palette.grid }, horzLines: { color: palette.grid } },
  // A label cut by its pane's edge would sit against the next pane's top label: left out instead.
  rightPriceScale: { borderColor: palette.border, entireTextOnly: true },
  timeScale: { borderColor: palette.border },
  crosshair: { vertLine: { color: palette.crosshair }, horzLine: { color: palette.crosshair } },
});

const candleColors = ({ up, down }: ChartPalette) => ({
  upColor: up,
  downColor: down,
  borderUpColor: up,
  borderDownColor: down,
  wickUpColor: up,
  wickDownColor: down,
});

/**
 * User Timing first-candle: once per page, in the frame after the first candles were set. The
 * library draws in a frame it requested during setData, before this one's callback.
 */
let firstCandleMarked = false;
function markFirstCandle(): void {
  // No frames outside a browser (unit tests in Node).
  if (firstCandleMarked || typeof requestAnimationFrame !== 'function') return;
  firstCandleMarked = true;
  requestAnimationFrame(() => {
    markOnce(TIMING_MARKS.firstCandle);
  });
}

export function createChartAdapter(container: HTMLElement, options: ChartAdapterOptions): ChartAdapter {
  let { decimals, indicators } = options;
  let axis: TimeAxis = options;
  let palette = chartPalette(options.theme, options.colors);
  let bars: ChartCandle[] = [];
  let times: number[] = [];
  /** Index in `bars` of the first candle the library holds (its logical index 0). */
  let offset = 0;
  /** Every indicator value over `bars`, kept for window changes; the tracker moves the last one. */
  let values: IndicatorValues[] | undefined;
  let tracker: IndicatorTracker | undefined;
  let extending = false;
  /** ms time of the first candle (the mapper never drops the earliest one). */
  let firstMs: number | undefined;
  let factors: readonly AdjustFactor[] = [];
  let historyComplete = false;
  let leftEdge = { fixLeftEdge: false, minBarSpacing: MIN_BAR_SPACING };
  let destroyed = false;
  /** API ms → chart seconds on the current axis (offsets memoised: it runs on every live tick). */
  let timeOf = chartTimeMapper(axis.zone, axis.marketTimeZone);

  const chart = createChart(container, { autoSize: true, localization: { locale: 'en-US' }, ...chartOptions(palette) });
  // The library lays its panes out in a <table>: a layout table, not data, for assistive tech.
  container.querySelector('table')?.setAttribute('role', 'presentation');
  chart.applyOptions({
    crosshair: { mode: CrosshairMode.Normal },
    timeScale: { rightOffset: RIGHT_OFFSET, timeVisible: options.intraday, secondsVisible: false },
  });
  const price = chart.addSeries(CandlestickSeries, { ...candleColors(palette), priceFormat: priceFormat(decimals) }, 0);
  price.priceScale().applyOptions({ mode: SCALE_MODES[options.scale] });
  const volume = chart.addSeries(HistogramSeries, { priceFormat: { type: 'volume' }, priceLineVisible: false, lastValueVisible: false }, 1);
  volume.getPane().setStretchFactor(PANE_STRETCH.volume);
  // The tallest bar stops below the pane's top: its label clears the price pane's lowest one.
  volume.priceScale().applyOptions({ scaleMargins: { top: 0.2, bottom: 0 } });
  const markers = createActionMarkerLayer(chart, (badges) => {
    container.dataset.actionMarkers = JSON.stringify(badges);
  });
  markers.setColors(palette.marker, palette.background);
  price.attachPrimitive(markers.primitive);
  const overlays = new IndicatorOverlays();
  price.attachPrimitive(overlays);
  let paneSeries: PaneSeries[] = [];
  const crosshairListeners = new Set<(hit: CrosshairCandle | undefined) => void>();
  const olderListeners = new Set<() => void>();
  const dataListeners = new Set<() => void>();
  /** The candles as the workbench reads them (ms times), built on first ask after each dataset. */
  let surfaceCandles: SurfaceCandle[] | undefined;
  let spacing = 60;
  const dataChanged = (): void => {
    surfaceCandles = undefined;
    spacing = typicalSpacing(times);
    for (const listener of dataListeners) listener();
  };
  const msOf = (seconds: number): number => fromChartTime(seconds, axis.zone, axis.marketTimeZone);
  const surfaceCandleOf = (bar: ChartCandle): SurfaceCandle => ({ time: msOf(bar.time), open: bar.open, high: bar.high, low: bar.low, close: bar.close });
  // Between and beyond candles: the library maps whole logical indexes only (time-position).
  const wholeToX = (whole: number): number | null => chart.timeScale().logicalToCoordinate(whole as Logical);
  const logicalAtX = (x: number): number | null => {
    const near = chart.timeScale().coordinateToLogical(x);
    return near === null ? null : logicalOfCoordinate(x, near, wholeToX);
  };
  const surface: ChartSurface = {
    chart,
    priceSeries: price,
    element: container,
    timeToX(ms) {
      const index = indexOfTime(times, timeOf(ms), spacing);
      return index === undefined ? null : coordinateOfLogical(index - offset, wholeToX);
    },
    xToTime(x) {
      const logical = logicalAtX(x);
      if (logical === null) return null;
      const seconds = timeOfIndex(times, logical + offset, spacing);
      return seconds === undefined ? null : msOf(seconds);
    },
    candleNear(x) {
      const logical = logicalAtX(x);
      if (logical === null || bars.length === 0) return undefined;
      const bar = bars[Math.max(0, Math.min(bars.length - 1, Math.round(logical) + offset))];
      return bar && surfaceCandleOf(bar);
    },
    candles() {
      surfaceCandles ??= bars.map(surfaceCandleOf);
      return surfaceCandles;
    },
    firstIndex: () => offset,
    onDataChange(callback) {
      dataListeners.add(callback);
      return () => dataListeners.delete(callback);
    },
  };

  /** The series of one indicator's own pane, below the others. */
  function addIndicatorPane(indicator: Indicator, index: number): void {
    const { pane: spec } = indicator;
    if (spec.kind === 'price') return;
    // On the volume's pane the lines share its scale (and so its format).
    const own = spec.kind === 'own';
    const pane = own ? chart.panes().length : 1;
    const format = own ? priceFormat('extra' in spec.decimals ? Math.min(decimals + spec.decimals.extra, 8) : spec.decimals.fixed) : ({ type: 'volume' } as const);
    const { range, guides = [] } = own ? spec : {};
    indicator.outputs.forEach((output, o) => {
      const common = {
        priceLineVisible: false,
        lastValueVisible: false,
        priceFormat: format,
        ...(range && { autoscaleInfoProvider: () => ({ priceRange: { minValue: range.min, maxValue: range.max } }) }),
      };
      const series =
        output.draw === 'histogram'
          ? chart.addSeries(HistogramSeries, common, pane)
          : chart.addSeries(
              LineSeries,
              {
                ...common,
                color: indicatorColour(palette, output.colour),
                lineWidth: 1,
                lineStyle: output.draw === 'dashed' ? LineStyle.Dashed : LineStyle.Solid,
                crosshairMarkerVisible: false,
              },
              pane,
            );
      if (o === 0 && own) {
        series.getPane().setStretchFactor(PANE_STRETCH.oscillator);
        for (const level of guides) {
          series.createPriceLine({ price: level, color: palette.guide, lineWidth: 1, lineStyle: LineStyle.Dotted, axisLabelVisible: false, title: '' });
        }
      }
      paneSeries.push({ series, indicator: index, output: o });
    });
  }

  /** (Re)creates the indicator panes and series for the current settings and palette. */
  function buildIndicatorSeries(): void {
    for (const { series } of paneSeries) chart.removeSeries(series);
    paneSeries = [];
    values = undefined;
    const active = activeIndicators(indicators);
    tracker = active.length > 0 ? new IndicatorTracker(active) : undefined;
    active.forEach(addIndicatorPane);
    overlays.show([], offset);
  }

  /** The indicators again from the settings: panes, values and drawing. */
  function redrawIndicators(): void {
    buildIndicatorSeries();
    computeIndicatorValues();
    drawIndicators();
  }

  /** Loads the code of the kinds the settings name that is not here yet, then draws them (if the settings still name them). */
  function loadMissingKinds(): void {
    const missing = missingKinds(indicators);
    if (missing.length === 0) return;
    const asked = indicators;
    loadKinds(missing).then(
      () => {
        if (!destroyed && indicators === asked) redrawIndicators();
      },
      // A chunk that failed to load (offline) is asked for again with the next settings.
      () => undefined,
    );
  }

  /** All indicator values over the candles, computed again (new candles or settings). */
  function computeIndicatorValues(): void {
    values = tracker?.reset(bars);
  }

  /** The price-pane outputs as the overlay primitive draws them, over the whole series. */
  function overlayLines(all: readonly IndicatorValues[]): OverlayLine[] {
    return all.flatMap(({ indicator, columns }) =>
      indicator.pane.kind !== 'price'
        ? []
        : indicator.outputs.map((output, o) => ({
            colour: indicatorColour(palette, output.colour),
            dashed: output.draw === 'dashed',
            values: columns[o] ?? [],
          })),
    );
  }

  const signColours = () => [indicatorColour(palette, 'sign', 1), indicatorColour(palette, 'sign', -1)] as const;

  /** The indicator values of the window (setData; the overlays read the window's offset). */
  function drawIndicators(): void {
    if (!values) return;
    const all = values;
    const at = times.slice(offset);
    const [up, down] = signColours();
    for (const { series, indicator, output } of paneSeries) {
      const column = (all[indicator]?.columns[output] ?? []).slice(offset);
      if (series.seriesType() === 'Histogram') (series as ISeriesApi<'Histogram'>).setData(asHistogram(toHistogram(at, column, up, down)));
      else (series as ISeriesApi<'Line'>).setData(asLine(toLine(at, column)));
    }
    overlays.show(overlayLines(all), offset);
  }

  /**
   * The last candle's indicator values, in O(period): `opened` when it is a new candle. A series
   * whose value did not move is not updated: each update makes the library rebuild that series.
   * The overlays are drawn again with the candle when it `moved` (its update repaints the pane and
   * rescales it); only a change of theirs alone asks the library for a (full) update.
   */
  function drawLastIndicators(bar: ChartCandle, opened: boolean, moved: boolean): void {
    if (!tracker || !values) return;
    const all = values;
    const tail = opened ? tracker.append(bar) : tracker.setLast(bar);
    const index = times.length - 1;
    const time = times[index] as number;
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
  }

  function drawMarkers(): void {
    // Outside the window the library would pin a marker to its first candle.
    const first = times[offset] ?? -Infinity;
    markers.setMarkers(actionMarkers(factors, times, axis.periodic, timeOf).filter((marker) => marker.time >= first));
  }

  /**
   * Once the whole history is loaded and held by the library, the view stops at its first candle
   * (no dragging into an empty pane), and zooming out stops once every candle is in view (no
   * history squeezed against an empty pane either); a window that starts later must still scroll
   * on into older candles.
   */
  function applyLeftEdge(): void {
    const fixed = historyComplete && offset === 0 && bars.length > 0;
    const width = chart.timeScale().width();
    const spacing = fixed && width > 0 ? Math.max(MIN_BAR_SPACING, width / (bars.length + RIGHT_OFFSET)) : MIN_BAR_SPACING;
    if (fixed === leftEdge.fixLeftEdge && Math.abs(spacing - leftEdge.minBarSpacing) < 0.01) return;
    leftEdge = { fixLeftEdge: fixed, minBarSpacing: spacing };
    chart.timeScale().applyOptions(leftEdge);
  }

  function drawAll(): void {
    const shown = bars.slice(offset);
    price.setData(shown.map((bar) => asCandle(toBar(bar))));
    volume.setData(asHistogram(shown.map((bar) => toVolume(bar, palette))));
    drawIndicators();
    drawMarkers();
  }

  /**
   * The window start for a view of `shown` candles from `from` (an index in `bars`): WINDOW_MARGIN
   * candles left of it, and at least WINDOW_SCREENS such views (or WINDOW_BARS) up to the latest.
   */
  function windowStartFor(from: number, shown: number): number {
    const size = Math.max(WINDOW_BARS, Math.ceil(shown * WINDOW_SCREENS));
    return Math.max(0, Math.min(bars.length - size, Math.floor(from) - WINDOW_MARGIN));
  }

  /** Hands the library the window from `start` (an index in `bars`), the view kept on its candles. */
  function moveWindow(start: number, range: LogicalRange): void {
    const shift = offset - start;
    offset = start;
    extending = true;
    try {
      drawAll();
      chart.timeScale().setVisibleLogicalRange({ from: range.from + shift, to: range.to + shift });
      applyLeftEdge();
    } finally {
      extending = false;
    }
  }

  /** Gives the library older candles (as many as it holds, at least WINDOW_STEP, or the rest), the view kept. */
  function extendWindow(range: LogicalRange): void {
    moveWindow(offset - Math.min(offset, Math.max(WINDOW_STEP, bars.length - offset)), range);
  }

  /** Takes back the older candles the view has left behind, once that at least halves the window. */
  function trimWindow(range: LogicalRange): void {
    const start = windowStartFor(range.from + offset, range.to - range.from);
    if (start > offset && 2 * (bars.length - start) <= bars.length - offset) moveWindow(start, range);
  }

  /** About one candle per INITIAL_BAR_PX of width: readable candles on any screen. */
  function initialBars(): number {
    return Math.max(MIN_INITIAL_BARS, Math.round((container.clientWidth || 1000) / INITIAL_BAR_PX));
  }

  function showLatest(): void {
    const count = bars.length - offset;
    const wanted = initialBars();
    if (count > wanted) chart.timeScale().setVisibleLogicalRange({ from: count - wanted, to: count + 2 });
    else chart.timeScale().fitContent();
  }

  /** Index in `bars` of the candle under the crosshair; over empty space, the nearest candle. */
  function indexUnder(param: MouseEventParams): number {
    if (!param.point || bars.length === 0) return -1;
    if (param.time !== undefined) return indexAtChartTime(times, param.time as number);
    if (param.logical === undefined) return -1;
    return Math.max(0, Math.min(bars.length - 1, offset + Math.round(param.logical)));
  }

  /** This chart's time of a moment: a daily chart takes another daily chart's date as it is. */
  const chartTimeOfMoment = (moment: ChartMoment): number => (!axis.intraday && moment.day !== undefined ? moment.day : timeOf(moment.ms));

  const momentOf = (chartTime: number): ChartMoment => {
    const ms = fromChartTime(chartTime, axis.zone, axis.marketTimeZone);
    return axis.intraday ? { ms } : { ms, day: chartTime };
  };

  const onCrosshairMove = (param: MouseEventParams): void => {
    const index = indexUnder(param);
    const candle = bars[index];
    const previous = bars[index - 1];
    const actions = param.point && param.paneIndex === 0 ? markers.at(param.point) : undefined;
    const hit = candle ? { candle, ...(previous && { previous }), ...(actions && { actions }) } : undefined;
    for (const listener of crosshairListeners) listener(hit);
  };
  const onRangeChange = (range: LogicalRange | null): void => {
    if (extending || !range || bars.length === 0) return;
    if (range.from >= OLDER_EDGE) trimWindow(range);
    else if (offset > 0) extendWindow(range);
    else for (const listener of olderListeners) listener();
  };
  chart.subscribeCrosshairMove(onCrosshairMove);
  chart.timeScale().subscribeVisibleLogicalRangeChange(onRangeChange);
  buildIndicatorSeries();
  loadMissingKinds();

  return {
    setSeries(candles, { preserveView = false } = {}) {
      if (destroyed) return;
      // The old first candle, found again by its ms time in any zone, anchors the view.
      const anchor = preserveView ? firstMs : undefined;
      const range = chart.timeScale().getVisibleLogicalRange();
      const oldOffset = offset;
      bars = toChartSeries(candles, axis.zone, axis.marketTimeZone);
      times = bars.map((bar) => bar.time);
      firstMs = earliest(candles);
      const shift = anchor === undefined ? -1 : indexAtChartTime(times, timeOf(anchor));
      // The view's first candle, as an index in the new bars.
      const kept = range && shift >= 0 ? range.from + oldOffset + shift : undefined;
      offset = kept !== undefined && range ? windowStartFor(kept, range.to - range.from) : windowStartFor(bars.length, initialBars());
      computeIndicatorValues();
      extending = true;
      try {
        drawAll();
        if (range && kept !== undefined) {
          const moved = oldOffset + shift - offset;
          chart.timeScale().setVisibleLogicalRange({ from: range.from + moved, to: range.to + moved });
        } else showLatest();
        applyLeftEdge();
      } finally {
        extending = false;
      }
      if (bars.length > 0) markFirstCandle();
      dataChanged();
    },
    updateLast(candle) {
      if (destroyed) return;
      const bar: ChartCandle = { ...candle, time: timeOf(candle.time) };
      const last = times.length - 1;
      const opened = !(last >= 0 && times[last] === bar.time);
      const previous = opened ? undefined : bars[last];
      if (!opened) bars[last] = bar;
      else if (last < 0 || bar.time > (times[last] ?? Infinity)) {
        bars.push(bar);
        times.push(bar.time);
        firstMs ??= candle.time;
      } else return;
      if (surfaceCandles) {
        if (opened) surfaceCandles.push(surfaceCandleOf(bar));
        else surfaceCandles[surfaceCandles.length - 1] = surfaceCandleOf(bar);
      }
      // Each series.update makes the library rebuild that series: only the ones that changed.
      const moved = barMoved(previous, bar);
      if (moved) price.update(asCandle(toBar(bar)));
      // The volume bar's colour follows the candle's direction.
      if (moved || previous?.volume !== bar.volume) volume.update(asVolume(toVolume(bar, palette)));
      // Indicators read the whole bar (a volume-weighted one moves with the volume alone).
      if (moved || previous?.volume !== bar.volume) drawLastIndicators(bar, opened, moved);
      if (last !== times.length - 1 && factors.length > 0) drawMarkers();
    },
    setMarkers(next) {
      if (destroyed) return;
      factors = next;
      drawMarkers();
    },
    setHistoryComplete(complete) {
      if (destroyed) return;
      historyComplete = complete;
      applyLeftEdge();
    },
    setIndicators(list) {
      if (destroyed) return;
      indicators = list;
      redrawIndicators();
      loadMissingKinds();
    },
    setScaleMode(mode) {
      if (!destroyed) price.priceScale().applyOptions({ mode: SCALE_MODES[mode] });
    },
    setColors(theme, convention) {
      if (destroyed) return;
      palette = chartPalette(theme, convention);
      chart.applyOptions(chartOptions(palette));
      price.applyOptions(candleColors(palette));
      markers.setColors(palette.marker, palette.background);
      buildIndicatorSeries();
      computeIndicatorValues();
      drawAll();
    },
    setLocale(locale) {
      if (!destroyed) chart.applyOptions({ localization: { locale } });
    },
    setPrecision(next) {
      if (destroyed || next === decimals) return;
      decimals = next;
      price.applyOptions({ priceFormat: priceFormat(decimals) });
      redrawIndicators();
    },
    setTimeAxis(next) {
      if (destroyed) return;
      axis = { ...next };
      timeOf = chartTimeMapper(axis.zone, axis.marketTimeZone);
      chart.timeScale().applyOptions({ timeVisible: next.intraday });
    },
    onCrosshair(callback) {
      crosshairListeners.add(callback);
      return () => crosshairListeners.delete(callback);
    },
    onNeedOlder(callback) {
      olderListeners.add(callback);
      return () => olderListeners.delete(callback);
    },
    showCrosshairAt(moment) {
      if (destroyed) return;
      const index = moment === undefined ? -1 : indexAtOrBefore(times, chartTimeOfMoment(moment));
      const candle = bars[index];
      if (!candle || index < offset) {
        chart.clearCrosshairPosition();
        for (const listener of crosshairListeners) listener(undefined);
        return;
      }
      chart.setCrosshairPosition(candle.close, candle.time, price);
      const previous = bars[index - 1];
      for (const listener of crosshairListeners) listener({ candle, ...(previous && { previous }) });
    },
    visibleMoments() {
      const range = chart.timeScale().getVisibleRange();
      return range ? { from: momentOf(range.from as number), to: momentOf(range.to as number) } : undefined;
    },
    showMoments(range) {
      if (destroyed || bars.length === 0) return;
      const from = chartTimeOfMoment(range.from);
      const to = chartTimeOfMoment(range.to);
      if (from < to) chart.timeScale().setVisibleRange({ from: from as UTCTimestamp, to: to as UTCTimestamp });
    },
    onVisibleRange(callback) {
      chart.timeScale().subscribeVisibleTimeRangeChange(callback);
      return () => {
        if (!destroyed) chart.timeScale().unsubscribeVisibleTimeRangeChange(callback);
      };
    },
    momentOf,
    surface,
    destroy() {
      if (destroyed) return;
      destroyed = true;
      crosshairListeners.clear();
      olderListeners.clear();
      dataListeners.clear();
      chart.unsubscribeCrosshairMove(onCrosshairMove);
      chart.timeScale().unsubscribeVisibleLogicalRangeChange(onRangeChange);
      price.detachPrimitive(markers.primitive);
      chart.remove();
    },
  };
}
