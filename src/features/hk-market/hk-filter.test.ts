import { describe, expect, it } from 'vitest';
import { createCatalogSearch } from '../../lib/catalog-search';
import { catalogIndexOf } from '../../queries/catalog.test-support';
import { catalogNameMatches, filterIndexes, prepareQuery, type TypeFilter } from './hk-filter';
import { toHkRows } from './hk-row';
import { hkEntry } from './hk-test-data';

const rows = toHkRows([
  hkEntry('HSI', { type: 'indices', name: 'Hang Seng Index' }),
  hkEntry('HSTECH', { type: 'indices', name: 'Hang Seng TECH Index' }),
  hkEntry('700', { name: 'Tencent Holdings' }),
  hkEntry('7000', { name: 'Other Co' }),
  hkEntry('5', { name: 'HSBC Holdings' }),
  hkEntry('9988', { name: '阿里巴巴' }),
  hkEntry('1700', { name: 'Someone' }),
]);
const order = rows.map((_, index) => index);

function match(query: string, type: TypeFilter = 'all'): string[] {
  return filterIndexes(rows, order, query, type).map((index) => rows[index]?.code ?? '?');
}

describe('filterIndexes', () => {
  it('finds a stock by its code with or without leading zeros, or with the .HK suffix', () => {
    expect(match('700')).toEqual(['700', '7000']);
    expect(match('00700')).toEqual(['700', '7000']);
    expect(match('700.hk')).toEqual(['700', '7000']);
    expect(match('  00005 ')).toEqual(['5']);
  });

  it('matches codes from their start only', () => {
    expect(match('70')).toEqual(['700', '7000']);
  });

  it('matches names anywhere, case-insensitively, in any script', () => {
    expect(match('holdings')).toEqual(['700', '5']);
    expect(match('TENCENT')).toEqual(['700']);
    expect(match('巴巴')).toEqual(['9988']);
    expect(match('hang seng tech')).toEqual(['HSTECH']);
  });

  it('matches index codes case-insensitively', () => {
    expect(match('hs')).toEqual(['HSI', 'HSTECH', '5']);
  });

  it('filters by type', () => {
    expect(match('', 'indices')).toEqual(['HSI', 'HSTECH']);
    expect(match('', 'stock')).toEqual(['700', '7000', '5', '9988', '1700']);
    expect(match('hs', 'stock')).toEqual(['5']);
  });

  it('keeps the given order and returns it as is when nothing filters', () => {
    const reversed = [...order].reverse();
    expect(filterIndexes(rows, reversed, '', 'all')).toBe(reversed);
    expect(filterIndexes(rows, reversed, 'holdings', 'all').map((index) => rows[index]?.code)).toEqual(['5', '700']);
  });

  it('finds nothing for a query that matches nothing', () => {
    expect(match('zzz')).toEqual([]);
  });
});

describe('prepareQuery', () => {
  it('ignores blank input and never treats text with spaces as a code', () => {
    expect(prepareQuery('   ')).toBeUndefined();
    expect(prepareQuery('Hang Seng')).toEqual({ code: '', name: 'hang seng' });
    expect(prepareQuery('00700.HK')).toEqual({ code: '700', name: '00700.hk' });
  });
});

describe('catalogNameMatches', () => {
  const catalog = createCatalogSearch(
    catalogIndexOf([
      { symbol: '700.HK', name: '腾讯控股', market: 'HK', type: 'stock', nameEn: 'TENCENT', pinyin: 'teng xun kong gu' },
      { symbol: '5.HK', name: '汇丰控股', market: 'HK', type: 'stock', nameEn: 'HSBC HOLDINGS', pinyin: 'hui feng kong gu' },
      { symbol: '7000.HK', name: '其他公司', market: 'HK', type: 'stock', nameEn: 'OTHER CO' },
      { symbol: 'TCEHY.US', name: 'Tencent ADR', market: 'US', type: 'stock' },
    ]),
  );
  const hkRows = toHkRows([hkEntry('700', { name: '腾讯控股' }), hkEntry('5', { name: '汇丰控股' }), hkEntry('7000', { name: '其他公司' })]);
  const all = hkRows.map((_, index) => index);
  const shown = (query: string) => filterIndexes(hkRows, all, query, 'all', catalogNameMatches(catalog, query)).map((index) => hkRows[index]?.code);

  it('finds HK stocks by their English name, and by pinyin, through the catalogue', () => {
    expect(shown('tencent')).toEqual(['700']);
    expect(shown('holdings')).toEqual(['5']);
    expect(shown('kong gu')).toEqual(['700', '5']);
    expect(shown('txkg')).toEqual(['700']);
  });

  it('keeps the code and feed-name matches, and matches only names through the catalogue', () => {
    expect(shown('700')).toEqual(['700', '7000']);
    expect(shown('其他')).toEqual(['7000']);
    expect(catalogNameMatches(catalog, '700')).toEqual(new Set());
    expect(catalogNameMatches(catalog, 'tencent')).toEqual(new Set(['700.HK']));
  });

  it('adds nothing without a catalogue or a query', () => {
    expect(catalogNameMatches(undefined, 'tencent')).toBeUndefined();
    expect(catalogNameMatches(catalog, '  ')).toBeUndefined();
    expect(filterIndexes(hkRows, all, 'tencent', 'all')).toEqual([]);
  });
});
