/** Simple moving average of the last `period` closes. */
import { checkPeriod, movingAverage, Stepper, type Indicator, type IndicatorColour, type IndicatorFactory, type MovingAverageKind } from './indicator.ts';

/** The last `size` values pushed (a ring): what one more push drops, and the values oldest first. */
export class Ring {
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
  /** How many values the window holds after one more push. */
  get countWith(): number {
    return Math.min(this.values.length + 1, this.size);
  }
  /**
   * `f` folded over the window after one more push of `value`, oldest first (`value` last), with
   * each value's position in that window. Nothing moves: a peek reads the same as a push.
   */
  foldWith<T>(value: number, init: T, f: (acc: T, v: number, position: number) => T): T {
    const full = this.values.length === this.size;
    // After the push the oldest is the one past the dropped one (or the first, while filling).
    const kept = full ? this.size - 1 : this.values.length;
    const start = full ? this.next + 1 : 0;
    let acc = init;
    for (let j = 0; j < kept; j++) acc = f(acc, this.values[(start + j) % this.size] as number, j);
    return f(acc, value, kept);
  }
  /** Σ (v − mean)² over the window after one more push of `value`, oldest first. */
  squaresWith(value: number, mean: number): number {
    return this.foldWith(value, 0, (squares, v) => squares + (v - mean) ** 2);
  }
}

/** A running sum over a ring of the last `period` values. */
export class SmaStepper extends Stepper<number | undefined> {
  readonly ring: Ring;
  private count = 0;
  private sum = 0;
  constructor(private readonly period: number) {
    super();
    checkPeriod(period);
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

const SMA: MovingAverageKind = { prefix: 'ma', name: 'MA', draw: 'line', stepper: (period) => new SmaStepper(period) };

export function sma(period: number, colour: IndicatorColour = { average: 0 }): Indicator {
  return movingAverage(SMA, period, colour);
}

export const create: IndicatorFactory = (params, average) => sma(params.period ?? 20, { average });
