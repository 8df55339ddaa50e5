import { describe, expect, it } from 'vitest';
import type { Product } from '../../api/symbol-schemas';
import { buildOptions } from './search-options';

function product(symbol: string, name: string, market: string, type: string): Product {
  return { symbol, name, market, type, currency: 'USD', is_active: true, updated_at: '2026-11-19T10:27:20Z' };
}

const PRODUCTS = [
  product('1.HK', '长和', 'HK', 'stock'),
  product('700.HK', '腾讯控股', 'HK', 'stock'),
  product('7000.HK', 'Seven Thousand', 'HK', 'stock'),
  product('AAPL.US', 'Apple', 'US', 'stock'),
  product('PAPL.US', 'Pineapple Corp', 'US', 'stock'),
  product('BTCUSD', 'Bitcoin / US Dollar', 'GLOBAL', 'crypto'),
  product('BTCUSD', 'Bitcoin / US Dollar CFD', 'GLOBAL', 'forex'),
  product('BTCUSDT', 'Bitcoin / Tether', 'GLOBAL', 'crypto'),
  product('XX', 'Odd type', 'GLOBAL', 'bond'),
];

const symbols = (query: string) => buildOptions(PRODUCTS, query).map((option) => `${option.direct ? 'open ' : ''}${option.symbol}`);

describe('buildOptions', () => {
  it('lists every loaded product for an empty query, with known types only', () => {
    const options = buildOptions(PRODUCTS, '  ');
    expect(options).toHaveLength(PRODUCTS.length);
    expect(options.find((option) => option.symbol === 'XX')?.type).toBeUndefined();
    expect(options[0]).toMatchObject({ symbol: '1.HK', market: 'HK', type: 'stock', direct: false });
  });

  it('finds 700.HK from 00700.hk, with a direct entry first and the exact match before prefixes', () => {
    expect(symbols('00700.hk')).toEqual(['open 700.HK', '700.HK']);
    expect(symbols('700.HK')).toEqual(['open 700.HK', '700.HK']);
  });

  it('matches names case-insensitively, name prefixes before infixes', () => {
    expect(symbols('apple')).toEqual(['open APPLE', 'AAPL.US', 'PAPL.US']);
    expect(symbols('腾讯')).toEqual(['700.HK']);
  });

  it('ranks exact symbols, then symbol prefixes, and keeps both products of an ambiguous symbol', () => {
    const options = buildOptions(PRODUCTS, 'btcusd');
    expect(options.map((option) => [option.symbol, option.type ?? null, option.direct])).toEqual([
      ['BTCUSD', null, true],
      ['BTCUSD', 'crypto', false],
      ['BTCUSD', 'forex', false],
      ['BTCUSDT', 'crypto', false],
    ]);
    expect(new Set(options.map((option) => option.key)).size).toBe(options.length);
  });

  it('offers a direct entry for an unloaded symbol and none for text that is not a symbol', () => {
    expect(symbols('nvda.us')).toEqual(['open NVDA.US']);
    expect(buildOptions(PRODUCTS, 'nvda.us')[0]?.market).toBe('US');
    expect(symbols('bitcoin /')).toEqual(['BTCUSD', 'BTCUSD', 'BTCUSDT']);
    expect(symbols('no such thing')).toEqual([]);
  });
});
