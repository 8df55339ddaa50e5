/**
 * The translation runtime: the active language and its catalog (loaded by load-language.ts), and
 * `t`, which reads a message in it (English: the message itself, the key, less a `|context`
 * suffix), fills in `{name}` parameters and, for English, picks the singular when `count` asks
 * for it.
 */
import type { Catalog } from './catalog';
import { ENGLISH_ONE } from './english-plurals';
import type { Language } from './locales';
import type { MessageKey } from './messages';

export type { MessageKey } from './messages';
export type Params = Record<string, string | number>;

let active: { language: Language; catalog?: Catalog } = { language: 'en' };

/**
 * English's cardinal rule, as Intl.PluralRules('en') selects it for a number: 'one' for 1 (and −1),
 * 'other' for the rest. Written out because the first Intl object of a page pays ICU's set-up
 * (measured: 150 ms under a phone's 4× slowdown, a long task of the first page), and the first
 * page's other formatting avoids Intl.
 */
function isEnglishOne(count: number): boolean {
  return Math.abs(count) === 1;
}

/** Makes `language` the one every translation reads (its catalog; none for English). */
export function activate(language: Language, catalog?: Catalog): void {
  active = { language, ...(catalog && { catalog }) };
}

export function activeLanguage(): Language {
  return active.language;
}

export function t(key: MessageKey, params?: Params): string {
  let text = active.catalog?.[key];
  if (text === undefined) {
    const one = params?.count !== undefined && isEnglishOne(Number(params.count)) ? ENGLISH_ONE[key] : undefined;
    text = one ?? key;
    // 'Open|price': one English word in two senses, told apart for the translators.
    const bar = text.indexOf('|');
    if (bar > 0) text = text.slice(0, bar);
  }
  return params ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole)) : text;
}
