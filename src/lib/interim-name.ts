/**
 * Which name shows while the catalogue's names (use-local-name) are still loading. A module of
 * its own: the symbol header uses it on the first page, before the catalogue code is wanted.
 */
import { marketOfSymbol } from '#shared/symbols.ts';
import { catalogOf, type Language } from '../i18n/locales';
import { hasHan } from './han';

/** Whether names read in Chinese characters in `language` (every language but English and its pseudo-locale). */
const readsHan = (language: Language): boolean => language !== 'en' && language !== 'pseudo';

/** Whether the catalogue may name `symbol` otherwise than its data in `language`: in English only an HK stock (name_en). */
export function catalogueMayRename(symbol: string, language: Language): boolean {
  return readsHan(language) || marketOfSymbol(symbol) === 'HK';
}

/**
 * The data's own name to show until the catalogue's names are in: withheld where it is in the
 * wrong script and the catalogue may have the right one (腾讯控股 in English, TENCENT a moment
 * later; Apple Inc. in zh-CN, 苹果 a moment later), so no name flashes in the wrong script. The
 * data writes Chinese in Simplified: in zh-TW and zh-HK its Chinese name waits too (騰訊控股 from
 * the catalogue, 貴州茅臺 from the converter, a moment later).
 */
export function interimName(symbol: string, name: string | undefined, language: Language): string | undefined {
  if (name === undefined || !catalogueMayRename(symbol, language)) return name;
  if (hasHan(name) && catalogOf(language) === 'zh-Hant') return undefined;
  return hasHan(name) === readsHan(language) ? name : undefined;
}
