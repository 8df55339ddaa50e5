/** Weighted moving average: the last `period` closes weighted 1 (oldest) to `period` (newest). */
import { checkPeriod, movingAverage, Stepper, type Indicator, type IndicatorColour, type IndicatorFactory, type MovingAverageKind } from './indicator.ts';
import { Ring } from './sma.ts';

class WmaStepper extends Stepper<number | undefined> {
  private readonly ring: Ring;
  private readonly weights: number;
  constructor(private readonly period: number) {
    super();
    checkPeriod(period);
    this.ring = new Ring(period);
    this.weights = (period * (period + 1)) / 2;
  }
  protected step(input: number | undefined, commit: boolean): number | undefined {
    const value = input ?? 0;
    const full = this.ring.countWith === this.period;
    const sum = full ? this.ring.foldWith(value, 0, (s, v, position) => s + v * (position + 1)) : 0;
    if (commit) this.ring.push(value);
    return full ? sum / this.weights : undefined;
  }
}

const WMA: MovingAverageKind = { prefix: 'wma', name: 'WMA', draw: 'line', stepper: (period) => new WmaStepper(period) };

export function wma(period: number, colour: IndicatorColour = { average: 0 }): Indicator {
  return movingAverage(WMA, period, colour);
}

export const create: IndicatorFactory = (params, average) => wma(params.period ?? 20, { average });
