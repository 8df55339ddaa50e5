/**
 * The app's languages: English, Simplified Chinese (zh-CN) and Traditional Chinese (zh-TW, zh-HK:
 * one catalog, two regions), and which catalog, `Intl` locale and up/down colours each one takes.
 * `pseudo` (a link's `lang=pseudo` only) marks every translated text, so a journey can find what
 * is not translated.
 */
export const LOCALES = ['en', 'zh-CN', 'zh-TW', 'zh-HK'] as const;
export type Locale = (typeof LOCALES)[number];
export type Language = Locale | 'pseudo';
export const LANGUAGES: readonly Language[] = [...LOCALES, 'pseudo'];

/** The lazily loaded catalog of a language; English is built in. */
export type CatalogName = 'zh-Hans' | 'zh-Hant' | 'pseudo';
export function catalogOf(language: Language): CatalogName | undefined {
  if (language === 'zh-CN') return 'zh-Hans';
  if (language === 'zh-TW' || language === 'zh-HK') return 'zh-Hant';
  return language === 'pseudo' ? 'pseudo' : undefined;
}

/** The locale `Intl` formats numbers and dates in. */
export function intlLocale(language: Language): string {
  return language === 'pseudo' ? 'en' : language;
}

/** The language a link's or a saved value names (case and `_` forgiven), or undefined. */
export function parseLanguage(raw: string): Language | undefined {
  const wanted = raw.trim().replace('_', '-').toLowerCase();
  return LANGUAGES.find((language) => language.toLowerCase() === wanted);
}

/** One browser language tag as one of ours, or undefined for a language we do not speak. */
function localeOfTag(tag: string): Locale | undefined {
  const [language = '', ...rest] = tag.toLowerCase().split(/[-_]/);
  if (language === 'en') return 'en';
  if (language !== 'zh') return undefined;
  if (rest.includes('hk') || rest.includes('mo')) return 'zh-HK';
  if (rest.includes('tw') || rest.includes('hant')) return 'zh-TW';
  return 'zh-CN';
}

/** The first of the browser's languages that we speak (navigator.languages), else English. */
export function detectLocale(languages: readonly string[]): Locale {
  for (const tag of languages) {
    const locale = localeOfTag(tag);
    if (locale) return locale;
  }
  return 'en';
}

/** The up/down colours a region reads: red for up on the mainland and in Taiwan, green elsewhere. */
export function regionColors(language: Language): 'green-up' | 'red-up' {
  return language === 'zh-CN' || language === 'zh-TW' ? 'red-up' : 'green-up';
}
