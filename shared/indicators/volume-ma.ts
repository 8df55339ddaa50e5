/** A simple moving average of the volume, drawn over the volume bars on their scale. */
import { barStream, checkPeriod, type Indicator, type IndicatorFactory } from './indicator.ts';
import { SmaStepper } from './sma.ts';

export function volumeMa(period = 20): Indicator {
  checkPeriod(period);
  return {
    key: `vma-${String(period)}`,
    label: `VOL MA ${String(period)}`,
    params: { period },
    pane: { kind: 'volume' },
    outputs: [{ key: 'value', draw: 'line', colour: 'signal' }],
    stream() {
      const average = new SmaStepper(period);
      return barStream((bar, commit, out) => {
        out[0] = average.advance(bar.volume, commit);
      }, 1);
    },
  };
}

export const create: IndicatorFactory = (params) => volumeMa(params.period);
