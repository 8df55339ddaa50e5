/**
 * The one module that talks to lightweight-charts. Components hand it candles (ms UTC, numbers)
 * and settings; it owns the chart, its series, panes and subscriptions, and composes parts with
 * one job each, which share a ChartState (chart-state): the window the library holds and paging
 * (chart-window), the indicators (chart-indicators), the corporate-action badges (chart-markers),
 * the crosshair and the charts' sync (chart-crosshair), the workbench's view (surface-of-chart).
 * The badges' code loads with the first corporate action to show: it is not on the first page.
 * Pure mapping lives in series-data, indicator-data, corporate-actions and chart-palette; times go
 * through src/lib/time-mapper (sorted, de-duplicated, shifted into the display zone).
 *
 * Panes: 0 candles with the price-pane indicators, 1 volume (and the volume's moving average),
 * then a pane for each indicator that asks for its own (MACD, RSI, KDJ…).
 */
import { markOnce, TIMING_MARKS } from '../../lib/timing-marks';
import { CandlestickSeries, createChart, CrosshairMode, HistogramSeries, TickMarkType } from 'lightweight-charts';
import type { AdjustFactor } from '#shared/adjust.ts';
import type { Candle } from '#shared/candle.ts';
import { chartTimeMapper, toChartSeries, type ChartCandle } from '../../lib/time-mapper';
import type { ColorConvention, IndicatorList, PriceScaleMode as ScaleMode, Theme } from '../../store/preferences-slice';
import { createChartCrosshair } from './chart-crosshair';
import { createChartIndicators, type IndicatorReadout } from './chart-indicators';
import { candleColors, chartOptions, PANE_STRETCH, priceFormat, SCALE_MODES } from './chart-look';
import type { ChartMarkers } from './chart-markers';
import type { chartLocalization } from './crosshair-time';
import { chartPalette } from './chart-palette';
import type { ChartMoment, ChartState, CrosshairCandle, TimeAxis } from './chart-state';
import type { ChartSurface } from './chart-surface';
import { createChartWindow, RIGHT_OFFSET } from './chart-window';
import { asCandle, asHistogram, asVolume } from './library-points';
import { indexAtChartTime, toBar, toVolume } from './series-data';
import { createSurfaceOfChart } from './surface-of-chart';
import { tickMarkLabel } from './tick-mark-label';

export type { ChartMoment, CrosshairCandle, TimeAxis } from './chart-state';

export interface ChartAdapterOptions extends TimeAxis {
  theme: Theme;
  colors: ColorConvention;
  scale: ScaleMode;
  indicators: IndicatorList;
  /** Price decimals of the symbol. */
  decimals: number;
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
  /** Hides every date of the axis and crosshair label (a blind replay), clock times kept. */
  setDatesHidden(hidden: boolean): void;
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
  /** The indicators as their legends read them. */
  readonly indicators: IndicatorReadout;
  destroy(): void;
}

/** Whether the bar `next` draws differently from `previous` (its volume aside). */
function barMoved(previous: ChartCandle | undefined, next: ChartCandle): boolean {
  return previous === undefined || previous.open !== next.open || previous.high !== next.high || previous.low !== next.low || previous.close !== next.close;
}

function earliest(candles: readonly Candle[]): number | undefined {
  let min: number | undefined;
  for (const candle of candles) if (min === undefined || candle.time < min) min = candle.time;
  return min;
}

/**
 * User Timing first-candle: once per page, in the frame after the first candles were set. The
 * library draws in a frame it requested during setData, before this one's callback.
 */
let firstCandleMarked = false;
let firstCandleShown = (): void => undefined;
/** Resolves once the page's first candles are drawn: what is not needed for them waits for it. */
const firstCandle = new Promise<void>((resolve) => {
  firstCandleShown = resolve;
});
function markFirstCandle(): void {
  if (firstCandleMarked) return;
  firstCandleMarked = true;
  // No frames outside a browser (unit tests in Node).
  if (typeof requestAnimationFrame !== 'function') firstCandleShown();
  else
    requestAnimationFrame(() => {
      markOnce(TIMING_MARKS.firstCandle);
      firstCandleShown();
    });
}

function sameAxis(a: TimeAxis, b: TimeAxis): boolean {
  return a.zone === b.zone && a.marketTimeZone === b.marketTimeZone && a.intraday === b.intraday && a.periodic === b.periodic;
}

export function createChartAdapter(container: HTMLElement, options: ChartAdapterOptions): ChartAdapter {
  const state: ChartState = {
    bars: [],
    times: [],
    offset: 0,
    axis: options,
    timeOf: chartTimeMapper(options.zone, options.marketTimeZone),
    palette: chartPalette(options.theme, options.colors),
    decimals: options.decimals,
  };
  /** ms time of the first candle (the mapper never drops the earliest one): a kept view's anchor. */
  let firstMs: number | undefined;
  let destroyed = false;

  // The chart's language (setLocale), for its crosshair's time label.
  let locale = 'en-US';
  let localize: typeof chartLocalization | undefined;
  let datesHidden = false;
  /**
   * The library's tick marks while dates are hidden: a year, month or day tick reads as its bar's
   * clock time on an intraday chart (a day's first bar: "09:30"; else the axis of a zoomed-out 1h
   * chart had no label at all), and blank on a daily one.
   */
  const tickMarks = (): typeof tickMarkLabel =>
    datesHidden
      ? (time, kind, at) =>
          kind > TickMarkType.DayOfMonth ? tickMarkLabel(time, kind, at) : state.axis.intraday ? tickMarkLabel(time, TickMarkType.Time, at) : ''
      : tickMarkLabel;
  const applyLocalization = (): void => {
    if (localize) chart.applyOptions({ localization: localize(locale, state.axis.intraday, datesHidden) });
  };
  const loadLocalization = (): void => {
    void import('./crosshair-time').then(({ chartLocalization }) => {
      localize = chartLocalization;
      if (!destroyed) applyLocalization();
    });
  };
  const chart = createChart(container, { autoSize: true, localization: { locale }, ...chartOptions(state.palette) });
  // The library lays its panes out in a <table>: a layout table, not data, for assistive tech.
  container.querySelector('table')?.setAttribute('role', 'presentation');
  chart.applyOptions({
    crosshair: { mode: CrosshairMode.Normal },
    timeScale: { rightOffset: RIGHT_OFFSET, timeVisible: options.intraday, secondsVisible: false, tickMarkFormatter: tickMarkLabel },
  });
  const price = chart.addSeries(CandlestickSeries, { ...candleColors(state.palette), priceFormat: priceFormat(state.decimals) }, 0);
  price.priceScale().applyOptions({ mode: SCALE_MODES[options.scale] });
  const volume = chart.addSeries(HistogramSeries, { priceFormat: { type: 'volume', precision: 0 }, priceLineVisible: false, lastValueVisible: false }, 1);
  volume.getPane().setStretchFactor(PANE_STRETCH.volume);
  // The tallest bar stops below the pane's top: its label clears the price pane's lowest one.
  volume.priceScale().applyOptions({ scaleMargins: { top: 0.2, bottom: 0 } });
  /** The corporate-action badges, once there were any to show. */
  let markers: ChartMarkers | undefined;
  let factors: readonly AdjustFactor[] = [];
  const indicators = createChartIndicators(chart, price, state, options.indicators);
  // What the chart was last given, so that the same again does no work.
  let colorsSet = { theme: options.theme, convention: options.colors };
  let indicatorsSet = options.indicators;
  let scaleSet = options.scale;
  const view = createSurfaceOfChart(chart, price, container, state);
  const { destroy: destroyCrosshair, ...crosshair } = createChartCrosshair(chart, price, state, (point) => markers?.at(point));

  /** Hands the library the window's candles, volume, indicators and badges (setData). */
  function drawAll(): void {
    const shown = state.bars.slice(state.offset);
    price.setData(shown.map((bar) => asCandle(toBar(bar))));
    volume.setData(asHistogram(shown.map((bar) => toVolume(bar, state.palette))));
    indicators.drawWindow();
    markers?.draw();
  }

  /**
   * The badges' code loads with the first corporate action to show, once the first candles are
   * drawn (with the chunk of what renders beside the chart then; a chart without any never needs it).
   */
  function showFactors(next: readonly AdjustFactor[]): void {
    factors = next;
    if (markers) markers.setFactors(next);
    else if (next.length > 0) {
      firstCandle
        .then(() => import('./chart-markers'))
        .then(
          ({ createChartMarkers }) => {
            if (destroyed || markers) return;
            markers = createChartMarkers(chart, price, container, state);
            markers.setFactors(factors);
          },
          // Offline: the next factors try again.
          () => undefined,
        );
    }
  }

  const { open: openWindow, destroy: destroyWindow, ...paging } = createChartWindow(chart, container, state, drawAll);

  return {
    setSeries(candles, { preserveView = false } = {}) {
      if (destroyed) return;
      // The old first candle, found again by its ms time in any zone, anchors the view.
      const anchor = preserveView ? firstMs : undefined;
      state.bars = toChartSeries(candles, state.axis.zone, state.axis.marketTimeZone);
      state.times = state.bars.map((bar) => bar.time);
      firstMs = earliest(candles);
      indicators.recompute();
      openWindow(anchor === undefined ? -1 : indexAtChartTime(state.times, state.timeOf(anchor)));
      if (state.bars.length > 0) markFirstCandle();
      view.dataChanged();
    },
    updateLast(candle) {
      if (destroyed) return;
      const { bars, times } = state;
      const bar: ChartCandle = { ...candle, time: state.timeOf(candle.time) };
      const last = times.length - 1;
      const opened = !(last >= 0 && times[last] === bar.time);
      const previous = opened ? undefined : bars[last];
      if (!opened) bars[last] = bar;
      else if (last < 0 || bar.time > (times[last] ?? Infinity)) {
        bars.push(bar);
        times.push(bar.time);
        firstMs ??= candle.time;
      } else return;
      view.lastCandleChanged(bar, opened);
      // Each series.update makes the library rebuild that series: only the ones that changed.
      const moved = barMoved(previous, bar);
      if (moved) price.update(asCandle(toBar(bar)));
      // The volume bar's colour follows the candle's direction.
      if (moved || previous?.volume !== bar.volume) volume.update(asVolume(toVolume(bar, state.palette)));
      // Indicators read the whole bar (a volume-weighted one moves with the volume alone).
      if (moved || previous?.volume !== bar.volume) indicators.drawLast(bar, opened, moved);
      if (opened) markers?.candleOpened();
    },
    setMarkers(next) {
      if (!destroyed) showFactors(next);
    },
    setIndicators(list) {
      if (!destroyed && list !== indicatorsSet) {
        indicatorsSet = list;
        indicators.setList(list);
      }
    },
    setScaleMode(mode) {
      if (destroyed || mode === scaleSet) return;
      scaleSet = mode;
      price.priceScale().applyOptions({ mode: SCALE_MODES[mode] });
    },
    setColors(theme, convention) {
      // Unchanged (the app taking the early chart over): nothing to rebuild or draw again.
      if (destroyed || (theme === colorsSet.theme && convention === colorsSet.convention)) return;
      colorsSet = { theme, convention };
      state.palette = chartPalette(theme, convention);
      chart.applyOptions(chartOptions(state.palette));
      price.applyOptions(candleColors(state.palette));
      markers?.applyPalette();
      indicators.rebuild();
      drawAll();
    },
    setLocale(next) {
      if (destroyed || next === locale) return;
      locale = next;
      // The label's own format loads with the first language other than the library's English.
      if (!localize && !locale.startsWith('zh')) {
        chart.applyOptions({ localization: { locale } });
        return;
      }
      loadLocalization();
    },
    setPrecision(next) {
      if (destroyed || next === state.decimals) return;
      state.decimals = next;
      price.applyOptions({ priceFormat: priceFormat(next) });
      indicators.redraw();
    },
    setTimeAxis(next) {
      if (destroyed || sameAxis(state.axis, next)) return;
      state.axis = { ...next };
      state.timeOf = chartTimeMapper(next.zone, next.marketTimeZone);
      chart.timeScale().applyOptions({ timeVisible: next.intraday });
      applyLocalization();
    },
    setDatesHidden(hidden) {
      if (destroyed || hidden === datesHidden) return;
      datesHidden = hidden;
      chart.applyOptions({ timeScale: { tickMarkFormatter: tickMarks() } });
      if (localize) applyLocalization();
      else loadLocalization();
    },
    ...paging,
    ...crosshair,
    surface: view.surface,
    indicators,
    destroy() {
      if (destroyed) return;
      destroyed = true;
      destroyCrosshair();
      destroyWindow();
      view.destroy();
      indicators.destroy();
      markers?.destroy();
      // The library's size observer goes first: its own teardown removes it last, after the panes,
      // and a resize delivered around a removal drew into disposed canvases ("Object is disposed"
      // in the soak journey, a tab switched right after a symbol).
      chart.applyOptions({ autoSize: false });
      chart.remove();
    },
  };
}
