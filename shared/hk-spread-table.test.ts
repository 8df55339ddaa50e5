import { describe, expect, it } from 'vitest';
import { hkSpreadDecimals } from './hk-spread-table.ts';

describe('hkSpreadDecimals', () => {
  it('gives the decimals of the tick of the price band', () => {
    const cases: [number, number][] = [
      [0.117, 3],
      [0.25, 3],
      [0.3, 3],
      [6.59, 2],
      [15.02, 2],
      [93.7, 2],
      [150.3, 1],
      [505.5, 1],
      [1500, 0],
      [6000, 0],
    ];
    for (const [price, decimals] of cases) expect(hkSpreadDecimals(price), String(price)).toBe(decimals);
  });
});
