/**
 * Slow stochastic oscillator: raw %K = where the close sits in the range of the last `period`
 * bars (0–100), %K = its SMA over `smooth`, %D = the SMA of %K over `signal`.
 */
import { barStream, checkPeriod, type Indicator, type IndicatorFactory } from './indicator.ts';
import { percentIn, RangeWindow } from './range-window.ts';
import { SmaStepper } from './sma.ts';

export function stochastic(period = 14, smooth = 3, signal = 3): Indicator {
  checkPeriod(period);
  checkPeriod(smooth, 'smooth');
  checkPeriod(signal, 'signal');
  return {
    key: `stoch-${String(period)}-${String(smooth)}-${String(signal)}`,
    label: `Stoch ${String(period)}, ${String(smooth)}, ${String(signal)}`,
    params: { period, smooth, signal },
    pane: { kind: 'own', decimals: { fixed: 2 }, range: { min: 0, max: 100 }, guides: [20, 80] },
    outputs: [
      { key: 'k', draw: 'line', colour: 'oscillator' },
      { key: 'd', draw: 'line', colour: 'signal' },
    ],
    stream() {
      const window = new RangeWindow(period);
      const kLine = new SmaStepper(smooth);
      const dLine = new SmaStepper(signal);
      return barStream((bar, commit, out) => {
        const range = window.with(bar);
        // The smoothing steppers see only defined values: they count every value they are given.
        const k = range === undefined ? undefined : kLine.advance(percentIn(bar.close, range), commit);
        out[0] = k;
        out[1] = k === undefined ? undefined : dLine.advance(k, commit);
        if (commit) window.push(bar);
      }, 2);
    },
  };
}

export const create: IndicatorFactory = (params) => stochastic(params.period, params.smooth, params.signal);
