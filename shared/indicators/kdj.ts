/**
 * KDJ, the stochastic of the Chinese markets' software: RSV = where the close sits in the range of
 * the last `period` bars (0–100, 50 in a flat range); K = ((k − 1) × K′ + RSV) ÷ k and
 * D = ((d − 1) × D′ + K) ÷ d, both starting from 50 the bar before the first RSV; J = 3K − 2D.
 */
import { barStream, checkPeriod, type Indicator, type IndicatorFactory } from './indicator.ts';
import { percentIn, RangeWindow } from './range-window.ts';

const START = 50;

export function kdj(period = 9, k = 3, d = 3): Indicator {
  checkPeriod(period);
  checkPeriod(k, 'k');
  checkPeriod(d, 'd');
  return {
    key: `kdj-${String(period)}-${String(k)}-${String(d)}`,
    label: `KDJ ${String(period)}, ${String(k)}, ${String(d)}`,
    params: { period, k, d },
    pane: { kind: 'own', decimals: { fixed: 2 }, guides: [20, 80] },
    outputs: [
      { key: 'k', draw: 'line', colour: 'oscillator' },
      { key: 'd', draw: 'line', colour: 'signal' },
      { key: 'j', draw: 'line', colour: 'macd' },
    ],
    stream() {
      const window = new RangeWindow(period);
      let kPrev = START;
      let dPrev = START;
      return barStream((bar, commit, out) => {
        const range = window.with(bar);
        if (commit) window.push(bar);
        if (range === undefined) {
          out.fill(undefined);
          return;
        }
        const kValue = ((k - 1) * kPrev + percentIn(bar.close, range)) / k;
        const dValue = ((d - 1) * dPrev + kValue) / d;
        if (commit) {
          kPrev = kValue;
          dPrev = dValue;
        }
        out[0] = kValue;
        out[1] = dValue;
        out[2] = 3 * kValue - 2 * dValue;
      }, 3);
    },
  };
}

export const create: IndicatorFactory = (params) => kdj(params.period, params.k, params.d);
