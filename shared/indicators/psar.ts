/**
 * Parabolic SAR (Wilder): the stop moves toward the trend's extreme by `step` × the gap, the step
 * growing by `step` (up to `max`) at each new extreme, never inside the last two bars' range; a bar
 * through it reverses the trend, the stop jumping to the old extreme. The first trend is up when the
 * second bar's midpoint is not below the first's. Tulip Indicators' order of steps.
 */
import { barStream, type Bar, type Indicator, type IndicatorFactory } from './indicator.ts';

interface State {
  count: number;
  long: boolean;
  sar: number;
  extreme: number;
  accel: number;
  /** The last two bars, newest first. */
  last: Bar | undefined;
  before: Bar | undefined;
}

function checkStep(value: number, name: string): void {
  if (!(value > 0 && value <= 1)) throw new RangeError(`${name} must be in (0, 1], got ${String(value)}`);
}

function advance(s: State, bar: Bar, step: number, max: number): State {
  const previous = s.last as Bar;
  let { long, sar, extreme, accel } = s;
  if (s.count === 1) {
    long = previous.high + previous.low <= bar.high + bar.low;
    extreme = long ? previous.high : previous.low;
    sar = long ? previous.low : previous.high;
    accel = step;
  }
  sar = (extreme - sar) * accel + sar;
  if (long) {
    if (s.before && sar > s.before.low) sar = s.before.low;
    if (sar > previous.low) sar = previous.low;
    if (bar.high > extreme) {
      accel = Math.min(accel + step, max);
      extreme = bar.high;
    }
  } else {
    if (s.before && sar < s.before.high) sar = s.before.high;
    if (sar < previous.high) sar = previous.high;
    if (bar.low < extreme) {
      accel = Math.min(accel + step, max);
      extreme = bar.low;
    }
  }
  if ((long && bar.low < sar) || (!long && bar.high > sar)) {
    accel = step;
    sar = extreme;
    long = !long;
    extreme = long ? bar.high : bar.low;
  }
  return { count: s.count + 1, long, sar, extreme, accel, last: bar, before: previous };
}

export function psar(step = 0.02, max = 0.2): Indicator {
  checkStep(step, 'step');
  checkStep(max, 'max');
  return {
    key: `psar-${String(step)}-${String(max)}`,
    label: `SAR ${String(step)}, ${String(max)}`,
    params: { step, max },
    pane: { kind: 'price' },
    outputs: [{ key: 'value', draw: 'dashed', colour: 'signal' }],
    stream() {
      let state: State = { count: 0, long: true, sar: 0, extreme: 0, accel: step, last: undefined, before: undefined };
      return barStream((bar, commit, out) => {
        const next = state.count === 0 ? { ...state, count: 1, last: bar } : advance(state, bar, step, max);
        out[0] = state.count === 0 ? undefined : next.sar;
        if (commit) state = next;
      }, 1);
    },
  };
}

export const create: IndicatorFactory = (params) => psar(params.step, params.max);
