/** A K-line under construction or finished, in numbers (the endpoints format it). */
import type { MinuteBlock } from './minute-bars.ts';

export interface Candle {
  time: number; // period start, UTC ms
  end: number; // period end, UTC ms (exclusive): the candle is complete once now >= end
  open: number;
  high: number;
  low: number;
  close: number;
  quanta: number;
  turnover: number;
  openInterest: number; // 0 when the instrument has none
  empty: boolean; // no minute folded in yet
}

export function emptyCandle(time: number, end: number): Candle {
  return { time, end, open: 0, high: -Infinity, low: Infinity, close: 0, quanta: 0, turnover: 0, openInterest: 0, empty: true };
}

/**
 * Turnover rounded to cents. Folds of whole bars round after each bar, so any fold of the same
 * bars (minute by minute, or the frame's total at once) gives the same number to the bit.
 */
export function toCents(value: number): number {
  return Math.round(value * 100) / 100;
}

/** Folds bars [from, to) of a minute block into `candle`, in time order. */
export function foldBlock(candle: Candle, block: MinuteBlock, from: number, to: number): void {
  for (let i = from; i < to; i++) {
    foldWholeBar(
      candle,
      block.open[i] ?? 0,
      block.high[i] ?? 0,
      block.low[i] ?? 0,
      block.close[i] ?? 0,
      block.quanta[i] ?? 0,
      block.turnover[i] ?? 0,
      block.openInterest[i] ?? 0,
    );
  }
}

/** Folds a whole bar (its turnover in cents), keeping the candle's turnover in cents. */
export function foldWholeBar(
  candle: Candle,
  open: number,
  high: number,
  low: number,
  close: number,
  quanta: number,
  turnover: number,
  openInterest: number,
): void {
  foldBar(candle, open, high, low, close, quanta, turnover, openInterest);
  candle.turnover = toCents(candle.turnover);
}

export function foldBar(candle: Candle, open: number, high: number, low: number, close: number, quanta: number, turnover: number, openInterest: number): void {
  if (candle.empty) {
    candle.open = open;
    candle.empty = false;
  }
  if (high > candle.high) candle.high = high;
  if (low < candle.low) candle.low = low;
  candle.close = close;
  candle.quanta += quanta;
  candle.turnover += turnover;
  candle.openInterest = openInterest;
}

/** Folds a finished candle into a longer one (days into weeks and months). */
export function foldCandle(target: Candle, part: Candle): void {
  if (part.empty) return;
  foldWholeBar(target, part.open, part.high, part.low, part.close, part.quanta, part.turnover, part.openInterest);
}
