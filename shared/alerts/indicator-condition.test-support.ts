/**
 * Bars and conditions for the indicator condition tests: a seeded random walk that looks like a
 * market (trends that turn, so RSI reaches 70 and the averages cross; two-decimal prices), and the
 * conditions the tests evaluate on it.
 */
import type { Candle } from '../candle.ts';
import type { IndicatorCondition, IndicatorLineRef, LineRef } from './indicator-condition.ts';
import type { IndicatorConditionEvaluator, IndicatorConditionEvent } from './indicator-condition-evaluator.ts';

/** Mulberry32: a small seeded generator, the same numbers on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
/** 2026-01-05 00:00 UTC. */
export const START_MS = 1_767_571_200_000;

const cents = (value: number): number => Math.round(value * 100) / 100;

/**
 * `count` bars `stepMs` apart from `START_MS`: each bar's return is a drift that changes every 10–50
 * bars (a trend, then another) plus noise; the open is the previous close, high and low reach past
 * both.
 */
export function randomWalk(count: number, stepMs: number, seed: number): Candle[] {
  const random = seededRandom(seed);
  const candles: Candle[] = [];
  let close = 100;
  let drift = 0;
  let regimeLeft = 0;
  for (let index = 0; index < count; index += 1) {
    if (regimeLeft === 0) {
      drift = (random() - 0.5) * 0.014;
      regimeLeft = 10 + Math.floor(random() * 40);
    }
    regimeLeft -= 1;
    const open = close;
    close = cents(Math.max(1, open * (1 + drift + (random() - 0.5) * 0.02)));
    const high = cents(Math.max(open, close) * (1 + random() * 0.006));
    const low = cents(Math.min(open, close) * (1 - random() * 0.006));
    candles.push({ time: START_MS + index * stepMs, open, high, low, close, volume: Math.round(1_000 + random() * 9_000) });
  }
  return candles;
}

/** A bar whose open, high, low and close are `close` (the price lines read the close). */
export function flatBar(time: number, close: number, volume = 1): Candle {
  return { time, open: close, high: close, low: close, close, volume };
}

export const rsiLine = (period = 14): IndicatorLineRef => ({ source: 'indicator', indicator: 'rsi', params: { period }, output: 'value' });
export const maLine = (period: number): IndicatorLineRef => ({ source: 'indicator', indicator: 'sma', params: { period }, output: 'value' });
export const bollingerLine = (output: 'upper' | 'middle' | 'lower', period = 20, k = 2): IndicatorLineRef => ({
  source: 'indicator',
  indicator: 'bollinger',
  params: { period, k },
  output,
});
export const closeLine: LineRef = { source: 'price', field: 'close' };

/** A condition on 1h bars, completed bars, against `level` unless `fields` say otherwise. */
export function condition(fields: Partial<IndicatorCondition> & Pick<IndicatorCondition, 'line' | 'operator'>, level = 100): IndicatorCondition {
  return { kind: 'indicator', interval: '1h', against: { kind: 'level', value: level }, on: 'bar-close', ...fields };
}

/** Every event `bars` fire, closed one after another. */
export function closeAll(evaluator: IndicatorConditionEvaluator, bars: readonly Candle[]): IndicatorConditionEvent[] {
  return bars.flatMap((bar) => evaluator.closeBar(bar) ?? []);
}
