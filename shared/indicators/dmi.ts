/**
 * Directional movement (Wilder): +DM = high − high′ and −DM = low′ − low, the smaller (and any
 * negative) set to 0; their sums and the true ranges' over `period` − 1 bars, then smoothed as
 * S = S′ × (period − 1) ÷ period + today's. +DI and −DI = 100 × DM ÷ TR; DX = 100 × |+DI − −DI| ÷
 * (+DI + −DI); ADX = the mean of the first `period` DX values, then Wilder-smoothed.
 */
import { barStream, checkPeriod, type Bar, type Indicator, type IndicatorFactory } from './indicator.ts';
import { trueRange } from './range-window.ts';

interface State {
  count: number;
  previous: Bar | undefined;
  range: number;
  up: number;
  down: number;
  /** The DX sum, smoothed like the others once `period` DX values are in. */
  dx: number;
}

/** The directional movements from `previous` to `bar`, as Wilder counts them. */
function movements(bar: Bar, previous: Bar): [number, number] {
  let up = bar.high - previous.high;
  let down = previous.low - bar.low;
  if (up < 0) up = 0;
  else if (up > down) down = 0;
  if (down < 0) down = 0;
  else if (down > up) up = 0;
  return [up, down];
}

export function dmi(period = 14): Indicator {
  checkPeriod(period);
  const keep = (period - 1) / period;
  return {
    key: `dmi-${String(period)}`,
    label: `DMI ${String(period)}`,
    params: { period },
    pane: { kind: 'own', decimals: { fixed: 2 }, range: { min: 0, max: 100 }, guides: [25] },
    outputs: [
      { key: 'plus', draw: 'line', colour: 'oscillator' },
      { key: 'minus', draw: 'line', colour: 'signal' },
      { key: 'adx', draw: 'line', colour: 'macd' },
    ],
    stream() {
      let state: State = { count: 0, previous: undefined, range: 0, up: 0, down: 0, dx: 0 };
      return barStream((bar, commit, out) => {
        const i = state.count;
        const next: State = { ...state, count: i + 1, previous: bar };
        out.fill(undefined);
        if (state.previous !== undefined) {
          const range = trueRange(bar, state.previous.close);
          const [up, down] = movements(bar, state.previous);
          const warming = i < period;
          next.range = warming ? state.range + range : state.range * keep + range;
          next.up = warming ? state.up + up : state.up * keep + up;
          next.down = warming ? state.down + down : state.down * keep + down;
          if (i >= period - 1) {
            const plus = next.range === 0 ? 0 : (100 * next.up) / next.range;
            const minus = next.range === 0 ? 0 : (100 * next.down) / next.range;
            const dx = plus + minus === 0 ? 0 : (100 * Math.abs(plus - minus)) / (plus + minus);
            const n = i - (period - 1);
            next.dx = n < period ? state.dx + dx : state.dx * keep + dx;
            out[0] = plus;
            out[1] = minus;
            out[2] = n >= period - 1 ? next.dx / period : undefined;
          }
        }
        if (commit) state = next;
      }, 3);
    },
  };
}

export const create: IndicatorFactory = (params) => dmi(params.period);
