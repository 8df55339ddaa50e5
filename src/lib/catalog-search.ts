/**
 * Search over the whole catalogue index (shared/catalog.ts), in the browser, from the first
 * keystroke: prepared once when the index arrives, so a keystroke only compares.
 *
 * What matches, best first:
 * 0. the symbol in any spelling of the contract (`nvda`, `NVDA.US`, `700`, `00700`, `0700.HK`);
 * 1. the start of a symbol (`ETH` → ETHUSDT, `6005` → 600519.SH);
 * 2. the start of a name — the product list's, English, Simplified or Traditional Chinese — or
 *    of its pinyin, full or initials (`tencent`, `腾讯`, `tengxun`, `txkg`);
 * 3. the start of a later word of a name or syllable of its pinyin (`holdings`, `茅台`, `maotai`);
 * 4. anything else inside a symbol (`USDT` → every USDT pair).
 * Inside a word of a Latin name nothing matches: `ETH` is not a match of "Tether" at all, so a
 * few letters do not list every pair quoted in Tether. Several words must each start a word of
 * the same name, in any order. Within a rank the shorter symbol or name wins (the closer match),
 * then the product list's order.
 */
import type { CatalogEntry, CatalogIndex } from '#shared/catalog.ts';
import type { Market, ProductType } from '#shared/contract.ts';
import { hkCodeOf, normalizeSymbol, symbolCode } from '#shared/symbols.ts';
import { fold, hasHan, pinyinWords, queryTokens, toWords, wordIndex, type Words } from './catalog-text';

export const MATCH_RANK = { symbol: 0, symbolStart: 1, nameStart: 2, nameWord: 3, insideSymbol: 4 } as const;
export type MatchRank = (typeof MATCH_RANK)[keyof typeof MATCH_RANK];

export interface CatalogItem {
  symbol: string;
  type: ProductType;
  market: Market;
  /** The product list's name. */
  name: string;
  /** stock-info's names, '' when absent or the same as `name`. */
  nameEn: string;
  nameCn: string;
  nameHk: string;
}

export interface CatalogMatch {
  item: CatalogItem;
  rank: MatchRank;
  /** The name that matched when it is not `item.name` (an English or Chinese name, or the one whose pinyin matched). */
  matchedName?: string;
}

export interface SearchOptions {
  market?: Market;
  type?: ProductType;
  /** Most matches returned (all are counted); default 50. */
  limit?: number;
}

export interface SearchResult {
  /** Best first. */
  matches: CatalogMatch[];
  /** Every match, beyond `limit` too. */
  total: number;
}

/** Matches of one symbol together: an ambiguous symbol (BTCUSD) is one symbol of several types. */
export interface SymbolMatch {
  symbol: string;
  market: Market;
  /** The best match's name, and the other name that matched, if any. */
  name: string;
  matchedName?: string;
  /** The best match's names in each script ('' when absent or the same as `name`). */
  names: { en: string; hans: string; hant: string };
  /** Every matched type, the best match's first. */
  types: ProductType[];
}

/** One entry per symbol, at its best match's place. */
export function bySymbol(matches: readonly CatalogMatch[]): SymbolMatch[] {
  const grouped = new Map<string, SymbolMatch>();
  for (const { item, matchedName } of matches) {
    const listed = grouped.get(item.symbol);
    if (listed === undefined) {
      const names = { en: item.nameEn, hans: item.nameCn, hant: item.nameHk };
      grouped.set(item.symbol, { symbol: item.symbol, market: item.market, name: item.name, ...(matchedName !== undefined && { matchedName }), names, types: [item.type] });
    } else if (!listed.types.includes(item.type)) {
      listed.types.push(item.type);
    }
  }
  return [...grouped.values()];
}

export interface CatalogSearch {
  /** Instruments in the index. */
  readonly size: number;
  readonly lastUpdated: string;
  /** An empty query lists the catalogue (filtered) in its order. */
  search(query: string, options?: SearchOptions): SearchResult;
  /** The same matches one per symbol (bySymbol); `total` still counts instruments. */
  searchSymbols(query: string, options?: SearchOptions): { matches: SymbolMatch[]; total: number };
  /** The instruments a typed symbol names, in any spelling: one per type (BTCUSD: crypto and forex); none when unknown. */
  lookup(input: string): CatalogItem[];
}

interface Prepared {
  item: CatalogItem;
  order: number;
  /** Without the exchange suffix: NVDA, 700, 600519, ETHUSDT. */
  code: string;
  names: { original: string; words: Words }[];
  pinyin?: { full: Words; initials: Words; of: string };
}

/** The symbol parts of a query, worked out once per keystroke. */
interface SymbolQuery {
  /** As the catalogue spells symbols: 0700.hk → 700.HK. */
  symbol: string;
  /** The query without an exchange suffix; undefined when it had one (then only `symbol` compares). */
  code: string | undefined;
  /** 1–5 digits without leading zeros, compared with HK codes. */
  hkCode: string | undefined;
}

interface Scored extends CatalogMatch {
  /** Length of what matched: the closer match is the shorter one. */
  closeness: number;
  order: number;
}

const DEFAULT_LIMIT = 50;

function prepare(entry: CatalogEntry, order: number): Prepared {
  const [symbol, type, market, name, nameEn, nameCn, nameHk, pinyin] = entry;
  const item: CatalogItem = { symbol, type, market, name, nameEn, nameCn, nameHk };
  const names = [name, nameEn, nameCn, nameHk].filter((text) => text !== '').map((original) => ({ original, words: toWords(original) }));
  const chinese = [nameCn, name, nameHk].find(hasHan) ?? name;
  return { item, order, code: symbolCode(symbol), names, ...(pinyin !== '' && { pinyin: { ...pinyinWords(pinyin), of: chinese } }) };
}

function symbolQueryOf(query: string): SymbolQuery {
  const compact = query.replace(/\s+/g, '');
  const symbol = normalizeSymbol(compact);
  const bare = symbolCode(symbol) === symbol;
  return { symbol, code: bare ? symbol : undefined, hkCode: bare ? hkCodeOf(symbol) : undefined };
}

function symbolRank({ item: { symbol, market }, code }: Prepared, query: SymbolQuery): MatchRank | undefined {
  // HK codes are compared without leading zeros (00700 is 700); A-share codes keep theirs (000001).
  const typed = market === 'HK' ? (query.hkCode ?? query.code) : query.code;
  if (symbol === query.symbol || code === typed) return MATCH_RANK.symbol;
  if (symbol.startsWith(query.symbol) || (typed !== undefined && code.startsWith(typed))) return MATCH_RANK.symbolStart;
  return undefined;
}

/** Where every token starts a word of `words`: the first token's position, or -1. */
function tokensIndex(words: Words, tokens: readonly string[]): number {
  let first = -1;
  for (const [index, token] of tokens.entries()) {
    const at = wordIndex(words, token);
    if (at === -1) return -1;
    if (index === 0) first = at;
  }
  return first;
}

function nameMatch(entry: Prepared, tokens: readonly string[], pinyinQuery: string | undefined): Omit<Scored, 'item' | 'order'> | undefined {
  let best: Omit<Scored, 'item' | 'order'> | undefined;
  const consider = (at: number, closeness: number, matched: string): void => {
    if (at === -1) return;
    const rank = at === 0 ? MATCH_RANK.nameStart : MATCH_RANK.nameWord;
    if (best !== undefined && (best.rank < rank || (best.rank === rank && best.closeness <= closeness))) return;
    best = { rank, closeness, ...(matched !== entry.item.name && { matchedName: matched }) };
  };
  for (const { original, words } of entry.names) consider(tokensIndex(words, tokens), words.text.length, original);
  if (pinyinQuery !== undefined && entry.pinyin !== undefined) {
    const { full, initials, of } = entry.pinyin;
    consider(wordIndex(full, pinyinQuery), full.text.length, of);
    consider(wordIndex(initials, pinyinQuery), initials.text.length, of);
  }
  return best;
}

function compareScored(a: Scored, b: Scored): number {
  return a.rank - b.rank || a.closeness - b.closeness || a.order - b.order;
}

function publicMatch({ item, rank, matchedName }: Scored): CatalogMatch {
  return { item, rank, ...(matchedName !== undefined && { matchedName }) };
}

export function createCatalogSearch(index: CatalogIndex): CatalogSearch {
  const entries = index.entries.map(prepare);

  const passes = (entry: Prepared, options: SearchOptions): boolean =>
    (options.market === undefined || entry.item.market === options.market) && (options.type === undefined || entry.item.type === options.type);

  const lookup = (input: string): CatalogItem[] => {
    const query = symbolQueryOf(input.trim().toUpperCase());
    return entries.filter((entry) => symbolRank(entry, query) === MATCH_RANK.symbol).map((entry) => entry.item);
  };

  const search = (raw: string, options: SearchOptions = {}): SearchResult => {
    const limit = options.limit ?? DEFAULT_LIMIT;
    const query = raw.trim();
    if (query === '') {
      const listed = entries.filter((entry) => passes(entry, options));
      return { matches: listed.slice(0, limit).map(({ item }) => ({ item, rank: MATCH_RANK.symbol })), total: listed.length };
    }
    const tokens = queryTokens(query);
    // Pinyin is typed in Latin letters: `teng xun`, `tengxun`, `txkg`.
    const latin = fold(query).replace(/[\s']+/g, '');
    const pinyinQuery = /^[a-z0-9]*[a-z][a-z0-9]*$/.test(latin) ? latin : undefined;
    const symbolQuery = symbolQueryOf(query.toUpperCase());
    const inside = symbolQuery.symbol.length >= 2 && !hasHan(query) ? symbolQuery.symbol : undefined;
    const scored: Scored[] = [];
    for (const entry of entries) {
      if (!passes(entry, options)) continue;
      const { item, order } = entry;
      const bySymbol = symbolRank(entry, symbolQuery);
      if (bySymbol !== undefined) {
        scored.push({ item, order, rank: bySymbol, closeness: entry.code.length });
        continue;
      }
      const byName = tokens.length > 0 ? nameMatch(entry, tokens, pinyinQuery) : undefined;
      if (byName !== undefined) scored.push({ item, order, ...byName });
      else if (inside !== undefined && item.symbol.includes(inside)) scored.push({ item, order, rank: MATCH_RANK.insideSymbol, closeness: entry.code.length });
    }
    scored.sort(compareScored);
    return { matches: scored.slice(0, limit).map(publicMatch), total: scored.length };
  };

  const searchSymbols = (query: string, options?: SearchOptions) => {
    const { matches, total } = search(query, options);
    return { matches: bySymbol(matches), total };
  };

  return { size: entries.length, lastUpdated: index.lastUpdated, search, searchSymbols, lookup };
}
