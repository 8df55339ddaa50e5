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
 * 4. anything else inside a symbol (`USDT` → every USDT pair);
 * 5. only when nothing above matches: a typo, one letter wrong, missing, added or two swapped (two
 *    in a word of eight or more), of the symbol or of a whole word of a name (`nvdia`, `tencnet`).
 * Inside a word of a Latin name nothing matches: `ETH` is not a match of "Tether" at all, so a
 * few letters do not list every pair quoted in Tether. Several words must each start a word of
 * the same name, in any order. A pair may be typed with a separator (`BTC/USDT`, `eur-usd`).
 * Within a rank, what a trader most likely means comes first: for a typo, the fewer letters wrong;
 * a name typed whole (`tencent`, `apple`) before one it starts; whole words before a word's start
 * (`gold` is the metal before Goldman Sachs); an alias (the word traders use for it, from the
 * server: shared/catalog.ts) before a name; then the bigger instrument (the server's size: `bank`
 * is the biggest bank, `hang seng` the index before the bank); then the shorter symbol or name
 * (the closer match), then the product list's order.
 */
import type { CatalogEntry, CatalogIndex } from '#shared/catalog.ts';
import type { Market, ProductType } from '#shared/contract.ts';
import { hkCodeOf, normalizeSymbol, symbolCode } from '#shared/symbols.ts';
import { editDistanceWithin, fold, hasHan, pinyinWords, queryTokens, toWords, wordIndex, wordMatch, wordsOf, type Words } from './catalog-text';
import { WordStartIndex } from './catalog-word-starts';

export const MATCH_RANK = { symbol: 0, symbolStart: 1, nameStart: 2, nameWord: 3, insideSymbol: 4, typo: 5 } as const;
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
      grouped.set(item.symbol, {
        symbol: item.symbol,
        market: item.market,
        name: item.name,
        ...(matchedName !== undefined && { matchedName }),
        names,
        types: [item.type],
      });
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
  /** log10 of US dollars, 0 when unknown (shared/catalog.ts). */
  size: number;
  /** Without the exchange suffix: NVDA, 700, 600519, ETHUSDT. */
  code: string;
  names: { original: string; words: Words; alias: boolean; compact: string }[];
  /** Per Latin name or alias, its words, for typos (Chinese names are found by their pinyin). */
  latinWords: { original: string; words: string[]; length: number; alias: boolean }[];
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
  /** Letters a typo got wrong; 0 for every other match. */
  edits: number;
  /** What was typed is the whole symbol or the whole of a name (`apple` for "Apple"). */
  exact: boolean;
  /** Every word typed is a whole word of what matched (`gold` in "Gold / US Dollar", not in "Goldman"). */
  whole: boolean;
  /** What matched is an alias: the word traders use for this instrument. */
  alias: boolean;
  /** Length of what matched: the closer match is the shorter one (for a typo, its letters wrong first). */
  closeness: number;
  order: number;
  size: number;
}

type NameScore = Omit<Scored, 'item' | 'order' | 'size'>;

const DEFAULT_LIMIT = 50;

/** A name's words, and its letters and digits alone, to tell a name typed whole. */
function nameOf(original: string, alias: boolean): Prepared['names'][number] {
  return { original, words: toWords(original), alias, compact: queryTokens(original).join('') };
}

function prepare(entry: CatalogEntry, order: number): Prepared {
  const [symbol, type, market, name, nameEn, nameCn, nameHk, pinyin, aliases, size] = entry;
  const item: CatalogItem = { symbol, type, market, name, nameEn, nameCn, nameHk };
  const names = [
    ...[name, nameEn, nameCn, nameHk].filter((text) => text !== '').map((original) => nameOf(original, false)),
    ...aliases
      .split('|')
      .filter((text) => text !== '')
      .map((original) => nameOf(original, true)),
  ];
  const chinese = [nameCn, name, nameHk].find(hasHan) ?? name;
  const latinWords = names
    .filter(({ original }) => !hasHan(original))
    .map(({ original, words, alias }) => ({ original, words: wordsOf(words), length: words.text.length, alias }));
  return { item, order, size, code: symbolCode(symbol), names, latinWords, ...(pinyin !== '' && { pinyin: { ...pinyinWords(pinyin), of: chinese } }) };
}

function symbolQueryOf(query: string): SymbolQuery {
  // Spaces go, and a pair's separator: `BTC/USDT`, `EUR-USD`, `eur usd`.
  const compact = query.replace(/[\s/_-]+/g, '');
  const symbol = normalizeSymbol(compact);
  const bare = symbolCode(symbol) === symbol;
  return { symbol, code: bare ? symbol : undefined, hkCode: bare ? hkCodeOf(symbol) : undefined };
}

function symbolRank({ item: { symbol, market }, code }: Prepared, query: SymbolQuery): MatchRank | undefined {
  // HK codes are compared without leading zeros (00700 is 700); A-share codes keep theirs (000001).
  const typed = market === 'HK' ? (query.hkCode ?? query.code) : query.code;
  // Most entries differ at the first character: one comparison instead of four string operations
  // (this scan of every entry was a keystroke's largest piece of script once names were indexed).
  if (
    query.symbol !== '' &&
    typed !== '' &&
    symbol.charCodeAt(0) !== query.symbol.charCodeAt(0) &&
    (typed === undefined || code.charCodeAt(0) !== typed.charCodeAt(0))
  )
    return undefined;
  if (symbol === query.symbol || code === typed) return MATCH_RANK.symbol;
  if (symbol.startsWith(query.symbol) || (typed !== undefined && code.startsWith(typed))) return MATCH_RANK.symbolStart;
  return undefined;
}

/** Where every token starts a word of `words`: the first token's position (-1: not all do), and whether each is a whole word. */
function tokensMatch(words: Words, tokens: readonly string[]): { at: number; whole: boolean } {
  let first = -1;
  let whole = true;
  for (const [index, token] of tokens.entries()) {
    const match = wordMatch(words, token);
    if (match === undefined) return { at: -1, whole: false };
    if (index === 0) first = match.at;
    whole &&= match.whole;
  }
  return { at: first, whole };
}

/** Better first, before size: rank, fewer letters wrong, the whole name, whole words, an alias. */
function compareNameScores(a: NameScore, b: NameScore): number {
  return a.rank - b.rank || a.edits - b.edits || Number(b.exact) - Number(a.exact) || Number(b.whole) - Number(a.whole) || Number(b.alias) - Number(a.alias);
}

/** The best of one instrument's matches: as above, then the closer match. */
function betterName(a: NameScore, b: NameScore): boolean {
  return (compareNameScores(a, b) || a.closeness - b.closeness) < 0;
}

/**
 * One name's score, always of one shape (`matchedName` undefined rather than absent): the search
 * makes thousands a keystroke for a single letter, and one shape keeps that fast.
 */
function nameScore(at: number, whole: boolean, alias: boolean, exact: boolean, closeness: number, matched: string, itemName: string): NameScore {
  const rank = at === 0 ? MATCH_RANK.nameStart : MATCH_RANK.nameWord;
  return { rank, edits: 0, exact, whole, alias, closeness, matchedName: matched === itemName ? undefined : matched };
}

/**
 * The best of an entry's names for the query: `tokens` and `typed` folded, `asTyped` the query as
 * the user wrote it. Of names that match alike (腾讯控股 and 騰訊控股 both fold to 腾讯控股), the one
 * written as typed is the match: it says why the row is there.
 */
function nameMatch(entry: Prepared, tokens: readonly string[], typed: string, pinyinQuery: string | undefined, asTyped: string): NameScore | undefined {
  let best: NameScore | undefined;
  let bestAsTyped = false;
  const itemName = entry.item.name;
  for (const { original, words, alias, compact } of entry.names) {
    const { at, whole } = tokensMatch(words, tokens);
    if (at === -1) continue;
    const candidate = nameScore(at, whole, alias, compact === typed, words.text.length, original, itemName);
    const written = original.includes(asTyped);
    if (best === undefined || betterName(candidate, best) || (written && !bestAsTyped && !betterName(best, candidate))) {
      best = candidate;
      bestAsTyped = written;
    }
  }
  if (pinyinQuery !== undefined && entry.pinyin !== undefined) {
    const { full, initials, of } = entry.pinyin;
    for (const words of [full, initials]) {
      const at = wordIndex(words, pinyinQuery);
      if (at === -1) continue;
      const candidate = nameScore(at, false, false, words === full && full.text === pinyinQuery, words.text.length, of, itemName);
      if (best === undefined || betterName(candidate, best)) best = candidate;
    }
  }
  return best;
}

/** Most letters a typo may get wrong in a word of this length (none under four: too many near misses). */
function typoBudget(length: number): number {
  return length < 4 ? 0 : length < 8 ? 1 : 2;
}

/**
 * A typo of the symbol's code or of whole words of one name: every token within its budget of a
 * word (or starting one, as typed so far); the letters wrong in all, or undefined.
 */
function typoMatch(entry: Prepared, tokens: readonly string[], compact: string): NameScore | undefined {
  const codeEdits = editDistanceWithin(compact.toLowerCase(), entry.code.toLowerCase(), typoBudget(compact.length));
  let best: NameScore | undefined =
    codeEdits === undefined ? undefined : { rank: MATCH_RANK.typo, edits: codeEdits, exact: false, whole: true, alias: false, closeness: entry.code.length };
  for (const { original, words: nameWords, length, alias } of entry.latinWords) {
    let edits = 0;
    for (const token of tokens) {
      let fewest: number | undefined;
      for (const word of nameWords) {
        const found = word.startsWith(token) ? 0 : editDistanceWithin(token, word, typoBudget(token.length));
        if (found !== undefined && (fewest === undefined || found < fewest)) fewest = found;
      }
      if (fewest === undefined) {
        edits = -1;
        break;
      }
      edits += fewest;
    }
    if (edits <= 0) continue;
    const candidate: NameScore = {
      rank: MATCH_RANK.typo,
      edits,
      exact: false,
      whole: true,
      alias,
      closeness: length,
      ...(original !== entry.item.name && { matchedName: original }),
    };
    if (best === undefined || betterName(candidate, best)) best = candidate;
  }
  return best;
}

/** An entry's score, spelled out field by field (a spread made a keystroke of one letter 30% slower). */
function scoredByName({ item, order, size }: Prepared, { rank, edits, exact, whole, alias, closeness, matchedName }: NameScore): Scored {
  return { item, order, size, rank, edits, exact, whole, alias, closeness, matchedName };
}

/** A match by symbol: whole unless found inside it, exact when it is the symbol; the shorter code is the closer. */
function scoredBySymbol({ item, order, size, code }: Prepared, rank: MatchRank): Scored {
  const exact = rank === MATCH_RANK.symbol;
  const whole = rank !== MATCH_RANK.insideSymbol;
  return { item, order, size, rank, edits: 0, exact, whole, alias: false, closeness: code.length, matchedName: undefined };
}

function compareScored(a: Scored, b: Scored): number {
  return compareNameScores(a, b) || b.size - a.size || a.closeness - b.closeness || a.order - b.order;
}

function publicMatch({ item, rank, matchedName }: CatalogMatch): CatalogMatch {
  return { item, rank, ...(matchedName !== undefined && { matchedName }) };
}

/** Every text a name match compares (nameMatch): the names and aliases, and the pinyin spellings. */
function nameTexts({ names, pinyin }: Prepared): Words[] {
  const texts = names.map(({ words }) => words);
  if (pinyin) texts.push(pinyin.full, pinyin.initials);
  return texts;
}

/** An entry's texts as the search compares names in them (for tests of what the search indexes). */
export function searchableNameTexts(entry: CatalogEntry): Words[] {
  return nameTexts(prepare(entry, 0));
}

/** Prepared entries and the index of their words' starts, built entry by entry. */
class PreparedIndex {
  readonly entries: Prepared[] = [];
  readonly wordStarts = new WordStartIndex();

  add(entry: CatalogEntry): void {
    const position = this.entries.length;
    const prepared = prepare(entry, position);
    this.entries.push(prepared);
    this.wordStarts.add(position, nameTexts(prepared));
  }
}

export function createCatalogSearch(index: CatalogIndex): CatalogSearch {
  const prepared = new PreparedIndex();
  for (const entry of index.entries) prepared.add(entry);
  return searchOver(prepared, index.lastUpdated);
}

/** Entries prepared between two yields to the page: a few milliseconds each, on a phone too. */
export const ENTRIES_PER_SLICE = 500;

/**
 * createCatalogSearch in slices, yielding to the page between them (`yieldBetween`): the same
 * search in the end. At real size (12,690 products) the whole index in one task took about 140 ms
 * on a desktop (190 ms with the word-start index), and a key typed meanwhile waited for it.
 */
export async function prepareCatalogSearch(index: CatalogIndex, yieldBetween: () => Promise<void>): Promise<CatalogSearch> {
  const prepared = new PreparedIndex();
  for (let start = 0; start < index.entries.length; start += ENTRIES_PER_SLICE) {
    if (start > 0) await yieldBetween();
    for (const entry of index.entries.slice(start, start + ENTRIES_PER_SLICE)) prepared.add(entry);
  }
  return searchOver(prepared, index.lastUpdated);
}

function searchOver({ entries, wordStarts }: PreparedIndex, lastUpdated: string): CatalogSearch {
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
    const typed = tokens.join('');
    const asTyped = query.trim();
    // Pinyin is typed in Latin letters: `teng xun`, `tengxun`, `txkg`.
    const latin = fold(query).replace(/[\s']+/g, '');
    const pinyinQuery = /^[a-z0-9]*[a-z][a-z0-9]*$/.test(latin) ? latin : undefined;
    const symbolQuery = symbolQueryOf(query.toUpperCase());
    const inside = symbolQuery.symbol.length >= 2 && !hasHan(query) ? symbolQuery.symbol : undefined;
    // Only an entry with a word starting as the first token (or the pinyin typed) can match by name.
    const [firstToken] = tokens;
    const mayMatchByName = wordStarts.marked(
      [...(firstToken === undefined ? [] : [firstToken]), ...(pinyinQuery === undefined ? [] : [pinyinQuery])],
      entries.length,
    );
    const scored: Scored[] = [];
    for (const entry of entries) {
      if (!passes(entry, options)) continue;
      const bySymbol = symbolRank(entry, symbolQuery);
      if (bySymbol !== undefined) {
        scored.push(scoredBySymbol(entry, bySymbol));
        continue;
      }
      const byName = tokens.length > 0 && mayMatchByName(entry.order) ? nameMatch(entry, tokens, typed, pinyinQuery, asTyped) : undefined;
      if (byName !== undefined) scored.push(scoredByName(entry, byName));
      else if (inside !== undefined && entry.item.symbol.includes(inside)) scored.push(scoredBySymbol(entry, MATCH_RANK.insideSymbol));
    }
    // Nothing as typed: the typos, when a word is long enough to tell one.
    if (scored.length === 0 && !hasHan(query) && tokens.some((token) => typoBudget(token.length) > 0)) {
      for (const entry of entries) {
        if (!passes(entry, options)) continue;
        const byTypo = typoMatch(entry, tokens, symbolQuery.symbol);
        if (byTypo !== undefined) scored.push(scoredByName(entry, byTypo));
      }
    }
    scored.sort(compareScored);
    return { matches: scored.slice(0, limit).map(publicMatch), total: scored.length };
  };

  const searchSymbols = (query: string, options?: SearchOptions) => {
    const { matches, total } = search(query, options);
    return { matches: bySymbol(matches), total };
  };

  return { size: entries.length, lastUpdated, search, searchSymbols, lookup };
}
