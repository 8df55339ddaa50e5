import { afterEach, describe, expect, it } from 'vitest';
import { buildCatalog } from './catalog.ts';

afterEach(() => {
  delete process.env.SIM_UNIVERSE;
});

describe('SIM_UNIVERSE=full', () => {
  it('grows the US and A-share universes to the real service’s scale, every symbol once', { timeout: 60_000 }, () => {
    const standard = buildCatalog();
    process.env.SIM_UNIVERSE = 'full';
    const full = buildCatalog();
    const stocks = (catalog: typeof full, market: string) => catalog.filter((each) => each.type === 'stock' && each.market === market).length;
    expect(stocks(standard, 'US')).toBeLessThan(500);
    expect(stocks(full, 'US')).toBeGreaterThanOrEqual(5_000);
    expect(stocks(full, 'CN')).toBeGreaterThanOrEqual(5_000);
    expect(new Set(full.map((each) => `${each.type}|${each.symbol}`)).size).toBe(full.length);
  });
});
