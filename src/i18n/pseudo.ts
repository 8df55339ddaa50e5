/**
 * The pseudo-locale (`lang=pseudo`, for tests): every English message accented and bracketed,
 * "Watchlist" → "[Ŵàţçĥļîšţ]", so any plain English left on a screen was never translated.
 * `{name}` parameters are kept as they are. A chunk of its own, loaded only for that link.
 */
import type { Catalog } from './catalog';
import { MESSAGES } from './messages';

const ACCENTED: Record<string, string> = {
  a: 'à',
  c: 'ç',
  e: 'é',
  g: 'ĝ',
  h: 'ĥ',
  i: 'î',
  j: 'ĵ',
  l: 'ļ',
  n: 'ñ',
  o: 'ö',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'ü',
  w: 'ŵ',
  y: 'ý',
  z: 'ž',
  A: 'À',
  C: 'Ç',
  E: 'É',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Î',
  L: 'Ļ',
  N: 'Ñ',
  O: 'Ö',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Ü',
  W: 'Ŵ',
  Y: 'Ý',
  Z: 'Ž',
};

/** Accents the letters outside `{…}` parameters, and brackets the whole. */
export function pseudoText(text: string): string {
  const body = text.split(/(\{\w+\})/).map((part) => (part.startsWith('{') ? part : part.replace(/[a-zA-Z]/g, (letter) => ACCENTED[letter] ?? letter)));
  return `[${body.join('')}]`;
}

const catalog = Object.fromEntries(MESSAGES.map((message) => [message, pseudoText(message)])) as Record<string, string> as Catalog;
export default catalog;
