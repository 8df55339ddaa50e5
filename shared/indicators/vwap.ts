/**
 * Volume-weighted average price anchored to each session: Σ typical price × volume ÷ Σ volume
 * since the session's first candle, typical price (high + low + close) ÷ 3. A session is a day of
 * the chart's clock (bar.time); bars without a time make one session. Undefined until some volume
 * has traded in the session.
 */
import { barStream, type Bar, type Indicator, type IndicatorFactory } from './indicator.ts';

const DAY_SECONDS = 86_400;

const sessionOf = (bar: Bar): number => (bar.time === undefined ? 0 : Math.floor(bar.time / DAY_SECONDS));

export function vwap(): Indicator {
  return {
    key: 'vwap',
    label: 'VWAP',
    params: {},
    pane: { kind: 'price' },
    outputs: [{ key: 'value', draw: 'line', colour: 'signal' }],
    stream() {
      let session: number | undefined;
      let priceVolume = 0;
      let volume = 0;
      return barStream((bar, commit, out) => {
        const day = sessionOf(bar);
        const fresh = day !== session;
        const pv = (fresh ? 0 : priceVolume) + ((bar.high + bar.low + bar.close) / 3) * bar.volume;
        const v = (fresh ? 0 : volume) + bar.volume;
        if (commit) {
          session = day;
          priceVolume = pv;
          volume = v;
        }
        out[0] = v > 0 ? pv / v : undefined;
      }, 1);
    },
  };
}

export const create: IndicatorFactory = () => vwap();
