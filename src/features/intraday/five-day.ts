/**
 * The five-day intraday line assembled from 1-minute K-lines: each trading day on its own regular
 * sessions (the lunch break closed up), the days side by side on one slot axis. A day's average
 * is its cumulative quote volume ÷ cumulative volume, its previous close the day before's last
 * close. A day without K-lines is marked missing, never filled in. The last day may come from the
 * intraday endpoint instead (its live line). Pure.
 */
import type { SessionMarket } from '#shared/contract.ts';
import type { Candle } from '#shared/candle.ts';
import type { IntradayPoint as IntradayLine } from '../../api/quote-schemas';
import type { TradingSession } from '../../lib/trading-sessions';
import { toPlotPoints, type PlotPoint } from './intraday-points';
import { dayAxis, slotOf, type TimeAxis } from './time-axis';

/** A trading day to lay out: YYYYMMDD in the market's zone, half days with shortened sessions. */
export interface TradeDay {
  ymd: string;
  half: boolean;
}

export interface FiveDayInput {
  market: SessionMarket;
  sessions: readonly TradingSession[];
  timeZone: string;
  /** The days to show, ascending. */
  days: readonly TradeDay[];
  /** The trading day before the first, for the first day's previous close. */
  before?: TradeDay;
  /** 1-minute K-lines in any order; those outside the days' regular sessions are left out. */
  candles: readonly Candle[];
  /** The intraday endpoint's lines of one of the days (today's): they replace its K-lines. */
  current?: { ymd: string; lines: readonly IntradayLine[] };
}

export interface AssembledDay {
  ymd: string;
  /** The day's own axis: its regular sessions. */
  axis: TimeAxis;
  /** Slots of the days before this one on the combined axis. */
  offset: number;
  /** Slots on the combined axis, ascending. Empty when missing. */
  points: PlotPoint[];
  prevClose?: number;
  /** No 1-minute K-lines (nor intraday lines) for this day. */
  missing: boolean;
}

export interface FiveDayLine {
  days: AssembledDay[];
  /** Total slots of all days. */
  minutes: number;
}

/** A decimal string of a computed number, for the intraday line shape. */
function decimal(value: number): string {
  return Number.isFinite(value) ? String(value) : '';
}

/**
 * A day's K-lines (ascending, on its axis) as intraday lines: the close as the minute's price and
 * the cumulative quote volume ÷ cumulative volume as the average (none while nothing has traded,
 * or when the K-lines carry no quote volume).
 */
export function candlesToLines(candles: readonly Candle[]): IntradayLine[] {
  let volume = 0;
  let quote = 0;
  let quoteKnown = true;
  return candles.map((candle) => {
    volume += candle.volume;
    if (candle.quoteVolume === undefined) quoteKnown = false;
    else quote += candle.quoteVolume;
    const avg = quoteKnown && volume > 0 ? quote / volume : Number.NaN;
    return {
      timestamp: candle.time,
      price: decimal(candle.close),
      volume: candle.volume,
      turnover: decimal(candle.quoteVolume ?? Number.NaN),
      avg_price: decimal(avg),
    };
  });
}

function axisOf(input: FiveDayInput, day: TradeDay): TimeAxis | undefined {
  return dayAxis({ market: input.market, sessions: input.sessions, timeZone: input.timeZone, timestamps: [] }, day.ymd, day.half ? 'half' : 'full');
}

function onAxis(axis: TimeAxis, candles: readonly Candle[]): Candle[] {
  return candles.filter((candle) => slotOf(axis, candle.time) !== undefined).sort((a, b) => a.time - b.time);
}

function lastClose(axis: TimeAxis | undefined, candles: readonly Candle[]): number | undefined {
  return axis ? onAxis(axis, candles).at(-1)?.close : undefined;
}

export function assembleFiveDays(input: FiveDayInput): FiveDayLine {
  const days: AssembledDay[] = [];
  let offset = 0;
  let previous = input.before ? lastClose(axisOf(input, input.before), input.candles) : undefined;
  for (const day of input.days) {
    const axis = axisOf(input, day);
    if (!axis) continue;
    const current = input.current?.ymd === day.ymd ? input.current.lines : undefined;
    const lines = current ?? candlesToLines(onAxis(axis, input.candles));
    const points = toPlotPoints(axis, lines, previous).map((point) => ({ ...point, slot: point.slot + offset }));
    days.push({ ymd: day.ymd, axis, offset, points, ...(previous !== undefined && { prevClose: previous }), missing: points.length === 0 });
    previous = points.at(-1)?.price;
    offset += axis.minutes;
  }
  return { days, minutes: offset };
}
