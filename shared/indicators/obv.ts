/** On-balance volume: from 0, each bar adds its volume when the close rose, subtracts it when it fell. */
import { barStream, type Indicator, type IndicatorFactory } from './indicator.ts';

export function obv(): Indicator {
  return {
    key: 'obv',
    label: 'OBV',
    params: {},
    pane: { kind: 'own', decimals: { fixed: 0 } },
    outputs: [{ key: 'value', draw: 'line', colour: 'oscillator' }],
    stream() {
      let total = 0;
      let previousClose: number | undefined;
      return barStream((bar, commit, out) => {
        const change = previousClose === undefined ? 0 : Math.sign(bar.close - previousClose);
        const next = total + change * bar.volume;
        if (commit) {
          total = next;
          previousClose = bar.close;
        }
        out[0] = next;
      }, 1);
    },
  };
}

export const create: IndicatorFactory = () => obv();
