/**
 * Drawings keep raw prices; the chart shows adjusted ones. adjustPrice (shared/adjust.ts) applies
 * each chosen factor as p × a + b, so it is affine and undone by applying the same factors in the
 * reverse order as (p − b) / a.
 */
import { adjustPrice, factorsInOrder, type AdjustDirection, type AdjustFactor } from '#shared/adjust.ts';

/** The raw price whose adjustment at `time` is `adjusted`: the inverse of adjustPrice. */
export function unadjustPrice(adjusted: number, time: number, factors: readonly AdjustFactor[], direction: AdjustDirection): number {
  if (direction === 'none') return adjusted;
  const chosen = factorsInOrder(factors, time, direction);
  let value = adjusted;
  for (let i = chosen.length - 1; i >= 0; i--) {
    const factor = chosen[i];
    // A zero factor_a would make every price the same: not invertible, keep the value.
    if (factor && factor.factor_a !== 0) value = (value - factor.factor_b) / factor.factor_a;
  }
  return value;
}

/** The two directions between raw and shown prices for one chart state. */
export interface PriceMapping {
  toShown(raw: number, time: number): number;
  toRaw(shown: number, time: number): number;
}

export const IDENTITY_MAPPING: PriceMapping = { toShown: (price) => price, toRaw: (price) => price };

/**
 * The mapping for the chart's adjustment. When the browser did not adjust (the server did because
 * the factors failed to load, or nothing is adjusted) the factors are unknown to us: drawings are
 * shown as stored.
 */
export function priceMapping(factors: readonly AdjustFactor[], direction: AdjustDirection, adjustedLocally: boolean): PriceMapping {
  if (!adjustedLocally || direction === 'none' || factors.length === 0) return IDENTITY_MAPPING;
  return {
    toShown: (raw, time) => adjustPrice(raw, time, factors, direction),
    toRaw: (shown, time) => unadjustPrice(shown, time, factors, direction),
  };
}
