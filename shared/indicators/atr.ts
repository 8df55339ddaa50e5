/**
 * Average true range with Wilder's smoothing: the first value is the mean of the first `period`
 * true ranges (the first bar's is its high − low), then ATR = (ATR′ × (period − 1) + TR) ÷ period.
 */
import { barStream, checkPeriod, type Indicator, type IndicatorFactory } from './indicator.ts';
import { trueRange } from './range-window.ts';

export function atr(period = 14): Indicator {
  checkPeriod(period);
  return {
    key: `atr-${String(period)}`,
    label: `ATR ${String(period)}`,
    params: { period },
    pane: { kind: 'own', decimals: { extra: 2 } },
    outputs: [{ key: 'value', draw: 'line', colour: 'oscillator' }],
    stream() {
      let count = 0;
      let average = 0;
      let previousClose: number | undefined;
      return barStream((bar, commit, out) => {
        const range = trueRange(bar, previousClose);
        const next = count < period ? average + range / period : (average * (period - 1) + range) / period;
        if (commit) {
          count += 1;
          average = next;
          previousClose = bar.close;
        }
        out[0] = (commit ? count : count + 1) >= period ? next : undefined;
      }, 1);
    },
  };
}

export const create: IndicatorFactory = (params) => atr(params.period);
