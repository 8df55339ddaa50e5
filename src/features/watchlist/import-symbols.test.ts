import { describe, expect, it } from 'vitest';
import type { ProductType } from '#shared/contract.ts';
import type { CatalogItem } from '../../lib/catalog-search';
import { planImport } from './import-symbols';

// A catalogue that knows a few symbols in any case, 00700.HK as 700.HK.
const KNOWN: Record<string, ProductType[]> = { 'AAPL.US': ['stock'], '700.HK': ['stock'], BTCUSD: ['crypto', 'forex'], XYZ: ['stock', 'futures'] };
const catalog = {
  lookup: (input: string): CatalogItem[] => {
    const symbol = input
      .trim()
      .toUpperCase()
      .replace(/^0+(\d+\.HK)$/, '$1');
    return (KNOWN[symbol] ?? []).map((type) => ({ symbol, type }) as CatalogItem);
  },
};
const none = () => undefined;

describe('planImport', () => {
  it('adds the known symbols in order and reports the unknown ones by name', () => {
    const plan = planImport(['aapl.us', 'NOPE', '00700.hk', 'bad!'], [], catalog, none);
    expect(plan.add).toEqual([
      { symbol: 'AAPL.US', type: 'stock' },
      { symbol: '700.HK', type: 'stock' },
    ]);
    expect(plan.unknown).toEqual(['NOPE', 'bad!']);
  });

  it('skips what the list holds, and a second spelling of one symbol', () => {
    const plan = planImport(['AAPL.US', '700.HK', '0700.HK'], ['AAPL.US'], catalog, none);
    expect(plan.add.map(({ symbol }) => symbol)).toEqual(['700.HK']);
    expect(plan.present).toEqual(['AAPL.US', '700.HK']);
    expect(plan.unknown).toEqual([]);
  });

  it('takes the remembered or the likely type, else reports the symbol as needing one', () => {
    expect(planImport(['BTCUSD'], [], catalog, none).add).toEqual([{ symbol: 'BTCUSD', type: 'crypto' }]);
    expect(planImport(['XYZ'], [], catalog, none).ambiguous).toEqual(['XYZ']);
    expect(planImport(['XYZ'], [], catalog, () => 'futures').add).toEqual([{ symbol: 'XYZ', type: 'futures' }]);
  });
});
