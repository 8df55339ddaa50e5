import { describe, expect, it } from 'vitest';
import { MARKETS, PRODUCT_TYPES } from '#shared/contract.ts';
import { parseYmd } from '#shared/time-zone.ts';
import { allInstruments, buildCatalog, hkFeedCode, hkFeedInstruments } from './catalog.ts';
import { tickSizeFor } from './tick-size.ts';
import type { Instrument } from './types.ts';

const all = allInstruments();
const count = (market: string, type: string): number => all.filter((instrument) => instrument.market === market && instrument.type === type).length;
const bySymbol = (symbol: string, type = 'stock'): Instrument => {
  const found = all.find((instrument) => instrument.symbol === symbol && instrument.type === type);
  if (!found) throw new Error(`${symbol} missing`);
  return found;
};

describe('catalog content', () => {
  it('has every market/type combination of the contract, in realistic numbers', () => {
    expect(count('GLOBAL', 'forex')).toBeGreaterThanOrEqual(25);
    expect(count('GLOBAL', 'indices')).toBeGreaterThanOrEqual(14);
    expect(count('GLOBAL', 'crypto')).toBeGreaterThanOrEqual(20);
    expect(count('US', 'stock')).toBeGreaterThanOrEqual(55);
    expect(count('HK', 'stock')).toBeGreaterThanOrEqual(2400);
    expect(count('HK', 'stock')).toBeLessThanOrEqual(2800);
    expect(count('CN', 'stock')).toBeGreaterThanOrEqual(35);
    expect(count('CN', 'futures')).toBeGreaterThanOrEqual(20);
    const pairs = new Set(all.map((instrument) => `${instrument.market}+${instrument.type}`));
    expect([...pairs].sort()).toEqual(['CN+futures', 'CN+stock', 'GLOBAL+crypto', 'GLOBAL+forex', 'GLOBAL+indices', 'HK+stock', 'US+stock']);
  });

  it('has unique symbols per type, and only BTCUSD shared between types', () => {
    const keys = all.map((instrument) => `${instrument.type}:${instrument.symbol}`);
    expect(new Set(keys).size).toBe(keys.length);
    const types = new Map<string, string[]>();
    for (const { symbol, type } of all) types.set(symbol, [...(types.get(symbol) ?? []), type]);
    const shared = [...types].filter(([, list]) => list.length > 1).map(([symbol, list]) => [symbol, [...list].sort()]);
    expect(shared).toEqual([['BTCUSD', ['crypto', 'forex']]]);
  });

  it('writes symbols in the shapes of the contract', () => {
    const shapes: Record<string, RegExp> = {
      'US+stock': /^[A-Z]+\.US$/,
      'HK+stock': /^[1-9]\d{0,3}\.HK$/,
      'CN+stock': /^(6\d{5}\.SH|[03]\d{5}\.SZ|[489]\d{5}\.BJ)$/,
      'CN+futures': /^[A-Z]{1,2}\d{4}$/,
      'GLOBAL+forex': /^[A-Z]{6}$/,
      'GLOBAL+crypto': /^[A-Z]+USDT?$/,
      'GLOBAL+indices': /^[A-Z0-9]+$/,
    };
    for (const instrument of all) expect(instrument.symbol).toMatch(shapes[`${instrument.market}+${instrument.type}`] ?? /^$/);
  });

  it('lists instruments in a stable order: market, type, symbol (numeric codes as numbers)', () => {
    const rank = (instrument: Instrument): number => MARKETS.indexOf(instrument.market) * 10 + PRODUCT_TYPES.indexOf(instrument.type);
    for (let i = 1; i < all.length; i++) {
      const previous = all[i - 1];
      const current = all[i];
      if (!previous || !current) continue;
      expect(rank(previous)).toBeLessThanOrEqual(rank(current));
    }
    const hk = all.filter((instrument) => instrument.market === 'HK').map((instrument) => Number.parseInt(instrument.symbol, 10));
    expect(hk).toEqual([...hk].sort((a, b) => a - b));
    expect(all[0]?.market).toBe('GLOBAL');
    expect(all[all.length - 1]?.type).toBe('futures');
  });

  it('gives every instrument a positive price on its tick grid, and plausible decimals', () => {
    for (const instrument of all) {
      const { basePrice, priceDecimals, symbol } = instrument;
      const tick = tickSizeFor(instrument, basePrice);
      expect(basePrice, symbol).toBeGreaterThan(0);
      expect(tick, symbol).toBeGreaterThan(0);
      expect(tick, symbol).toBeLessThanOrEqual(basePrice / 5);
      expect(Math.abs(basePrice / tick - Math.round(basePrice / tick)), symbol).toBeLessThan(1e-6);
      expect(priceDecimals, symbol).toBeGreaterThanOrEqual(0);
      expect(priceDecimals, symbol).toBeLessThanOrEqual(8);
      // The printed decimals can show the tick, and at least three significant digits.
      expect(tick * 10 ** priceDecimals, symbol).toBeGreaterThanOrEqual(1 - 1e-9);
      expect(basePrice * 10 ** priceDecimals, symbol).toBeGreaterThanOrEqual(10);
      expect(instrument.annualVolatility, symbol).toBeGreaterThan(0);
      expect(instrument.annualVolatility, symbol).toBeLessThan(1);
    }
  });

  it('anchors prices at the levels of November 2026', () => {
    expect(bySymbol('AAPL.US').basePrice).toBeCloseTo(230, -1);
    expect(bySymbol('700.HK').basePrice).toBeCloseTo(500, -1);
    expect(bySymbol('600519.SH').basePrice).toBeCloseTo(1500, -2);
    expect(bySymbol('BTCUSDT', 'crypto').basePrice).toBeCloseTo(90_000, -4);
    expect(bySymbol('EURUSD', 'forex').basePrice).toBeCloseTo(1.08, 1);
    expect(bySymbol('XAUUSD', 'forex').basePrice).toBeCloseTo(2600, -2);
    expect(bySymbol('SPX', 'indices').basePrice).toBeCloseTo(6000, -2);
  });

  it('follows the per-class conventions for currency, venue, lots, decimals and quotes', () => {
    for (const instrument of all) {
      const { market, type, symbol } = instrument;
      if (type === 'stock') {
        expect(instrument.currency, symbol).toBe({ US: 'USD', HK: 'HKD', CN: 'CNY' }[market as 'US' | 'HK' | 'CN']);
        expect(instrument.venue, symbol).toBe(market);
        expect(instrument.minuteVolume % instrument.lotSize, symbol).toBe(0);
        expect(instrument.priceDecimals, symbol).toBe({ US: 2, HK: 3, CN: 2 }[market as 'US' | 'HK' | 'CN']);
        if (market === 'US') expect(instrument.lotSize).toBe(1);
        if (market === 'CN') expect(instrument.lotSize).toBe(100);
        if (market === 'HK') expect(instrument.tickSize).toBe('hk-spread-table');
      } else {
        expect(instrument.lotSize, symbol).toBe(1);
        expect(instrument.stockInfo, symbol).toBeUndefined();
        expect(instrument.corporateActions, symbol).toBeUndefined();
      }
      if (type === 'crypto') expect(instrument.venue).toBe('CRYPTO');
      if (type === 'forex') expect(instrument.venue).toBe('FOREX');
      if (type === 'futures') expect([instrument.venue, instrument.currency]).toEqual(['CN_FUTURES', 'CNY']);
      expect(instrument.hasQuotes, symbol).toBe(type !== 'indices');
      expect(instrument.minuteVolume, symbol).toBeGreaterThan(0);
      expect('category' in instrument, symbol).toBe(false);
    }
    expect(all.filter((i) => i.type === 'crypto' && i.symbol !== 'BTCUSD').every((i) => i.currency === 'USDT')).toBe(true);
    expect(bySymbol('USDJPY', 'forex')).toMatchObject({ currency: 'JPY', priceDecimals: 3 });
    expect(bySymbol('EURUSD', 'forex')).toMatchObject({ currency: 'USD', priceDecimals: 5 });
    expect(bySymbol('XAUUSD', 'forex').priceDecimals).toBe(2);
    expect(bySymbol('AU2612', 'futures')).toMatchObject({ tickSize: 0.02, priceDecimals: 2 });
    expect(bySymbol('T2612', 'futures')).toMatchObject({ tickSize: 0.005, priceDecimals: 3 });
    expect(bySymbol('CU2612', 'futures')).toMatchObject({ tickSize: 10, priceDecimals: 0 });
  });

  it('dates listings in YYYYMMDD, not later than the catalog, futures about a year before delivery', () => {
    for (const instrument of all) {
      expect(parseYmd(instrument.listedSince), instrument.symbol).toBeDefined();
      expect(instrument.listedSince >= '20150105' || instrument.type !== 'stock', instrument.symbol).toBe(true);
      expect(instrument.listedSince < '20261101', instrument.symbol).toBe(true);
      expect(instrument.updatedAt, instrument.symbol).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    }
    expect(bySymbol('AU2612', 'futures').listedSince.slice(0, 6)).toBe('202512');
    expect(bySymbol('IF2612', 'futures').listedSince.slice(0, 6)).toBe('202606');
  });

  it('describes every stock with the stock-info fields of its market', () => {
    for (const instrument of all.filter((i) => i.type === 'stock')) {
      const info = instrument.stockInfo;
      expect(info, instrument.symbol).toBeDefined();
      if (!info) continue;
      expect(info.name_cn.length, instrument.symbol).toBeGreaterThan(0);
      for (const value of Object.values(info)) expect(value, instrument.symbol).not.toBeUndefined();
      for (const key of ['eps', 'eps_ttm', 'bps', 'dividend_yield'] as const) {
        const value = info[key];
        if (value !== undefined) expect(value, `${instrument.symbol} ${key}`).toMatch(/^-?\d+(\.\d+)?$/);
      }
      expect(info.total_shares ?? 0, instrument.symbol).toBeGreaterThanOrEqual(info.circulating_shares ?? 0);
      if (instrument.market === 'CN') {
        expect(info.name_en ?? info.name_hk ?? info.eps_ttm ?? info.dividend_yield ?? info.stock_derivatives).toBeUndefined();
        expect(['sh_main', 'star', 'sz_main', 'chinext', 'bj']).toContain(info.board);
        expect(instrument.symbol.endsWith(`.${info.exchange}`)).toBe(true);
      } else {
        expect(info.name_en && info.name_hk, instrument.symbol).toBeTruthy();
        expect(info.board).toBeUndefined();
      }
      if (instrument.market === 'US') expect(['NASD', 'NYSE']).toContain(info.exchange);
      if (instrument.market === 'HK') {
        expect(info.exchange).toBe('SEHK');
        expect(info.hk_shares).toBeGreaterThan(0);
      }
    }
    expect(bySymbol('601318.SH').stockInfo?.hk_shares).toBeGreaterThan(0);
    expect(bySymbol('600519.SH').stockInfo?.hk_shares).toBeUndefined();
    expect(bySymbol('AAPL.US').stockInfo).toMatchObject({ name_cn: '苹果', name_hk: '蘋果', stock_derivatives: [1] });
    expect(bySymbol('939.HK').stockInfo?.hk_shares).toBeLessThan(bySymbol('939.HK').stockInfo?.total_shares ?? 0);
  });

  it('is deterministic: two builds are deep-equal, and the memoised catalog is frozen', () => {
    const started = performance.now();
    const again = buildCatalog();
    console.log(`catalog: ${again.length} instruments built in ${(performance.now() - started).toFixed(0)} ms`);
    expect(again).toEqual(buildCatalog());
    expect(again).toEqual(all);
    expect(allInstruments()).toBe(all);
    expect(Object.isFrozen(all)).toBe(true);
    expect(Object.isFrozen(bySymbol('700.HK').stockInfo)).toBe(true);
  });
});

describe('full-HK feed', () => {
  it('lists every HK stock and the three HK indices, with feed codes', () => {
    const feed = hkFeedInstruments();
    expect(feed.length).toBe(count('HK', 'stock') + 3);
    const indices = feed.filter((instrument) => instrument.type === 'indices').map((instrument) => instrument.symbol);
    expect(indices.sort()).toEqual(['HSCEI', 'HSI', 'HSTECH']);
    expect(feed.every((instrument) => instrument.venue === 'HK')).toBe(true);
    expect(hkFeedCode(bySymbol('700.HK'))).toBe('700');
    expect(hkFeedCode(bySymbol('5.HK'))).toBe('5');
    expect(hkFeedCode(bySymbol('HSI', 'indices'))).toBe('HSI');
    const codes = feed.map(hkFeedCode);
    expect(new Set(codes).size).toBe(codes.length);
  });
});
