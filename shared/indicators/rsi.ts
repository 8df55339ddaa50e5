/**
 * Relative strength index with Wilder's smoothing: the first averages are plain means of the
 * first `period` gains and losses, then avg = (prev × (period − 1) + current) / period. A window
 * without losses reads 100; a flat one (no gains, no losses) reads 50.
 */
import { checkPeriod, closeStream, Stepper, type Indicator, type IndicatorFactory } from './indicator.ts';

class RsiStepper extends Stepper<number | undefined> {
  private count = 0;
  private last = 0;
  private gain = 0;
  private loss = 0;
  constructor(private readonly period: number) {
    super();
    checkPeriod(period);
  }
  protected step(input: number | undefined, commit: boolean): number | undefined {
    const value = input ?? 0;
    const i = this.count;
    let gain = this.gain;
    let loss = this.loss;
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
    if (commit) {
      this.count = i + 1;
      this.last = value;
      this.gain = gain;
      this.loss = loss;
    }
    if (i < this.period) return undefined;
    return loss === 0 ? (gain === 0 ? 50 : 100) : 100 - 100 / (1 + gain / loss);
  }
}

export function rsi(period = 14): Indicator {
  checkPeriod(period);
  return {
    key: `rsi-${String(period)}`,
    label: `RSI ${String(period)}`,
    params: { period },
    pane: { kind: 'own', decimals: { fixed: 2 }, range: { min: 0, max: 100 }, guides: [30, 70] },
    outputs: [{ key: 'value', draw: 'line', colour: 'oscillator' }],
    stream() {
      const stepper = new RsiStepper(period);
      return closeStream((close, commit, out) => {
        out[0] = commit ? stepper.push(close) : stepper.peek(close);
      }, 1);
    },
  };
}

export const create: IndicatorFactory = (params) => rsi(params.period);
