import { describe, expect, it } from 'vitest';
import { toHkRows } from './hk-row';
import { nextSort, sortIndexes, type SortState } from './hk-sort';
import { hkEntry } from './hk-test-data';

const rows = toHkRows([
  hkEntry('HSI', { type: 'indices', name: 'Hang Seng Index', last_price: '24109.16', price_change_percent_24h: '0.75' }),
  hkEntry('1000', { name: 'beta', last_price: '9.5', price_change_percent_24h: '-1.5', volume_24h: '200' }),
  hkEntry('700', { name: 'Alpha', last_price: '527.5', price_change_percent_24h: '4.35', volume_24h: '100' }),
  hkEntry('00005', { name: 'gamma', last_price: '100', price_change_percent_24h: '0.75', volume_24h: '100' }),
  hkEntry('2', { name: 'Delta', last_price: '80', price_change_percent_24h: undefined, price_change_24h: undefined, prev_close: undefined }),
]);

function codes(sort: SortState): string[] {
  return sortIndexes(rows, sort).map((index) => rows[index]?.code ?? '?');
}

describe('sortIndexes', () => {
  it('sorts numbers as numbers, not as strings', () => {
    expect(codes({ key: 'last', direction: 'asc' })).toEqual(['1000', '2', '00005', '700', 'HSI']);
    expect(codes({ key: 'last', direction: 'desc' })).toEqual(['HSI', '700', '00005', '2', '1000']);
  });

  it('sorts codes numerically whatever their zeros, indices after the numeric codes', () => {
    expect(codes({ key: 'code', direction: 'asc' })).toEqual(['2', '00005', '700', '1000', 'HSI']);
    expect(codes({ key: 'code', direction: 'desc' })).toEqual(['HSI', '1000', '700', '00005', '2']);
  });

  it('sorts names case-insensitively', () => {
    expect(codes({ key: 'name', direction: 'asc' })).toEqual(['700', '1000', '2', '00005', 'HSI']);
  });

  it('puts missing values last in both directions', () => {
    expect(codes({ key: 'changePercent', direction: 'asc' }).at(-1)).toBe('2');
    expect(codes({ key: 'changePercent', direction: 'desc' }).at(-1)).toBe('2');
  });

  it('is stable: ties keep the feed order in both directions', () => {
    // HSI and 00005 both move +0.75 %; HSI comes first in the feed.
    expect(codes({ key: 'changePercent', direction: 'desc' })).toEqual(['700', 'HSI', '00005', '1000', '2']);
    expect(codes({ key: 'changePercent', direction: 'asc' })).toEqual(['1000', 'HSI', '00005', '700', '2']);
    expect(codes({ key: 'volume', direction: 'asc' }).slice(0, 2)).toEqual(['700', '00005']);
  });

  it('returns indexes without touching the rows', () => {
    const before = rows.map((row) => row.code);
    sortIndexes(rows, { key: 'turnover', direction: 'desc' });
    expect(rows.map((row) => row.code)).toEqual(before);
  });
});

describe('nextSort', () => {
  it('toggles the direction on the same column and starts ascending on another, descending on a change or size column', () => {
    const byCode: SortState = { key: 'code', direction: 'asc' };
    expect(nextSort(byCode, 'code')).toEqual({ key: 'code', direction: 'desc' });
    expect(nextSort({ key: 'code', direction: 'desc' }, 'code')).toEqual({ key: 'code', direction: 'asc' });
    expect(nextSort(byCode, 'last')).toEqual({ key: 'last', direction: 'asc' });
    expect(nextSort(byCode, 'name')).toEqual({ key: 'name', direction: 'asc' });
    // Gainers first, the most traded first.
    expect(nextSort(byCode, 'changePercent')).toEqual({ key: 'changePercent', direction: 'desc' });
    expect(nextSort(byCode, 'change')).toEqual({ key: 'change', direction: 'desc' });
    expect(nextSort(byCode, 'volume')).toEqual({ key: 'volume', direction: 'desc' });
    expect(nextSort({ key: 'volume', direction: 'desc' }, 'volume')).toEqual({ key: 'volume', direction: 'asc' });
  });
});
