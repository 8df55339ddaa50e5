import { describe, expect, it } from 'vitest';
import { CATALOG_VERSION } from '#shared/catalog.ts';
import { activate } from '../../i18n/translate';
import { createCatalogSearch } from '../../lib/catalog-search';
import { catalogIndexOf } from '../../queries/catalog.test-support';
import { buildOptions } from './search-options';
import { CATALOG } from './search-test-server';

const catalog = createCatalogSearch(catalogIndexOf(CATALOG));
const LIMIT = { filters: {}, limit: 50 };

const listed = (query: string) => buildOptions(catalog, query, LIMIT).options.map((option) => `${option.direct ? 'open ' : ''}${option.symbol}`);

describe('buildOptions', () => {
  it('selects the best catalogue match by default', () => {
    for (const query of ['00700', '0700.HK', 'tencent', 'tengxun']) {
      const list = buildOptions(catalog, query, LIMIT);
      expect(list.options[list.defaultIndex]?.symbol).toBe('700.HK');
    }
  });

  it('lists an ambiguous symbol once with every type, at its best match’s place', () => {
    const { options } = buildOptions(catalog, 'btcusd', LIMIT);
    expect(options.map((option) => [option.symbol, option.types])).toEqual([
      ['BTCUSD', ['crypto', 'forex']],
      ['BTCUSDT', ['crypto']],
    ]);
  });

  it('says which other name matched', () => {
    activate('zh-CN');
    try {
      expect(buildOptions(catalog, 'Tencent', LIMIT).options[0]).toMatchObject({
        symbol: '700.HK',
        name: '腾讯控股',
        detail: 'TENCENT',
        market: 'HK',
        types: ['stock'],
        direct: false,
      });
    } finally {
      activate('en');
    }
  });

  it('names an HK stock in English by its English name, as the header does, with the data’s own beside it', () => {
    for (const query of ['700', 'tencent', '腾讯']) {
      expect(buildOptions(catalog, query, LIMIT).options[0]).toMatchObject({ symbol: '700.HK', name: 'TENCENT', detail: '腾讯控股' });
    }
    expect(buildOptions(catalog, 'apple', LIMIT).options[0]).toMatchObject({ symbol: 'AAPL.US', name: 'Apple' });
  });

  it('names a symbol in the script of the language, finding it by either script', () => {
    // As the server indexes it: the HK listing's Simplified name, its Traditional one beside it.
    const scripts = createCatalogSearch({
      version: CATALOG_VERSION,
      lastUpdated: '2026-11-02T08:00:00+08:00',
      entries: [['700.HK', 'stock', 'HK', '腾讯控股', 'TENCENT', '', '騰訊控股', 'teng xun kong gu', '', 0]],
    });
    try {
      activate('zh-HK');
      // The Traditional name alone: the data's own Simplified one is the same name, not another.
      expect(buildOptions(scripts, '腾讯', LIMIT).options[0]).toMatchObject({ symbol: '700.HK', name: '騰訊控股' });
      expect(buildOptions(scripts, '腾讯', LIMIT).options[0]?.detail).toBeUndefined();
      expect(buildOptions(scripts, '騰訊', LIMIT).options[0]).toMatchObject({ symbol: '700.HK', name: '騰訊控股' });
      expect(buildOptions(scripts, '騰訊', LIMIT).options[0]?.detail).toBeUndefined();
      activate('zh-CN');
      expect(buildOptions(scripts, '騰訊', LIMIT).options[0]).toMatchObject({ symbol: '700.HK', name: '腾讯控股', detail: '騰訊控股' });
    } finally {
      activate('en');
    }
  });

  it('puts a typed symbol the catalogue does not know last, and never makes it the default', () => {
    expect(listed('zzzz.us')).toEqual(['open ZZZZ.US']);
    expect(buildOptions(catalog, 'zzzz.us', LIMIT).defaultIndex).toBe(-1);
    // A symbol the catalogue knows needs no typed row.
    expect(listed('nvda.us')).toEqual(['NVDA.US']);
    expect(listed('nvda')).toEqual(['NVDA.US']);
  });

  it('offers only the typed symbol while the catalogue is loading, not as the default; as the default when it failed', () => {
    expect(buildOptions(undefined, 'nvda', LIMIT)).toEqual({
      options: [expect.objectContaining({ symbol: 'NVDA', direct: true })],
      total: undefined,
      defaultIndex: -1,
    });
    expect(buildOptions(undefined, 'Tencent holdings', LIMIT).options).toEqual([]);
    expect(buildOptions(undefined, 'nvda', { ...LIMIT, catalogFailed: true }).defaultIndex).toBe(0);
  });

  it('applies the market and type filters and counts every match', () => {
    // A word could be a bare symbol: only the typed row is left.
    expect(buildOptions(catalog, 'company', { filters: { market: 'US' }, limit: 50 }).options.map((option) => option.direct)).toEqual([true]);
    const hk = buildOptions(catalog, 'company', { filters: { market: 'HK', type: 'stock' }, limit: 10 });
    expect(hk.options.filter((option) => !option.direct)).toHaveLength(10);
    expect(hk.total).toBe(150);
  });
});
