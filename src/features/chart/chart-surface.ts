/**
 * The main chart as the workbench sees it (drawings, alert lines, export): the library's chart and
 * price series, and the mapping between instrument time (ms UTC) and the chart's x. The workbench
 * loads on demand; the chart publishes its surface here so those modules find it without the
 * chart's code knowing them.
 */
import type { IChartApi, ISeriesApi } from 'lightweight-charts';
import { createCell, useObservable } from '../../lib/observable';

/** One candle as the workbench reads it: instrument time (ms UTC) and prices as drawn. */
export interface SurfaceCandle {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

export interface ChartSurface {
  readonly chart: IChartApi;
  readonly priceSeries: ISeriesApi<'Candlestick'>;
  /** The element the chart draws into. */
  readonly element: HTMLElement;
  /**
   * x (px in the panes' area) of instrument time `ms`: between candles in proportion, right of the
   * last one at the usual spacing. null without candles.
   */
  timeToX(ms: number): number | null;
  /** The instrument time (ms UTC) at x, the inverse of timeToX. null without candles. */
  xToTime(x: number): number | null;
  /** The candle nearest to x (for the magnet and the crosshair's price), or undefined. */
  candleNear(x: number): SurfaceCandle | undefined;
  /** The candles on the chart, oldest first (a copy is not made: do not change it). */
  candles(): readonly SurfaceCandle[];
  /** The latest candle (the live one), without building candles() for it. */
  latestCandle(): SurfaceCandle | undefined;
  /** Index in candles() of the library's first bar (its logical index 0: the adapter holds a window). */
  firstIndex(): number;
  /**
   * Called after the candles were replaced or the time axis changed (a new symbol, interval,
   * zone, adjustment): positions computed before are stale. Returns the unsubscribe.
   */
  onDataChange(callback: () => void): () => void;
}

const current = createCell<ChartSurface | undefined>(undefined);

/** The chart publishes its surface when created and undefined when destroyed. */
export const publishMainChartSurface: (surface: ChartSurface | undefined) => void = current.set;

export const mainChartSurface: () => ChartSurface | undefined = current.get;

/** The main chart's surface, re-rendering when a chart replaces it. */
export function useMainChartSurface(): ChartSurface | undefined {
  return useObservable(current);
}

/**
 * `price` on the chart's price step (its series' minimum move: the instrument's tick as the chart
 * knows it), without float noise: an alert set from the chart reads 94728.57, not 94728.5656444.
 */
export function roundToPriceStep(price: number, surface: Pick<ChartSurface, 'priceSeries'>): number {
  const format = surface.priceSeries.options().priceFormat;
  const step = 'minMove' in format && typeof format.minMove === 'number' && format.minMove > 0 ? format.minMove : 0.01;
  return Number((Math.round(price / step) * step).toFixed(10));
}
