/**
 * What the parts of the chart adapter share (chart-adapter composes them): the series on the
 * chart's clock, the window of it the library holds, the time axis and the look. The adapter
 * writes the series, the axis and the look; the window part (chart-window) writes `offset`.
 */
import { fromChartTime, type chartTimeMapper, type ChartCandle, type DisplayZone } from '../../lib/time-mapper';
import type { ChartTime } from '../../time/time-types';
import type { ChartPalette } from './chart-palette';
import type { ActionMarker } from './corporate-actions';

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

/** A candle on the chart's clock (time: seconds as the axis reads them) and the one before it. */
export interface CrosshairCandle {
  candle: ChartCandle;
  previous?: ChartCandle;
  /** The corporate actions of the badge under the crosshair (one badge may stand for several). */
  actions?: readonly ActionMarker[];
}

export interface ChartState {
  /** The whole series, not only the window: the crosshair, the indicators and the older-page edge read it all. */
  bars: ChartCandle[];
  /** The bars' times (chart seconds), for the searches. */
  times: ChartTime[];
  /** Index in `bars` of the first candle the library holds (its logical index 0). */
  offset: number;
  axis: TimeAxis;
  /** API ms → chart seconds on the current axis (offsets memoised: it runs on every live tick). */
  timeOf: ReturnType<typeof chartTimeMapper>;
  palette: ChartPalette;
  /** Price decimals of the symbol. */
  decimals: number;
}

/** API ms of chart seconds on the state's axis. */
export const msOfChartTime = ({ axis }: ChartState, seconds: number): number => fromChartTime(seconds, axis.zone, axis.marketTimeZone);
