import { describe, expect, it } from 'vitest';
import { loadLanguage } from '../../i18n/load-language';
import type { StockInfo } from '../../api/reference-schemas';
import { boardLabel, derivativesLabel, stockInfoSections, type InfoSection } from './stock-info-rows';

const TENCENT: StockInfo = {
  symbol: '700.HK',
  name_cn: '腾讯控股',
  name_en: 'TENCENT',
  name_hk: '騰訊控股',
  exchange: 'SEHK',
  total_shares: 9_150_000_000,
  circulating_shares: 9_150_000_000,
  hk_shares: 9_150_000_000,
  eps: '23.3789',
  eps_ttm: '24.5',
  bps: '125',
  dividend_yield: '0.9',
  stock_derivatives: [1, 2],
  currency: 'HKD',
  lot_size: 100,
};

const NORTHLAND: StockInfo = {
  symbol: '430047.BJ',
  name_cn: '诺思兰德',
  exchange: 'BJ',
  total_shares: 275_000_000,
  circulating_shares: 200_000_000,
  eps: '-0.2',
  bps: '2.4',
  board: 'bj',
  currency: 'CNY',
  lot_size: 100,
};

function byId(sections: InfoSection[]): Map<string, { label: string; value: string; title?: string | undefined }> {
  return new Map(sections.flatMap((section) => section.rows.map((row) => [row.id, row] as const)));
}

describe('stockInfoSections', () => {
  it('formats every field an HK stock returns, with derived figures at the last price', () => {
    const rows = byId(stockInfoSections(TENCENT, '505'));
    expect(rows.get('name_en')?.value).toBe('TENCENT');
    expect(rows.get('name_hk')?.value).toBe('騰訊控股');
    expect(rows.get('lot_size')?.value).toBe('100 shares');
    expect(rows.get('total_shares')).toEqual({ id: 'total_shares', label: 'Total shares', value: '9.15B', title: '9,150,000,000 shares' });
    expect(rows.get('hk_shares')?.value).toBe('9.15B');
    expect(rows.get('eps')?.value).toBe('23.3789');
    expect(rows.get('eps_ttm')?.value).toBe('24.5');
    expect(rows.get('dividend_yield')?.value).toBe('0.90%');
    expect(rows.get('stock_derivatives')?.value).toBe('Options, Warrants');
    expect(rows.get('last_price')?.value).toBe('HK$505');
    expect(rows.get('market_cap')?.value).toBe('HK$4.62T');
    expect(rows.get('market_cap')?.title).toBe('HK$4,620,750,000,000');
    expect(rows.get('pe')).toMatchObject({ label: 'P/E (TTM)', value: '20.61' });
    expect(rows.get('pb')?.value).toBe('4.04');
    expect(rows.has('board')).toBe(false);
  });

  it('leaves out what an A-share does not return, shows its board and flags a loss', () => {
    const sections = stockInfoSections(NORTHLAND, '8.40');
    const rows = byId(sections);
    expect(rows.has('name_en')).toBe(false);
    expect(rows.has('eps_ttm')).toBe(false);
    expect(rows.has('dividend_yield')).toBe(false);
    expect(rows.has('stock_derivatives')).toBe(false);
    expect(rows.has('hk_shares')).toBe(false);
    expect(rows.get('board')?.value).toBe('BSE');
    expect(rows.get('eps')?.value).toBe('\u22120.2');
    expect(rows.get('pe')).toMatchObject({ label: 'P/E', value: 'n/m (loss)' });
    expect(rows.get('float_cap')?.value).toBe('¥1.68B');
    expect(JSON.stringify(sections)).not.toContain('undefined');
  });

  it('has no valuation section without a last price', () => {
    const sections = stockInfoSections(TENCENT, undefined);
    expect(sections.map((section) => section.id)).toEqual(['company', 'shares', 'per-share']);
  });

  it('drops empty sections', () => {
    expect(stockInfoSections({ symbol: 'X.US', exchange: 'NASD' }, '10').map((section) => section.id)).toEqual(['company']);
  });
});

describe('labels', () => {
  it('names known boards by name alone (no raw code) and keeps unknown codes', () => {
    expect(boardLabel('star')).toBe('STAR Market');
    expect(boardLabel('chinext')).toBe('ChiNext');
    expect(boardLabel('sh_main')).toBe('SSE Main Board');
    expect(boardLabel('sz_main')).toBe('SZSE Main Board');
    expect(boardLabel('xyz')).toBe('xyz');
  });
  it('names a board in Chinese without its raw code', async () => {
    await loadLanguage('zh-CN');
    try {
      expect(boardLabel('sh_main')).toBe('上交所主板');
    } finally {
      await loadLanguage('en');
    }
  });
  it('names derivatives', () => {
    expect(derivativesLabel([1])).toBe('Options');
    expect(derivativesLabel([2, 7])).toBe('Warrants, Type 7');
    expect(derivativesLabel([])).toBe('None');
  });
});
