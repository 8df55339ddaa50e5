/**
 * The pseudo-locale (`lang=pseudo`, for tests): every English message accented and bracketed,
 * "Watchlist" → "[Ŵàţçĥļîšţ]", so any plain English left on a screen was never translated.
 * `{name}` parameters are kept as they are. A chunk of its own, loaded only for that link.
 */
import type { Catalog } from './catalog';
import { BESIDE } from './beside';
import { CORE } from './core';
import { PANELS } from './panels';
import type { Message } from './translate';

const ACCENTED: Record<string, string> = {
  a: 'à', c: 'ç', e: 'é', g: 'ĝ', h: 'ĥ', i: 'î', j: 'ĵ', l: 'ļ', n: 'ñ', o: 'ö', r: 'ŕ', s: 'š', t: 'ţ', u: 'ü', w: 'ŵ', y: 'ý', z: 'ž',
  A: 'À', C: 'Ç', E: 'É', G: 'Ĝ', H: 'Ĥ', I: 'Î', L: 'Ļ', N: 'Ñ', O: 'Ö', R: 'Ŕ', S: 'Š', T: 'Ţ', U: 'Ü', W: 'Ŵ', Y: 'Ý', Z: 'Ž',
};

/** Accents the letters outside `{…}` parameters, and brackets the whole. */
export function pseudoText(text: string): string {
  const body = text.split(/(\{\w+\})/).map((part) => (part.startsWith('{') ? part : part.replace(/[a-zA-Z]/g, (letter) => ACCENTED[letter] ?? letter)));
  return `[${body.join('')}]`;
}

function pseudoMessage(message: Message): Message {
  return typeof message === 'string' ? pseudoText(message) : { ...(message.one !== undefined && { one: pseudoText(message.one) }), other: pseudoText(message.other) };
}

const catalog = Object.fromEntries(Object.entries({ ...CORE, ...BESIDE, ...PANELS }).map(([key, message]) => [key, pseudoMessage(message)])) as unknown as Catalog;
export default catalog;
