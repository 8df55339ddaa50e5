/**
 * The HKEX spread table (Part A, ordinary shares): an HK stock's price step grows with its price.
 * The simulator rounds prices to it; the dashboard shows each HK price with its step's decimals.
 */

/** [upper bound of the price band, tick]. A band includes its upper bound ("over 0.25 up to 0.50: 0.005"). */
export const HK_SPREAD_TABLE: readonly (readonly [upTo: number, tick: number])[] = [
  [0.25, 0.001],
  [0.5, 0.005],
  [10, 0.01],
  [20, 0.02],
  [100, 0.05],
  [200, 0.1],
  [500, 0.2],
  [1000, 0.5],
  [2000, 1],
  [5000, 2],
  [Infinity, 5],
];

/** The HKEX tick for a price. */
export function hkSpreadTick(price: number): number {
  for (const [upTo, tick] of HK_SPREAD_TABLE) if (price <= upTo) return tick;
  return 5;
}

/** Decimals a price needs at the tick of its band: 0.117 → 3, 93.7 → 2, 505.5 → 1, 1500 → 0. */
export function hkSpreadDecimals(price: number): number {
  return Math.max(0, Math.ceil(-Math.log10(hkSpreadTick(price)) - 1e-9));
}
