import { afterEach, describe, expect, it } from 'vitest';
import { stockSize } from '../../search/size.ts';
import { buildCatalog } from './catalog.ts';
import { cnStockInstruments } from './cn-stocks.ts';
import { hkMajorInstruments } from './hk-stocks.ts';
import type { Instrument } from './types.ts';
import { RESERVED_US_TICKERS } from './reserved-tickers.ts';
import { usStockInstruments } from './us-stocks.ts';
import { simUniverse } from './universe-setting.ts';

const testUniverse = process.env.SIM_UNIVERSE;

afterEach(() => {
  if (testUniverse === undefined) delete process.env.SIM_UNIVERSE;
  else process.env.SIM_UNIVERSE = testUniverse;
});

describe('SIM_UNIVERSE', () => {
  it('is full unless it says majors, and refuses anything else', () => {
    expect(simUniverse({})).toBe('full');
    expect(simUniverse({ SIM_UNIVERSE: '' })).toBe('full');
    expect(simUniverse({ SIM_UNIVERSE: 'full' })).toBe('full');
    expect(simUniverse({ SIM_UNIVERSE: 'majors' })).toBe('majors');
    expect(() => simUniverse({ SIM_UNIVERSE: 'major' })).toThrow('SIM_UNIVERSE must be full or majors, got major');
  });

  it('full grows the US and A-share universes to the real service’s scale, every symbol once', { timeout: 60_000 }, () => {
    process.env.SIM_UNIVERSE = 'majors';
    const majors = buildCatalog();
    process.env.SIM_UNIVERSE = 'full';
    const full = buildCatalog();
    const stocks = (catalog: typeof full, market: string) => catalog.filter((each) => each.type === 'stock' && each.market === market).length;
    expect(stocks(majors, 'US')).toBeLessThan(500);
    expect(stocks(full, 'US')).toBeGreaterThanOrEqual(5_000);
    expect(stocks(full, 'CN')).toBeGreaterThanOrEqual(5_000);
    expect(new Set(full.map((each) => `${each.type}|${each.symbol}`)).size).toBe(full.length);
  });

  it('never gives an invented company a real one’s ticker: none of one or two letters (JD is JD.com’s), none reserved', { timeout: 60_000 }, () => {
    const majors = new Set(usStockInstruments().map((each) => each.symbol));
    const tail = buildCatalog('full')
      .filter((each) => each.market === 'US' && each.type === 'stock' && !majors.has(each.symbol))
      .map((each) => each.symbol.slice(0, -'.US'.length));
    expect(tail.length).toBeGreaterThan(4_000);
    expect(tail.filter((ticker) => ticker.length < 3)).toEqual([]);
    expect(RESERVED_US_TICKERS.has('BIDU')).toBe(true);
    expect(tail.filter((ticker) => RESERVED_US_TICKERS.has(ticker))).toEqual([]);
  });

  it('keeps every generated stock smaller than its market’s largest hand-written major (the size the search ranks by)', { timeout: 60_000 }, () => {
    process.env.SIM_UNIVERSE = 'full';
    const sizeOf = (instrument: Instrument): number =>
      stockSize({ totalShares: instrument.stockInfo?.total_shares, bookValuePerShare: Number(instrument.stockInfo?.bps), currency: instrument.currency });
    const majors = [...usStockInstruments(), ...hkMajorInstruments(), ...cnStockInstruments()];
    const majorSymbols = new Set(majors.map((each) => each.symbol));
    for (const market of ['US', 'HK', 'CN']) {
      const largestMajor = Math.max(...majors.filter((each) => each.market === market).map(sizeOf));
      const tail = buildCatalog().filter((each) => each.type === 'stock' && each.market === market && !majorSymbols.has(each.symbol));
      expect(tail.length, market).toBeGreaterThan(2_000);
      expect(Math.max(...tail.map(sizeOf)), market).toBeLessThan(largestMajor);
    }
  });
});
