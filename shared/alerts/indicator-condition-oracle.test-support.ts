/**
 * The oracle of the indicator condition tests: the indicators computed the plain way (Wilder's RSI
 * as rsi.ts defines it, moving averages and Bollinger bands as sums over each window) and the
 * crossings found by a loop over consecutive bars. The evaluator's own test and the server's
 * indicator alerts' test hold what they fire to it.
 */
import { expect } from 'vitest';
import type { Candle } from '../candle.ts';
import type { Crossing } from './alert-model.ts';

export type Series = (number | undefined)[];

/**
 * Wilder's RSI: the first average gain and loss are the means of the first `period` changes, then
 * each is (previous × (period − 1) + today's) ÷ period; 100 without losses, 50 when flat.
 */
export function oracleRsi(closes: readonly number[], period: number): Series {
  const changes = closes.slice(1).map((close, i) => close - (closes[i] as number));
  const rsiOf = (gain: number, loss: number): number => (loss === 0 ? (gain === 0 ? 50 : 100) : 100 - 100 / (1 + gain / loss));
  const out: Series = closes.map(() => undefined);
  const first = changes.slice(0, period);
  let gain = first.reduce((sum, change) => sum + Math.max(change, 0), 0) / period;
  let loss = first.reduce((sum, change) => sum + Math.max(-change, 0), 0) / period;
  out[period] = rsiOf(gain, loss);
  for (let bar = period + 1; bar < closes.length; bar += 1) {
    const change = changes[bar - 1] as number;
    gain = (gain * (period - 1) + Math.max(change, 0)) / period;
    loss = (loss * (period - 1) + Math.max(-change, 0)) / period;
    out[bar] = rsiOf(gain, loss);
  }
  return out;
}

/** The closes of each full window of `period` bars ending at each bar. */
function windows(closes: readonly number[], period: number): (number[] | undefined)[] {
  return closes.map((_, bar) => (bar + 1 < period ? undefined : closes.slice(bar + 1 - period, bar + 1)));
}

const mean = (values: readonly number[]): number => values.reduce((sum, value) => sum + value, 0) / values.length;

export function oracleMa(closes: readonly number[], period: number): Series {
  return windows(closes, period).map((window) => window && mean(window));
}

/** The upper band: the window's mean plus `k` population standard deviations. */
export function oracleUpper(closes: readonly number[], period: number, k: number): Series {
  return windows(closes, period).map((window) => {
    if (window === undefined) return undefined;
    const centre = mean(window);
    return centre + k * Math.sqrt(mean(window.map((close) => (close - centre) ** 2)));
  });
}

export interface Expected {
  time: number;
  crossing: Crossing;
}

/**
 * The bars from `from` on where `a` − `b` changes sign from the bar before (both defined there),
 * up or down, as `counts` keeps them. The series are checked to never come within `1e-9` of each
 * other, so the sums here and the library's running ones cannot disagree about a side.
 */
export function signChanges(
  bars: readonly Candle[],
  a: Series,
  b: (bar: number) => number | undefined,
  from: number,
  keep: (up: boolean, wasAbove: boolean) => Crossing | undefined,
): Expected[] {
  const expected: Expected[] = [];
  const difference = (bar: number): number | undefined => {
    const x = a[bar];
    const y = b(bar);
    return x === undefined || y === undefined ? undefined : x - y;
  };
  for (let bar = Math.max(from, 1); bar < bars.length; bar += 1) {
    const before = difference(bar - 1);
    const now = difference(bar);
    if (before === undefined || now === undefined) continue;
    expect(Math.abs(now), `a near tie at bar ${bar}`).toBeGreaterThan(1e-9);
    const crossing = keep(now > 0, before > 0);
    if (crossing !== undefined) expected.push({ time: (bars[bar] as Candle).time, crossing });
  }
  return expected;
}

export const upOnly = (above: boolean, wasAbove: boolean): Crossing | undefined => (above && !wasAbove ? 'up' : undefined);
export const either = (above: boolean, wasAbove: boolean): Crossing | undefined => (above === wasAbove ? undefined : above ? 'up' : 'down');
