/** MACD = EMA(fast) − EMA(slow); signal = EMA(signal) of MACD; histogram = MACD − signal. */
import { checkPeriod, closeStream, type Indicator, type IndicatorFactory } from './indicator.ts';
import { EmaStepper } from './ema.ts';

export function macd(fast = 12, slow = 26, signal = 9): Indicator {
  checkPeriod(fast, 'fast');
  checkPeriod(slow, 'slow');
  checkPeriod(signal, 'signal');
  return {
    key: `macd-${String(fast)}-${String(slow)}-${String(signal)}`,
    label: `MACD ${String(fast)}, ${String(slow)}, ${String(signal)}`,
    params: { fast, slow, signal },
    // A difference of prices: a few more decimals than the price keep it readable.
    pane: { kind: 'own', decimals: { extra: 2 } },
    outputs: [
      { key: 'histogram', draw: 'histogram', colour: 'sign' },
      { key: 'macd', draw: 'line', colour: 'macd' },
      { key: 'signal', draw: 'line', colour: 'signal' },
    ],
    stream() {
      const [fastLine, slowLine, signalLine] = [new EmaStepper(fast), new EmaStepper(slow), new EmaStepper(signal)];
      return closeStream((close, commit, out) => {
        const method = commit ? 'push' : 'peek';
        const f = fastLine[method](close);
        const s = slowLine[method](close);
        const line = f === undefined || s === undefined ? undefined : f - s;
        const next = signalLine[method](line);
        out[0] = line === undefined || next === undefined ? undefined : line - next;
        out[1] = line;
        out[2] = next;
      }, 3);
    },
  };
}

export const create: IndicatorFactory = (params) => macd(params.fast, params.slow, params.signal);
