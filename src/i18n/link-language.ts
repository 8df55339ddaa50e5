/** A link's `lang=`: the language it names, or (badLinkLanguage) the text it had when it names none. */
import { parseLanguage, type Language } from './locales';

function rawLang(search: string): string | undefined {
  const raw = new URLSearchParams(search).get('lang');
  return raw === null || raw.trim() === '' ? undefined : raw;
}

export function linkLanguage(search: string): Language | undefined {
  const raw = rawLang(search);
  return raw === undefined ? undefined : parseLanguage(raw);
}

/** The `lang=` value of a link that names no language we speak, cut short; undefined otherwise. */
export function badLinkLanguage(search: string): string | undefined {
  const raw = rawLang(search);
  return raw !== undefined && parseLanguage(raw) === undefined ? raw.slice(0, 24) : undefined;
}
