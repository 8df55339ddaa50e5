/**
 * The test oracle: each indicator as an array function over closes, written as the textbooks
 * define it (the published tables in indicators.test.ts check these). The app computes every
 * indicator as a fold of its stream (fold.ts); the tests hold the two to the same numbers. Each
 * returns arrays as long as its input, `undefined` while the indicator warms up.
 */
import { checkPeriod, type IndicatorSeries } from './indicator.ts';

/** Simple moving average of the last `period` values. */
export function sma(values: readonly number[], period: number): IndicatorSeries {
  checkPeriod(period, 'period');
  const out: IndicatorSeries = new Array<number | undefined>(values.length).fill(undefined);
  let sum = 0;
  for (let i = 0; i < values.length; i += 1) {
    sum += values[i] ?? 0;
    if (i >= period) sum -= values[i - period] ?? 0;
    if (i >= period - 1) out[i] = sum / period;
  }
  return out;
}

/**
 * EMA over `values`, which may start with undefined entries (MACD's signal line runs over a MACD
 * that is itself warming up): seeded with the SMA of the first `period` defined values.
 */
function emaFrom(values: readonly (number | undefined)[], period: number): IndicatorSeries {
  const out: IndicatorSeries = new Array<number | undefined>(values.length).fill(undefined);
  const first = values.findIndex((v) => v !== undefined);
  if (first < 0 || first + period > values.length) return out;
  const alpha = 2 / (period + 1);
  let seed = 0;
  for (let i = first; i < first + period; i += 1) seed += values[i] ?? 0;
  let prev = seed / period;
  out[first + period - 1] = prev;
  for (let i = first + period; i < values.length; i += 1) {
    prev += alpha * ((values[i] ?? prev) - prev);
    out[i] = prev;
  }
  return out;
}

/** Exponential moving average (α = 2 / (period + 1)), seeded with the SMA of the first `period` values. */
export function ema(values: readonly number[], period: number): IndicatorSeries {
  checkPeriod(period, 'period');
  return emaFrom(values, period);
}

/** Bollinger bands: SMA ± k population standard deviations over the same window. */
export function bollinger(values: readonly number[], period = 20, k = 2): { middle: IndicatorSeries; upper: IndicatorSeries; lower: IndicatorSeries } {
  const middle = sma(values, period);
  const upper: IndicatorSeries = new Array<number | undefined>(values.length).fill(undefined);
  const lower: IndicatorSeries = new Array<number | undefined>(values.length).fill(undefined);
  for (let i = period - 1; i < values.length; i += 1) {
    const mean = middle[i];
    if (mean === undefined) continue;
    // Deviations from the window's own mean: exact enough, and no catastrophic cancellation.
    let squares = 0;
    for (let j = i - period + 1; j <= i; j += 1) squares += ((values[j] ?? mean) - mean) ** 2;
    const deviation = Math.sqrt(squares / period);
    upper[i] = mean + k * deviation;
    lower[i] = mean - k * deviation;
  }
  return { middle, upper, lower };
}

/** MACD = EMA(fast) − EMA(slow); signal = EMA(signal) of MACD; histogram = MACD − signal. */
export function macd(
  values: readonly number[],
  fast = 12,
  slow = 26,
  signal = 9,
): { macd: IndicatorSeries; signal: IndicatorSeries; histogram: IndicatorSeries } {
  checkPeriod(signal, 'signal');
  const fastLine = ema(values, fast);
  const slowLine = ema(values, slow);
  const line = fastLine.map((f, i) => {
    const s = slowLine[i];
    return f === undefined || s === undefined ? undefined : f - s;
  });
  const signalLine = emaFrom(line, signal);
  const histogram = line.map((m, i) => {
    const s = signalLine[i];
    return m === undefined || s === undefined ? undefined : m - s;
  });
  return { macd: line, signal: signalLine, histogram };
}

/**
 * Relative strength index with Wilder's smoothing: the first averages are plain means of the
 * first `period` gains and losses, then avg = (prev × (period − 1) + current) / period. A window
 * without losses reads 100; a flat one (no gains, no losses) reads 50.
 */
export function rsi(values: readonly number[], period = 14): IndicatorSeries {
  checkPeriod(period, 'period');
  const out: IndicatorSeries = new Array<number | undefined>(values.length).fill(undefined);
  if (values.length <= period) return out;
  let gain = 0;
  let loss = 0;
  for (let i = 1; i < values.length; i += 1) {
    const change = (values[i] ?? 0) - (values[i - 1] ?? 0);
    const up = Math.max(change, 0);
    const down = Math.max(-change, 0);
    if (i <= period) {
      gain += up / period;
      loss += down / period;
      if (i < period) continue;
    } else {
      gain = (gain * (period - 1) + up) / period;
      loss = (loss * (period - 1) + down) / period;
    }
    out[i] = loss === 0 ? (gain === 0 ? 50 : 100) : 100 - 100 / (1 + gain / loss);
  }
  return out;
}
