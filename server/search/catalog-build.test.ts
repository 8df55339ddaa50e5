import { describe, expect, it } from 'vitest';
import type { CatalogEntry } from '#shared/catalog.ts';
import { ALIASED_SYMBOLS } from './aliases.ts';
import { buildCatalogIndex, fetchLastUpdated } from './catalog-build.ts';
import { simUpstream } from './catalog-test-support.ts';
import { loadPinyin } from './pinyin.ts';
import { upstreamGet } from './upstream-data.ts';

function bySymbol(entries: readonly CatalogEntry[], symbol: string): CatalogEntry[] {
  return entries.filter(([listed]) => listed === symbol);
}

describe('buildCatalogIndex against the simulator', async () => {
  const sim = simUpstream();
  const index = await buildCatalogIndex(upstreamGet(sim.upstream), await loadPinyin());

  it('lists every product of every page, once, in the product list order', () => {
    expect(index.entries).toHaveLength(2815);
    expect(new Set(index.entries.map(([symbol, type]) => `${symbol}|${type}`)).size).toBe(2815);
    expect(index.lastUpdated).toBe('2026-11-02T08:00:00+08:00');
    expect(index.version).toBe(3);
  });

  it('asks three pages of 1 000 and the stock names in chunks of 500: nine requests', () => {
    const pages = sim.targets.filter((target) => target.startsWith('/v1/symbols/available'));
    expect(pages).toEqual([
      '/v1/symbols/available?limit=1000&offset=0',
      '/v1/symbols/available?limit=1000&offset=1000',
      '/v1/symbols/available?limit=1000&offset=2000',
    ]);
    const infos = sim.targets.filter((target) => target.startsWith('/v1/market/stock-info'));
    expect(infos).toHaveLength(6); // 2,727 stocks
    for (const target of infos) expect(new URL(target, 'http://x').searchParams.get('symbols')?.split(',').length).toBeLessThanOrEqual(500);
    expect(sim.targets).toHaveLength(9);
  });

  it('carries stock-info names, each once, and the pinyin of the Chinese name', () => {
    expect(bySymbol(index.entries, '700.HK')).toEqual([['700.HK', 'stock', 'HK', '腾讯控股', 'TENCENT', '', '騰訊控股', 'teng xun kong gu', '', 11.2]]);
    expect(bySymbol(index.entries, 'NVDA.US')).toEqual([['NVDA.US', 'stock', 'US', 'NVIDIA', '', '英伟达', '英偉達', 'ying wei da', '', 10.6]]);
    expect(bySymbol(index.entries, '600519.SH')).toEqual([
      ['600519.SH', 'stock', 'CN', '贵州茅台', '', '', '', 'gui zhou mao tai', 'kweichow moutai|moutai', 10.6],
    ]);
    expect(bySymbol(index.entries, 'AU2612')).toEqual([
      ['AU2612', 'futures', 'CN', '沪金2612', '', '', '', 'hu jin 2612', 'gold futures|gold|黄金|黃金', 10.5],
    ]);
    expect(bySymbol(index.entries, 'ETHUSDT')).toEqual([['ETHUSDT', 'crypto', 'GLOBAL', 'Ethereum / Tether', '', '', '', '', '', 11.6]]);
  });

  it('lists every instrument that has aliases, so an alias never names an invented one that took its code', () => {
    const listed = new Set(index.entries.map(([symbol]) => symbol));
    expect(ALIASED_SYMBOLS.filter((symbol) => !listed.has(symbol))).toEqual([]);
  });

  it('keeps both products of an ambiguous symbol', () => {
    expect(bySymbol(index.entries, 'BTCUSD').map(([, type]) => type)).toEqual(['crypto', 'forex']);
  });

  it('reads the product list’s last_updated from one product', async () => {
    const check = simUpstream();
    expect(await fetchLastUpdated(upstreamGet(check.upstream))).toBe('2026-11-02T08:00:00+08:00');
    expect(check.targets).toEqual(['/v1/symbols/available?limit=1']);
  });
});

describe('buildCatalogIndex on odd answers', () => {
  const page = (products: unknown[], total = products.length) => ({ products, summary: { last_updated: 'v1' }, pagination: { total } });
  const product = (symbol: string, extra: Record<string, unknown> = {}) => ({ symbol, name: symbol, market: 'us', type: 'stock', is_active: true, ...extra });

  it('leaves out inactive products and types or markets the contract does not name; dedupes a product two pages list', async () => {
    const answers: Record<string, unknown> = {
      '/v1/symbols/available?limit=1000&offset=0': page(
        [product('A.US'), product('B.US', { is_active: false }), product('C.US', { type: 'option' }), product('D.US', { market: 'EU' })],
        1001,
      ),
      '/v1/symbols/available?limit=1000&offset=1000': page([product('A.US')], 1001),
    };
    const get = (target: string) =>
      Promise.resolve(target.startsWith('/v1/market/stock-info') ? [{ symbol: 'A.US', name_en: 'A Inc', name_cn: '甲', name_hk: '甲' }] : answers[target]);
    const index = await buildCatalogIndex(get, (text) => (text === '甲' ? 'jia' : ''));
    expect(index.entries).toEqual([['A.US', 'stock', 'US', 'A.US', 'A Inc', '甲', '', 'jia', '', 0]]);
  });

  it('spells symbols as the dashboard does: 00700.hk is 700.HK', async () => {
    const get = (target: string) =>
      Promise.resolve(
        target.startsWith('/v1/market/stock-info') ? [{ symbol: '00700.HK', name_en: 'TENCENT' }] : page([product('00700.hk', { market: 'HK' })]),
      );
    const index = await buildCatalogIndex(get, () => '');
    expect(index.entries).toEqual([['700.HK', 'stock', 'HK', '00700.hk', 'TENCENT', '', '', '', '', 0]]);
  });

  it('sizes a stock by its book equity in US dollars (log10), 0 without shares or book value; other kinds by a prior', async () => {
    const answers: Record<string, unknown> = {
      '/v1/symbols/available?limit=1000&offset=0': page([
        product('A.US'),
        product('B.HK', { market: 'HK' }),
        product('C.US'),
        product('HSI', { market: 'GLOBAL', type: 'indices' }),
        product('BTCUSD', { market: 'GLOBAL', type: 'crypto' }),
        product('BTCUSD', { market: 'GLOBAL', type: 'forex' }),
      ]),
    };
    const get = (target: string) =>
      Promise.resolve(
        target.startsWith('/v1/market/stock-info')
          ? [
              { symbol: 'A.US', currency: 'USD', total_shares: 1_000_000_000, bps: '10' },
              { symbol: 'B.HK', currency: 'HKD', total_shares: '7800000000', bps: '100.0' },
              { symbol: 'C.US', currency: 'USD', total_shares: 1_000_000_000 },
            ]
          : answers[target],
      );
    const sizes = (await buildCatalogIndex(get, () => '')).entries.map(({ 0: symbol, 1: type, 9: size }) => [symbol, type, size]);
    expect(sizes).toEqual([
      ['A.US', 'stock', 10],
      ['B.HK', 'stock', 11],
      ['C.US', 'stock', 0],
      ['HSI', 'indices', 13],
      ['BTCUSD', 'crypto', 12.2],
      ['BTCUSD', 'forex', 11.2],
    ]);
  });

  it('fails on a payload of another shape', async () => {
    await expect(
      buildCatalogIndex(
        () => Promise.resolve({ products: 'no' }),
        () => '',
      ),
    ).rejects.toThrow(/unexpected payload/);
  });
});
