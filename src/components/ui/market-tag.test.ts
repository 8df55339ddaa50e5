import { afterEach, describe, expect, it } from 'vitest';
import { loadLanguage } from '../../i18n/load-language';
import { marketTag } from './market-tag';

afterEach(() => loadLanguage('en'));

describe('marketTag', () => {
  it('names the products of no one market in the language, and keeps the markets’ codes', async () => {
    await loadLanguage('zh-CN');
    expect(['GLOBAL', 'US', 'HK', 'CN'].map((market) => marketTag(market as 'GLOBAL'))).toEqual(['全球', 'US', 'HK', 'CN']);
    await loadLanguage('zh-TW');
    expect(marketTag('GLOBAL')).toBe('全球');
    await loadLanguage('en');
    expect(marketTag('GLOBAL')).toBe('Global');
  });
});
