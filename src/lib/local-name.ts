/**
 * A name from the data in the script of the chosen language, where the data has one: the
 * catalogue's and stock info's English, Simplified and Traditional names (name_en, name_cn,
 * name_hk), else the name the data calls its own.
 */
import { catalogOf, type Language } from '../i18n/locales';
import { hasHan } from './han';
import { pairName } from './pair-name';

export interface ScriptNames {
  en?: string;
  /** Simplified Chinese (name_cn). */
  hans?: string;
  /** Traditional Chinese (name_hk). */
  hant?: string;
}

/** Writes Simplified Chinese in the language's Traditional script (queries/use-traditional-script.ts). */
export type ToTraditional = (simplified: string) => string;

/**
 * In Traditional Chinese without a Traditional name (A-shares, China futures: the data has only
 * name_cn), the Simplified one is written in Traditional by `toTraditional`, when given.
 */
export function localName(name: string, names: ScriptNames, language: Language, toTraditional?: ToTraditional): string {
  const chinese = hasHan(name) ? name : undefined;
  const present = (candidate: string | undefined): candidate is string => candidate !== undefined && candidate !== '';
  const pick = (...candidates: (string | undefined)[]) => candidates.find(present) ?? name;
  if (language === 'zh-CN') return pick(names.hans, chinese, names.hant);
  if (catalogOf(language) === 'zh-Hant') {
    if (present(names.hant)) return names.hant;
    // Converted only when there is no Traditional name (use-local-name.ts notes whether it was).
    const simplified = [names.hans, chinese].find(present);
    return simplified === undefined ? name : (toTraditional?.(simplified) ?? simplified);
  }
  return pick(names.en);
}

/** What the catalogue knows of one symbol's names (a CatalogItem has these). */
export interface NamedSymbol {
  symbol: string;
  /** The product list's name. */
  name: string;
  /** stock-info's names, '' when absent or the same as `name`. */
  nameEn: string;
  nameCn: string;
  nameHk: string;
}

/** Each symbol's name in a language's script; undefined for a symbol the catalogue does not have. */
export interface LocalNames {
  nameOf(symbol: string, language: Language, toTraditional?: ToTraditional): string | undefined;
}

/** The names of every symbol, looked up by symbol (an ambiguous symbol's first type names it). */
export function localNames(items: Iterable<NamedSymbol>): LocalNames {
  const bySymbol = new Map<string, NamedSymbol>();
  for (const item of items) if (!bySymbol.has(item.symbol)) bySymbol.set(item.symbol, item);
  return {
    nameOf: (symbol, language, toTraditional) => {
      const item = bySymbol.get(symbol);
      return item && localName(pairName(symbol, item.name) ?? item.name, { en: item.nameEn, hans: item.nameCn, hant: item.nameHk }, language, toTraditional);
    },
  };
}

/** Whether the language writes names in Han characters (the Chinese ones). */
const readsHan = (language: Language): boolean => language !== 'en' && language !== 'pseudo';

/**
 * A search match's names as a list shows them: its name in the language's script (騰訊控股 in
 * Traditional, TENCENT in English where the data names it 腾讯控股, 黄金/美元 in zh-CN where the
 * data names it Gold / US Dollar: pairName), and beside it the name that matched, or else the
 * data's own, when that differs. In Chinese the data's own name in the other script is no other
 * name (騰訊控股 alone in zh-HK, not 騰訊控股 腾讯控股; a name typed in the other script still shows
 * beside), nor is the English a pair's name was written from. The palette and the add boxes show
 * the same.
 */
export function matchNames(
  match: { symbol?: string; name: string; matchedName?: string; names: { en: string; hans: string; hant: string } },
  language: Language,
  toTraditional?: ToTraditional,
): { name: string; detail?: string } {
  const { name, matchedName, names } = match;
  const pair = match.symbol === undefined ? undefined : pairName(match.symbol, name);
  const shown = localName(pair ?? name, names, language, toTraditional);
  const matched = matchedName !== undefined && matchedName !== shown;
  const detail = matched ? matchedName : name;
  // The data's own name beside, where nothing else matched: not when it is the shown name in the
  // other Chinese script, nor the English a pair's name was written from.
  const sameName = detail === shown || (!matched && (pair !== undefined || (readsHan(language) && hasHan(shown) && hasHan(name))));
  return sameName ? { name: shown } : { name: shown, detail };
}
