/**
 * The translation runtime: the active language's catalog (loaded by load-language.ts), and
 * `translate`, which reads a key from it, falling back to the English the caller owns, fills in
 * `{name}` parameters and picks a plural form by `count` (Intl.PluralRules).
 */
import { intlLocale, type Language } from './locales';

/** A message with plural forms (English needs `one`; Chinese has `other` only). */
export interface Plural {
  one?: string;
  other: string;
}
export type Message = string | Plural;
export type Params = Record<string, string | number>;

let active: { language: Language; catalog?: Readonly<Record<string, Message>> } = { language: 'en' };
let plurals: Intl.PluralRules | undefined;

/** Makes `language` the one every translation reads (its catalog, undefined for English). */
export function activate(language: Language, catalog?: Readonly<Record<string, Message>>): void {
  active = { language, ...(catalog && { catalog }) };
  plurals = undefined;
}

export function activeLanguage(): Language {
  return active.language;
}

export function translate<K extends string>(english: Readonly<Record<K, Message>>, key: K, params?: Params): string {
  const message = active.catalog?.[key] ?? english[key];
  let text: string;
  if (typeof message === 'string') text = message;
  else {
    plurals ??= new Intl.PluralRules(intlLocale(active.language));
    const form = plurals.select(Number(params?.count ?? 0));
    text = (form === 'one' ? message.one : undefined) ?? message.other;
  }
  return params ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole)) : text;
}
