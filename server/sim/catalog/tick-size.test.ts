import { describe, expect, it } from 'vitest';
import { decimalsOfTick, hkSpreadTick, priceRounder, roundToTick, tickSizeFor } from './tick-size.ts';

describe('HKEX spread table', () => {
  it('steps with the price band, each band including its upper bound', () => {
    const cases: [number, number][] = [
      [0.01, 0.001],
      [0.25, 0.001],
      [0.251, 0.005],
      [0.5, 0.005],
      [0.51, 0.01],
      [10, 0.01],
      [10.02, 0.02],
      [20, 0.02],
      [20.05, 0.05],
      [100, 0.05],
      [100.1, 0.1],
      [200, 0.1],
      [200.2, 0.2],
      [500, 0.2],
      [500.5, 0.5],
      [1000, 0.5],
      [1001, 1],
      [2000, 1],
      [2002, 2],
      [5000, 2],
      [5005, 5],
      [9995, 5],
    ];
    for (const [price, tick] of cases) expect(hkSpreadTick(price), String(price)).toBe(tick);
  });

  it('applies to instruments that use it; fixed ticks otherwise', () => {
    expect(tickSizeFor({ tickSize: 'hk-spread-table' }, 500.4)).toBe(0.5);
    expect(tickSizeFor({ tickSize: 'hk-spread-table' }, 1.23)).toBe(0.01);
    expect(tickSizeFor({ tickSize: 0.02 }, 500.4)).toBe(0.02);
  });
});

describe('roundToTick and decimalsOfTick', () => {
  it('rounds to the nearest step without float noise, never below one tick', () => {
    expect(roundToTick(1.234, 0.01)).toBe(1.23);
    expect(roundToTick(0.3, 0.1)).toBe(0.3);
    expect(roundToTick(612.37, 0.02)).toBe(612.38);
    expect(roundToTick(78_004, 10)).toBe(78_000);
    expect(roundToTick(0.0001, 0.001)).toBe(0.001);
  });

  it('counts the decimals a tick needs', () => {
    expect([0.005, 0.02, 0.2, 1, 10, 0.00000001].map(decimalsOfTick)).toEqual([3, 2, 1, 0, 0, 8]);
  });
});

describe('priceRounder', () => {
  it('rounds HK prices to their band whichever band it rounded last (it starts its search there)', () => {
    const prices = [0.2487, 0.2512, 9.996, 10.004, 19.99, 20.01, 505.37, 0.1, 5_004.2, 10, 0.25, 1_000, 1_000.3, 99.98];
    const shared = priceRounder({ tickSize: 'hk-spread-table' });
    for (const price of [...prices, ...[...prices].reverse()]) {
      const fresh = priceRounder({ tickSize: 'hk-spread-table' });
      const tick = hkSpreadTick(price);
      expect(shared.nearest(price), String(price)).toBe(fresh.nearest(price));
      expect(shared.up(price), String(price)).toBe(fresh.up(price));
      expect(shared.down(price), String(price)).toBe(fresh.down(price));
      expect(Math.abs(shared.nearest(price) - price)).toBeLessThanOrEqual(tick / 2 + 1e-9);
      expect(shared.up(price)).toBeGreaterThanOrEqual(price - 1e-9);
      expect(shared.down(price)).toBeLessThanOrEqual(price + 1e-9);
    }
    expect([shared.up(0.2487), shared.down(10.004), shared.nearest(505.37)]).toEqual([0.249, 10, 505.5]);
  });
});
