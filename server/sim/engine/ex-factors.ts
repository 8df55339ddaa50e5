/** Adjustment factors of an instrument's corporate actions (§2.13): one forward, one backward each. */
import { factorsOfEvent, type AdjustFactor } from '#shared/adjust.ts';
import type { InstrumentModel } from './instrument-model.ts';

const cache = new WeakMap<InstrumentModel, AdjustFactor[]>();

export function exFactorsOf(model: InstrumentModel): AdjustFactor[] {
  let factors = cache.get(model);
  if (!factors) {
    factors = model.events.flatMap((event) => factorsOfEvent(event.timestamp, event.ratio, event.dividend));
    cache.set(model, factors);
  }
  return factors;
}
