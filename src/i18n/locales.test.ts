import { describe, expect, it } from 'vitest';
import { badLinkLanguage, linkLanguage } from './link-language';
import { catalogOf, detectLocale, parseLanguage, regionColors } from './locales';

describe('locale detection', () => {
  it('takes the first browser language it speaks, by region and by script', () => {
    expect(detectLocale(['zh-CN'])).toBe('zh-CN');
    expect(detectLocale(['zh'])).toBe('zh-CN');
    expect(detectLocale(['zh-Hans-SG'])).toBe('zh-CN');
    expect(detectLocale(['zh-TW'])).toBe('zh-TW');
    expect(detectLocale(['zh-Hant'])).toBe('zh-TW');
    expect(detectLocale(['zh-HK'])).toBe('zh-HK');
    expect(detectLocale(['zh-Hant-HK'])).toBe('zh-HK');
    expect(detectLocale(['zh_MO'])).toBe('zh-HK');
    expect(detectLocale(['fr-FR', 'de', 'zh-TW', 'en-US'])).toBe('zh-TW');
    expect(detectLocale(['en-GB', 'zh-CN'])).toBe('en');
  });

  it('falls back to English for languages it does not speak, or none', () => {
    expect(detectLocale(['fr-FR', 'ja'])).toBe('en');
    expect(detectLocale([])).toBe('en');
  });

  it('reads a link’s lang= forgivingly, and reports one it cannot read', () => {
    expect(linkLanguage('?symbol=700.HK&lang=zh-hk')).toBe('zh-HK');
    expect(linkLanguage('?lang=zh_TW')).toBe('zh-TW');
    expect(linkLanguage('?lang=pseudo')).toBe('pseudo');
    expect(linkLanguage('?symbol=AAPL.US')).toBeUndefined();
    expect(linkLanguage('?lang=klingon')).toBeUndefined();
    expect(badLinkLanguage('?lang=klingon')).toBe('klingon');
    expect(badLinkLanguage(`?lang=${'x'.repeat(40)}`)).toHaveLength(24);
    expect(badLinkLanguage('?lang=zh-CN')).toBeUndefined();
    expect(badLinkLanguage('?lang=')).toBeUndefined();
    expect(parseLanguage(' EN ')).toBe('en');
  });

  it('gives each region its colours and script', () => {
    expect(regionColors('zh-CN')).toBe('red-up');
    expect(regionColors('zh-TW')).toBe('red-up');
    expect(regionColors('zh-HK')).toBe('green-up');
    expect(regionColors('en')).toBe('green-up');
    expect(catalogOf('zh-CN')).toBe('zh-Hans');
    expect(catalogOf('zh-TW')).toBe('zh-Hant');
    expect(catalogOf('zh-HK')).toBe('zh-Hant');
    expect(catalogOf('en')).toBeUndefined();
  });
});
