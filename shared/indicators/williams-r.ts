/** Williams %R: −100 × (highest high − close) ÷ (highest high − lowest low) over `period` bars (−50 when flat). */
import { barStream, checkPeriod, type Indicator, type IndicatorFactory } from './indicator.ts';
import { percentIn, RangeWindow } from './range-window.ts';

export function williamsR(period = 14): Indicator {
  checkPeriod(period);
  return {
    key: `willr-${String(period)}`,
    label: `%R ${String(period)}`,
    params: { period },
    pane: { kind: 'own', decimals: { fixed: 2 }, range: { min: -100, max: 0 }, guides: [-80, -20] },
    outputs: [{ key: 'value', draw: 'line', colour: 'oscillator' }],
    stream() {
      const window = new RangeWindow(period);
      return barStream((bar, commit, out) => {
        const range = window.with(bar);
        if (commit) window.push(bar);
        out[0] = range === undefined ? undefined : percentIn(bar.close, range) - 100;
      }, 1);
    },
  };
}

export const create: IndicatorFactory = (params) => williamsR(params.period);
