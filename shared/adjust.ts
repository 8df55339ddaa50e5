/**
 * Price adjustment by corporate-action factors, exactly as §4.12 of the contract states it.
 * Shared by the simulator (which answers `adjust=`) and the SPA (which adjusts raw K-lines
 * locally), so both paths give the same numbers to the last digit.
 */

export interface AdjustFactor {
  timestamp: number;
  adjust: 'forward' | 'backward';
  factor_a: number;
  factor_b: number;
}

export type AdjustDirection = 'none' | 'forward' | 'backward';

/** Adjusted prices carry four decimals (the contract leaves their precision unstated). */
export const ADJUSTED_DECIMALS = 4;

/**
 * Adjusts `price` of a K-line at `time`:
 * forward — factors with timestamp > time, oldest to newest;
 * backward — factors with timestamp <= time, newest to oldest;
 * each as price × factor_a + factor_b. Unrounded.
 */
export function adjustPrice(price: number, time: number, factors: readonly AdjustFactor[], direction: AdjustDirection): number {
  return applyFactors(price, factorsInOrder(factors, time, direction));
}

/** The factors that apply to a K-line at `time`, in the order adjustPrice applies them. */
export function factorsInOrder(factors: readonly AdjustFactor[], time: number, direction: AdjustDirection): AdjustFactor[] {
  if (direction === 'none') return [];
  return factors
    .filter((f) => f.adjust === direction && (direction === 'forward' ? f.timestamp > time : f.timestamp <= time))
    .sort((a, b) => (direction === 'forward' ? a.timestamp - b.timestamp : b.timestamp - a.timestamp));
}

/** `price` through `ordered` (from factorsInOrder), each as price × factor_a + factor_b. Unrounded. */
export function applyFactors(price: number, ordered: readonly AdjustFactor[]): number {
  let value = price;
  for (const factor of ordered) value = value * factor.factor_a + factor.factor_b;
  return value;
}

/** Rounds an adjusted price to `decimals` (the service's ADJUSTED_DECIMALS unless told), half away from zero. */
export function roundAdjusted(value: number, decimals: number = ADJUSTED_DECIMALS): number {
  const scale = 10 ** decimals;
  return (Math.sign(value) * Math.round(Math.abs(value) * scale)) / scale;
}

/** Forward and backward factors of one event: a split of `ratio` new shares per old, and a cash dividend. */
export function factorsOfEvent(timestamp: number, ratio: number, dividend: number): [AdjustFactor, AdjustFactor] {
  return [
    { timestamp, adjust: 'forward', factor_a: 1 / ratio, factor_b: -dividend / ratio },
    { timestamp, adjust: 'backward', factor_a: ratio, factor_b: dividend },
  ];
}
