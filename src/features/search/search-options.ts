/**
 * The palette's options: the catalogue's matches for what the user typed, best first (ranking in
 * src/lib/catalog-search.ts), one option per symbol (an ambiguous symbol's types together), and —
 * when the input has a symbol shape the catalogue does not know — "Open <SYMBOL>" last. The best
 * match is the default, so Enter opens it; the typed symbol never is, unless the catalogue could
 * not be loaded at all (then it is all there is).
 */
import type { Market, ProductType } from '#shared/contract.ts';
import { looksLikeSymbol, marketOfSymbol, normalizeSymbol } from '#shared/symbols.ts';
import type { CatalogSearch, SymbolMatch } from '../../lib/catalog-search';
import { matchNames, type ToTraditional } from '../../lib/local-name';
import { activeLanguage } from '../../i18n/translate';

export interface SearchOption {
  /** Unique within one list of options. */
  key: string;
  symbol: string;
  name?: string;
  /** Another name that matched (an English name, the Chinese one whose pinyin was typed). */
  detail?: string;
  market: Market;
  /** The catalogue's types of the symbol: one, or several for an ambiguous symbol (BTCUSD); none for a typed symbol. */
  types: ProductType[];
  /** Typed by the user, not in the catalogue. */
  direct: boolean;
}

export interface ProductFilters {
  market?: Market;
  type?: ProductType;
}

export interface OptionList {
  options: SearchOption[];
  /** Catalogue matches, those beyond the limit too; undefined while the catalogue is not loaded. */
  total: number | undefined;
  /** What Enter opens when the user has not moved: the best match, or -1. */
  defaultIndex: number;
}

/** Named as the header and the watchlist name it, in the language's script (matchNames). */
function toOption(match: SymbolMatch, toTraditional: ToTraditional | undefined): SearchOption {
  const { symbol, market, types } = match;
  return { key: symbol, symbol, ...matchNames(match, activeLanguage(), toTraditional), market, types, direct: false };
}

export function directOption(query: string): SearchOption | undefined {
  if (!looksLikeSymbol(query)) return undefined;
  const symbol = normalizeSymbol(query);
  return { key: `direct|${symbol}`, symbol, market: marketOfSymbol(symbol), types: [], direct: true };
}

export interface BuildOptions {
  filters: ProductFilters;
  /** Most catalogue matches listed. */
  limit: number;
  /** The catalogue failed to load: a typed symbol is all there is, and the default. */
  catalogFailed?: boolean;
  /** Writes Simplified names in Traditional, in zh-TW and zh-HK once loaded (useTraditionalScript). */
  toTraditional?: ToTraditional;
}

export function buildOptions(
  catalog: CatalogSearch | undefined,
  query: string,
  { filters, limit, catalogFailed = false, toTraditional }: BuildOptions,
): OptionList {
  const trimmed = query.trim();
  if (catalog === undefined) {
    const direct = directOption(trimmed);
    return { options: direct ? [direct] : [], total: undefined, defaultIndex: direct && catalogFailed ? 0 : -1 };
  }
  const { matches, total } = catalog.searchSymbols(trimmed, { ...filters, limit });
  const options = matches.map((match) => toOption(match, toTraditional));
  const defaultIndex = options.length > 0 ? 0 : -1;
  const direct = catalog.lookup(trimmed).length === 0 ? directOption(trimmed) : undefined;
  return { options: direct ? [...options, direct] : options, total, defaultIndex };
}
