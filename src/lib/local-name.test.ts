import { afterEach, describe, expect, it } from 'vitest';
import { loadLanguage } from '../i18n/load-language';
import { localName, localNames, matchNames, type NamedSymbol } from './local-name';

/** As the catalogue has them (server/sim/catalog): '' where a name is absent or the same as one before it. */
const ITEMS: NamedSymbol[] = [
  { symbol: '700.HK', name: '腾讯控股', nameEn: 'TENCENT', nameCn: '', nameHk: '騰訊控股' },
  { symbol: '5.HK', name: '汇丰控股', nameEn: 'HSBC HOLDINGS', nameCn: '', nameHk: '滙豐控股' },
  { symbol: '1299.HK', name: '友邦保险', nameEn: 'AIA', nameCn: '', nameHk: '友邦保險' },
  { symbol: 'AAPL.US', name: 'Apple Inc.', nameEn: '', nameCn: '苹果', nameHk: '蘋果' },
  { symbol: '600519.SH', name: '贵州茅台', nameEn: '', nameCn: '', nameHk: '' },
  { symbol: 'BTCUSD', name: 'Bitcoin / US Dollar', nameEn: '', nameCn: '', nameHk: '' },
  { symbol: 'BTCUSD', name: 'BTC / USD (forex)', nameEn: '', nameCn: '', nameHk: '' },
  { symbol: 'XAUUSD', name: 'Gold / US Dollar', nameEn: '', nameCn: '', nameHk: '' },
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

  it('writes a Simplified-only name in Traditional in zh-TW and zh-HK when given the converter, never a Traditional name', () => {
    const marked = (text: string) => `T(${text})`;
    for (const language of ['zh-TW', 'zh-HK'] as const) {
      expect(symbols.map((symbol) => names.nameOf(symbol, language, marked))).toEqual(['騰訊控股', '滙豐控股', '友邦保險', '蘋果', 'T(贵州茅台)']);
      expect(localName('贵州茅台', {}, language, marked)).toBe('T(贵州茅台)');
      expect(localName('Apple Inc.', { hans: '苹果' }, language, marked)).toBe('T(苹果)');
      // No Chinese name at all: the data's own, untouched.
      expect(localName('Apple Inc.', {}, language, marked)).toBe('Apple Inc.');
    }
    for (const language of ['zh-CN', 'en'] as const) expect(names.nameOf('600519.SH', language, marked)).toBe('贵州茅台');
  });

  it('names an ambiguous symbol by its first type, and knows nothing of a symbol the catalogue lacks', () => {
    expect(names.nameOf('BTCUSD', 'en')).toBe('Bitcoin / US Dollar');
    expect(names.nameOf('ZZZ.US', 'zh-TW')).toBeUndefined();
  });
});

describe('names of pairs and of matches in Chinese', () => {
  afterEach(async () => {
    await loadLanguage('en');
  });
  const tencent = { symbol: '700.HK', name: '腾讯控股', names: { en: 'TENCENT', hans: '', hant: '騰訊控股' } };
  const gold = { symbol: 'XAUUSD', name: 'Gold / US Dollar', names: { en: '', hans: '', hant: '' } };

  it('names a forex or metal pair in the language’s words, not the product list’s English', async () => {
    await loadLanguage('zh-CN');
    expect(names.nameOf('XAUUSD', 'zh-CN')).toBe('黄金/美元');
    expect(matchNames(gold, 'zh-CN')).toEqual({ name: '黄金/美元' });
    expect(matchNames({ ...gold, matchedName: 'gold' }, 'zh-CN')).toEqual({ name: '黄金/美元', detail: 'gold' });
    await loadLanguage('zh-HK');
    expect(names.nameOf('XAUUSD', 'zh-HK')).toBe('黃金/美元');
    await loadLanguage('en');
    expect(names.nameOf('XAUUSD', 'en')).toBe('Gold / US Dollar');
    // A name that is not the plain pair's stays as the data gives it.
    expect(names.nameOf('BTCUSD', 'zh-CN')).toBe('Bitcoin / US Dollar');
  });

  it('shows the Traditional name alone in zh-TW and zh-HK, not the Simplified one beside it', () => {
    for (const language of ['zh-TW', 'zh-HK'] as const) {
      expect(matchNames(tencent, language)).toEqual({ name: '騰訊控股' });
      // Found by 騰訊 (the Traditional name matched), by 腾讯 or tengxun (the data's own matched).
      expect(matchNames({ ...tencent, matchedName: '騰訊控股' }, language)).toEqual({ name: '騰訊控股' });
      // Another name that matched still shows: it says why the row is there.
      expect(matchNames({ ...tencent, matchedName: 'TENCENT' }, language)).toEqual({ name: '騰訊控股', detail: 'TENCENT' });
    }
    expect(matchNames(tencent, 'en')).toEqual({ name: 'TENCENT', detail: '腾讯控股' });
    // A match named in Simplified only is shown in Traditional, without the Simplified beside it.
    const moutai = { symbol: '600519.SH', name: '贵州茅台', names: { en: '', hans: '', hant: '' } };
    expect(matchNames(moutai, 'zh-HK', (text) => (text === '贵州茅台' ? '貴州茅台' : text))).toEqual({ name: '貴州茅台' });
    // The other script typed in zh-CN: the name that matched says why the row is there.
    expect(matchNames({ ...tencent, matchedName: '騰訊控股' }, 'zh-CN')).toEqual({ name: '腾讯控股', detail: '騰訊控股' });
  });
});
