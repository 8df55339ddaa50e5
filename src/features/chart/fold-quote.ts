/**
 * The forming candle moved by quotes (a ticker push, or the polled HTTP ticker: one path for
 * both). Pure. A quote inside the forming bar's period moves its close, high and low; its volume
 * grows by what the day volume grew since the quote before. Past the period, intraday intervals
 * open the next bar at the start of the period holding the quote; daily and longer bars only move
 * (the HTTP reconcile brings the next one, whose start depends on the market's calendar).
 */
import type { Interval } from '#shared/contract.ts';
import type { Candle } from '#shared/candle.ts';
import { INTRADAY_INTERVAL_MS } from '#shared/interval-length.ts';

export interface Quote {
  price: number;
  /** ms UTC of the quote (the ticker's timestamp: its last trade). */
  time: number;
  /** The day's cumulative volume (`volume_24h`), when the quote has it. */
  dayVolume?: number;
}

/** A forming candle with the day volume of the last quote folded into it. */
export interface FoldState {
  candle: Candle;
  /** Day volume of the last quote folded in; undefined before the first one. */
  dayVolume?: number;
}

/** Volume traded between two quotes: the positive growth of the day volume (a new day resets it). */
function volumeBetween(before: number | undefined, after: number | undefined): number {
  if (before === undefined || after === undefined) return 0;
  return after > before ? after - before : 0;
}

export function foldQuote(state: FoldState, quote: Quote, interval: Interval): FoldState {
  const { candle } = state;
  if (!Number.isFinite(quote.price) || quote.time < candle.time) return state;
  const dayVolume = quote.dayVolume ?? state.dayVolume;
  const traded = volumeBetween(state.dayVolume, quote.dayVolume);
  const periodMs = INTRADAY_INTERVAL_MS[interval];
  if (periodMs !== undefined && quote.time >= candle.time + periodMs) {
    // Bars count from the forming bar (sessions may open off the epoch grid, e.g. 09:30 for 1h).
    const start = candle.time + Math.floor((quote.time - candle.time) / periodMs) * periodMs;
    const opened: Candle = { time: start, open: quote.price, high: quote.price, low: quote.price, close: quote.price, volume: traded };
    if (candle.openInterest !== undefined) opened.openInterest = candle.openInterest;
    return { candle: opened, ...(dayVolume !== undefined && { dayVolume }) };
  }
  const moved: Candle = {
    ...candle,
    high: Math.max(candle.high, quote.price),
    low: Math.min(candle.low, quote.price),
    close: quote.price,
    volume: candle.volume + traded,
  };
  return { candle: moved, ...(dayVolume !== undefined && { dayVolume }) };
}
