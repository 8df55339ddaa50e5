/**
 * Dates and numbers in the active language through `Intl`. English keeps the app's en-GB dates
 * ('Fri 27 Nov') and its own compact numbers (src/lib/format.ts: 1.20K, 12.3B); Chinese reads
 * large numbers in 万 and 亿 (12.3亿, 12.3億), Hong Kong's Traditional script included; 10^12 reads
 * 1.23万亿 in zh-CN, 1.23兆 in zh-TW and 1.23萬億 in zh-HK.
 */
import { activeLanguage, t } from './translate';

/** The locale dates are written in: en-GB for English (and the pseudo-locale), else the language. */
export function dateLocale(): string {
  const language = activeLanguage();
  return language === 'en' || language === 'pseudo' ? 'en-GB' : language;
}

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/** A cached Intl.DateTimeFormat in the active language; `name` tells apart the option sets. */
export function dateFormatter(name: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${dateLocale()}|${name}|${options.timeZone ?? ''}`;
  let formatter = dateFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(dateLocale(), options);
    dateFormatters.set(key, formatter);
  }
  return formatter;
}

const compactFormatters = new Map<string, Intl.NumberFormat>();

/**
 * Three significant digits in the language's own large units (1.23万, 12.3亿 / 12.3億), or
 * undefined for English, whose units src/lib/format.ts writes itself.
 */
export function chineseCompact(abs: number): string | undefined {
  const language = activeLanguage();
  if (language === 'en' || language === 'pseudo') return undefined;
  // zh-HK's own CLDR data writes 1.2B; Hong Kong's Chinese text reads 億 as Taiwan's does.
  const locale = language === 'zh-CN' ? 'zh-CN' : 'zh-TW';
  let formatter = compactFormatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { notation: 'compact', maximumSignificantDigits: 3 });
    compactFormatters.set(locale, formatter);
  }
  const text = formatter.format(abs);
  // 10^12: Taiwan writes 兆 (CLDR's zh-TW, and Taiwan's press: 台股市值 70兆); Hong Kong writes 萬億
  // (the HKEX's and Futu HK's 市值 1.23萬億), where 兆 also reads as a million (兆字節, 兆赫).
  return language === 'zh-HK' ? text.replace('兆', '萬億') : text;
}

/** 'crypto and forex', 'Quotes, trades and depth': a list in the language's words. */
export function andList(names: readonly string[]): string {
  const last = names.at(-1) ?? '';
  return names.length < 2 ? last : t('{list} and {last}', { list: names.slice(0, -1).join(', '), last });
}
