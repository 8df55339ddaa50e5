/** Bollinger bands: SMA ± k population standard deviations over the same window. */
import { checkPeriod, closeStream, type Indicator, type IndicatorFactory } from './indicator.ts';
import { SmaStepper } from './sma.ts';

export function bollinger(period = 20, k = 2): Indicator {
  checkPeriod(period);
  return {
    key: `bb-${String(period)}-${String(k)}`,
    label: `Bollinger ${String(period)}, ${String(k)}`,
    params: { period, k },
    pane: { kind: 'price' },
    outputs: [
      { key: 'upper', draw: 'line', colour: 'band' },
      { key: 'middle', draw: 'dashed', colour: 'band' },
      { key: 'lower', draw: 'line', colour: 'band' },
    ],
    stream() {
      const middle = new SmaStepper(period);
      return closeStream((close, commit, out) => {
        // The deviation reads the window before the middle's push moves it. Deviations from the
        // window's own mean: exact enough, and no catastrophic cancellation.
        const mean = middle.peek(close);
        const deviation = mean === undefined ? undefined : Math.sqrt(middle.ring.squaresWith(close, mean) / period);
        out[0] = mean === undefined || deviation === undefined ? undefined : mean + k * deviation;
        out[1] = mean;
        out[2] = mean === undefined || deviation === undefined ? undefined : mean - k * deviation;
        if (commit) middle.push(close);
      }, 3);
    },
  };
}

export const create: IndicatorFactory = (params) => bollinger(params.period, params.k);
