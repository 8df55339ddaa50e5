/**
 * Percent from the first visible bar, as lightweight-charts' percent mode measures the price: its
 * base is the close of the first bar at or right of the visible logical range's start
 * (Math.floor(from), the library's "strict" range). Every comparison measures from that same bar,
 * so all lines and the candles start at 0 % together. Pure, for tests.
 */
import type { Aligned } from './compare-align';

/**
 * Index in the chart's bars of the bar percent mode measures from: `from` is the visible logical
 * range's start, `offset` the bar index of logical 0 (the adapter's window). undefined without bars.
 */
export function baseBarIndex(from: number, offset: number, length: number): number | undefined {
  if (length === 0) return undefined;
  return Math.min(length - 1, offset + Math.max(0, Math.floor(from)));
}

/**
 * A compared line's base: its value on the base bar or, when its market had no candle there, on
 * the first bar after it that has one (its line starts there, at 0 %).
 */
export function lineBase(values: Aligned, baseIndex: number): number | undefined {
  for (let i = baseIndex; i < values.length; i++) {
    const value = values[i];
    if (value !== undefined && Number.isFinite(value) && value !== 0) return value;
  }
  return undefined;
}

/** Percent change of `value` from `base` (undefined when either is missing). */
export function percentFrom(value: number | undefined, base: number | undefined): number | undefined {
  return value === undefined || base === undefined || base === 0 ? undefined : (value / base - 1) * 100;
}
