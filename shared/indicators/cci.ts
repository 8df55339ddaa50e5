/**
 * Commodity channel index: typical price TP = (high + low + close) ÷ 3; CCI = (TP − SMA(TP)) ÷
 * (0.015 × mean |TP − SMA(TP)|) over the last `period` bars (0 when every TP is the same).
 */
import { barStream, checkPeriod, type Indicator, type IndicatorFactory } from './indicator.ts';
import { Ring } from './sma.ts';

const LAMBERT = 0.015;

export function cci(period = 20): Indicator {
  checkPeriod(period);
  return {
    key: `cci-${String(period)}`,
    label: `CCI ${String(period)}`,
    params: { period },
    pane: { kind: 'own', decimals: { fixed: 2 }, guides: [-100, 100] },
    outputs: [{ key: 'value', draw: 'line', colour: 'oscillator' }],
    stream() {
      const window = new Ring(period);
      return barStream((bar, commit, out) => {
        const typical = (bar.high + bar.low + bar.close) / 3;
        const full = window.countWith === period;
        if (full) {
          const mean = window.foldWith(typical, 0, (s, v) => s + v) / period;
          const deviation = window.foldWith(typical, 0, (s, v) => s + Math.abs(v - mean)) / period;
          out[0] = deviation === 0 ? 0 : (typical - mean) / (LAMBERT * deviation);
        } else out[0] = undefined;
        if (commit) window.push(typical);
      }, 1);
    },
  };
}

export const create: IndicatorFactory = (params) => cci(params.period);
