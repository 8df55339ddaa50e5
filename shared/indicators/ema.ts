/** Exponential moving average (α = 2 / (period + 1)), seeded with the SMA of the first `period` values. */
import { checkPeriod, movingAverage, Stepper, type Indicator, type IndicatorColour, type IndicatorFactory, type MovingAverageKind } from './indicator.ts';

/**
 * Waits for the first defined value (MACD's signal line runs over a MACD that is itself warming
 * up), seeds with the mean of `period` values, then smooths.
 */
export class EmaStepper extends Stepper<number | undefined> {
  private readonly alpha: number;
  private seen = 0;
  private seed = 0;
  private prev = 0;
  constructor(private readonly period: number) {
    super();
    checkPeriod(period);
    this.alpha = 2 / (period + 1);
  }
  protected step(value: number | undefined, commit: boolean): number | undefined {
    if (this.seen === 0 && value === undefined) return undefined;
    const seen = this.seen + 1;
    let out: number | undefined;
    let seed = this.seed;
    let prev = this.prev;
    if (seen < this.period) seed += value ?? 0;
    else if (seen === this.period) out = prev = (seed + (value ?? 0)) / this.period;
    else out = prev = prev + this.alpha * ((value ?? prev) - prev);
    // Plain stores: this runs once per candle per line (Object.assign here cost 5× the step).
    if (commit) {
      this.seen = seen;
      this.seed = seed;
      this.prev = prev;
    }
    return out;
  }
}

const EMA: MovingAverageKind = { prefix: 'ema', name: 'EMA', draw: 'dashed', stepper: (period) => new EmaStepper(period) };

export function ema(period: number, colour: IndicatorColour = { average: 0 }): Indicator {
  return movingAverage(EMA, period, colour);
}

export const create: IndicatorFactory = (params, average) => ema(params.period ?? 20, { average });
