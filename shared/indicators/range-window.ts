/** The highest high and lowest low of the last `period` bars: stochastics, Williams %R, KDJ, Ichimoku. */
import { checkPeriod, type Bar } from './indicator.ts';
import { Ring } from './sma.ts';

export interface Range {
  high: number;
  low: number;
}

export class RangeWindow {
  private readonly highs: Ring;
  private readonly lows: Ring;
  constructor(private readonly period: number) {
    checkPeriod(period);
    this.highs = new Ring(period);
    this.lows = new Ring(period);
  }
  /** The range of the window with `bar` as its newest; undefined until it holds `period` bars. */
  with(bar: Bar): Range | undefined {
    if (this.highs.countWith < this.period) return undefined;
    return {
      high: this.highs.foldWith(bar.high, -Infinity, (a, v) => Math.max(a, v)),
      low: this.lows.foldWith(bar.low, Infinity, (a, v) => Math.min(a, v)),
    };
  }
  push(bar: Bar): void {
    this.highs.push(bar.high);
    this.lows.push(bar.low);
  }
}

/** Where `close` sits in `range`, 0–100 (the stochastics' raw %K, KDJ's RSV); 50 in a flat range. */
export function percentIn(close: number, range: Range): number {
  const width = range.high - range.low;
  return width === 0 ? 50 : (100 * (close - range.low)) / width;
}

/** The middle of `range` (Ichimoku's lines). */
export const midpoint = (range: Range): number => (range.high + range.low) / 2;

/** The greatest of a bar's range and its gaps from the previous close (ATR, DMI). */
export function trueRange(bar: Bar, previousClose: number | undefined): number {
  const span = bar.high - bar.low;
  if (previousClose === undefined) return span;
  return Math.max(span, Math.abs(bar.high - previousClose), Math.abs(bar.low - previousClose));
}
