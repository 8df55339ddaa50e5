/**
 * Technical indicators over closes aligned with candles. Each returns arrays as long as its input,
 * `undefined` while the indicator warms up. A period must be a positive integer; a period longer
 * than the data leaves every entry undefined.
 */

export type IndicatorSeries = Array<number | undefined>;

function checkPeriod(period: number, name: string): void {
  if (!Number.isInteger(period) || period < 1) throw new RangeError(`${name} must be a positive integer, got ${period}`);
}

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
export function bollinger(
  values: readonly number[],
  period = 20,
  k = 2,
): { middle: IndicatorSeries; upper: IndicatorSeries; lower: IndicatorSeries } {
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

/**
 * The streaming form of an indicator, for live candles: `push` appends a value and returns the
 * indicator there; `peek` returns what `push` would, without appending (the forming candle moves
 * until the next one opens). Each step costs O(period) at most, allocates nothing for a plain
 * number, and gives exactly the number the array functions above give at that index: the same
 * operations in the same order.
 */
export interface IndicatorStream<T> {
  push(value: number | undefined): T;
  peek(value: number | undefined): T;
}

/** A stream as one step that commits its new state or not. */
abstract class Stepper<T> implements IndicatorStream<T> {
  protected abstract step(value: number | undefined, commit: boolean): T;
  push(value: number | undefined): T {
    return this.step(value, true);
  }
  peek(value: number | undefined): T {
    return this.step(value, false);
  }
}

/** The last `size` values pushed (a ring): what one more push drops, and the values oldest first. */
class Ring {
  private readonly values: number[] = [];
  private next = 0;
  constructor(private readonly size: number) {}
  get leaving(): number | undefined {
    return this.values.length === this.size ? this.values[this.next] : undefined;
  }
  push(value: number): void {
    if (this.values.length < this.size) this.values.push(value);
    else this.values[this.next] = value;
    this.next = (this.next + 1) % this.size;
  }
  /** Σ (v − mean)² over the window after one more push of `value`, oldest first (as bollinger sums). */
  squaresWith(value: number, mean: number): number {
    const full = this.values.length === this.size;
    // After the push the oldest is the one past the dropped one (or the first, while filling).
    const kept = full ? this.size - 1 : this.values.length;
    const start = full ? this.next + 1 : 0;
    let squares = 0;
    for (let j = 0; j < kept; j++) squares += ((this.values[(start + j) % this.size] as number) - mean) ** 2;
    return squares + (value - mean) ** 2;
  }
}

/** sma's running sum over a ring of the last `period` values. */
class SmaStepper extends Stepper<number | undefined> {
  readonly ring: Ring;
  private count = 0;
  private sum = 0;
  constructor(private readonly period: number) {
    super();
    checkPeriod(period, 'period');
    this.ring = new Ring(period);
  }
  protected step(input: number | undefined, commit: boolean): number | undefined {
    const value = input ?? 0;
    let sum = this.sum + value;
    const leaving = this.ring.leaving;
    if (leaving !== undefined) sum -= leaving;
    const count = this.count + 1;
    if (commit) {
      this.sum = sum;
      this.count = count;
      this.ring.push(value);
    }
    return count >= this.period ? sum / this.period : undefined;
  }
}

export function smaStream(period: number): IndicatorStream<number | undefined> {
  return new SmaStepper(period);
}

/** emaFrom, streamed: waits for the first defined value, seeds over `period` values, then smooths. */
class EmaStepper extends Stepper<number | undefined> {
  private readonly alpha: number;
  private seen = 0;
  private seed = 0;
  private prev = 0;
  constructor(private readonly period: number) {
    super();
    this.alpha = 2 / (period + 1);
  }
  protected step(value: number | undefined, commit: boolean): number | undefined {
    if (this.seen === 0 && value === undefined) return undefined;
    const seen = this.seen + 1;
    let out: number | undefined;
    let { seed, prev } = this;
    if (seen < this.period) seed += value ?? 0;
    else if (seen === this.period) out = prev = (seed + (value ?? 0)) / this.period;
    else out = prev = prev + this.alpha * ((value ?? prev) - prev);
    if (commit) Object.assign(this, { seen, seed, prev });
    return out;
  }
}

export function emaStream(period: number): IndicatorStream<number | undefined> {
  checkPeriod(period, 'period');
  return new EmaStepper(period);
}

export interface BollingerPoint {
  middle: number | undefined;
  upper: number | undefined;
  lower: number | undefined;
}

class BollingerStepper extends Stepper<BollingerPoint> {
  private readonly middle: SmaStepper;
  constructor(
    private readonly period: number,
    private readonly k: number,
  ) {
    super();
    this.middle = new SmaStepper(period);
  }
  protected step(value: number | undefined, commit: boolean): BollingerPoint {
    // The deviation reads the window before the middle's push moves it.
    const mean = this.middle.peek(value);
    let point: BollingerPoint = { middle: undefined, upper: undefined, lower: undefined };
    if (mean !== undefined) {
      const deviation = Math.sqrt(this.middle.ring.squaresWith(value ?? mean, mean) / this.period);
      point = { middle: mean, upper: mean + this.k * deviation, lower: mean - this.k * deviation };
    }
    if (commit) this.middle.push(value);
    return point;
  }
}

export function bollingerStream(period = 20, k = 2): IndicatorStream<BollingerPoint> {
  return new BollingerStepper(period, k);
}

export interface MacdPoint {
  macd: number | undefined;
  signal: number | undefined;
  histogram: number | undefined;
}

class MacdStepper extends Stepper<MacdPoint> {
  private readonly fast: EmaStepper;
  private readonly slow: EmaStepper;
  private readonly signal: EmaStepper;
  constructor(fast: number, slow: number, signal: number) {
    super();
    checkPeriod(signal, 'signal');
    checkPeriod(fast, 'period');
    checkPeriod(slow, 'period');
    [this.fast, this.slow, this.signal] = [new EmaStepper(fast), new EmaStepper(slow), new EmaStepper(signal)];
  }
  protected step(value: number | undefined, commit: boolean): MacdPoint {
    const method = commit ? 'push' : 'peek';
    const f = this.fast[method](value);
    const s = this.slow[method](value);
    const line = f === undefined || s === undefined ? undefined : f - s;
    const signal = this.signal[method](line);
    return { macd: line, signal, histogram: line === undefined || signal === undefined ? undefined : line - signal };
  }
}

export function macdStream(fast = 12, slow = 26, signal = 9): IndicatorStream<MacdPoint> {
  return new MacdStepper(fast, slow, signal);
}

/** rsi, streamed: Wilder's averages of gains and losses since the first value. */
class RsiStepper extends Stepper<number | undefined> {
  private count = 0;
  private last = 0;
  private gain = 0;
  private loss = 0;
  constructor(private readonly period: number) {
    super();
    checkPeriod(period, 'period');
  }
  protected step(input: number | undefined, commit: boolean): number | undefined {
    const value = input ?? 0;
    const i = this.count;
    let { gain, loss } = this;
    if (i > 0) {
      const change = value - this.last;
      const up = Math.max(change, 0);
      const down = Math.max(-change, 0);
      if (i <= this.period) {
        gain += up / this.period;
        loss += down / this.period;
      } else {
        gain = (gain * (this.period - 1) + up) / this.period;
        loss = (loss * (this.period - 1) + down) / this.period;
      }
    }
    if (commit) Object.assign(this, { count: i + 1, last: value, gain, loss });
    if (i < this.period) return undefined;
    return loss === 0 ? (gain === 0 ? 50 : 100) : 100 - 100 / (1 + gain / loss);
  }
}

export function rsiStream(period = 14): IndicatorStream<number | undefined> {
  return new RsiStepper(period);
}
