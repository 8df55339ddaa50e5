import { describe, expect, it } from 'vitest';
import { localNames, type NamedSymbol } from './local-name';

/** As the catalogue has them (server/sim/catalog): '' where a name is absent or the same as one before it. */
const ITEMS: NamedSymbol[] = [
  { symbol: '700.HK', name: '腾讯控股', nameEn: 'TENCENT', nameCn: '', nameHk: '騰訊控股' },
  { symbol: '5.HK', name: '汇丰控股', nameEn: 'HSBC HOLDINGS', nameCn: '', nameHk: '滙豐控股' },
  { symbol: '1299.HK', name: '友邦保险', nameEn: 'AIA', nameCn: '', nameHk: '友邦保險' },
  { symbol: 'AAPL.US', name: 'Apple Inc.', nameEn: '', nameCn: '苹果', nameHk: '蘋果' },
  { symbol: '600519.SH', name: '贵州茅台', nameEn: '', nameCn: '', nameHk: '' },
  { symbol: 'BTCUSD', name: 'Bitcoin / US Dollar', nameEn: '', nameCn: '', nameHk: '' },
  { symbol: 'BTCUSD', name: 'BTC / USD (forex)', nameEn: '', nameCn: '', nameHk: '' },
];

const names = localNames(ITEMS);
const symbols = ['700.HK', '5.HK', '1299.HK', 'AAPL.US', '600519.SH'];

describe('localNames', () => {
  it('gives Traditional names in zh-TW and zh-HK', () => {
    for (const language of ['zh-TW', 'zh-HK'] as const)
      expect(symbols.map((symbol) => names.nameOf(symbol, language))).toEqual(['騰訊控股', '滙豐控股', '友邦保險', '蘋果', '贵州茅台']);
  });

  it('gives Simplified names in zh-CN, an English company too', () => {
    expect(symbols.map((symbol) => names.nameOf(symbol, 'zh-CN'))).toEqual(['腾讯控股', '汇丰控股', '友邦保险', '苹果', '贵州茅台']);
  });

  it('gives HK stocks their English names in English (and the pseudo-locale); a name with no English stays', () => {
    for (const language of ['en', 'pseudo'] as const)
      expect(symbols.map((symbol) => names.nameOf(symbol, language))).toEqual(['TENCENT', 'HSBC HOLDINGS', 'AIA', 'Apple Inc.', '贵州茅台']);
  });

  it('names an ambiguous symbol by its first type, and knows nothing of a symbol the catalogue lacks', () => {
    expect(names.nameOf('BTCUSD', 'en')).toBe('Bitcoin / US Dollar');
    expect(names.nameOf('ZZZ.US', 'zh-TW')).toBeUndefined();
  });
});
