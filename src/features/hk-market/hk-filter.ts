/**
 * Filtering the HK rows by type and by a code-or-name query. A code query matches from the start
 * of the code, leading zeros and a `.HK` suffix ignored ('00700', '700', '700.hk' all find 700);
 * any query also matches anywhere in the feed's name, case-insensitively, and — once the
 * catalogue is loaded — the stocks whose English, Chinese or Traditional name or pinyin the
 * catalogue search finds (the feed's name alone is Chinese: 'Tencent' finds nothing in it).
 */
import { MATCH_RANK, type CatalogSearch } from '../../lib/catalog-search';
import { codeKeyOf, type HkRow } from './hk-row';

export const TYPE_FILTERS = ['all', 'stock', 'indices'] as const;
export type TypeFilter = (typeof TYPE_FILTERS)[number];

export interface PreparedQuery {
  /** Matched against the start of `HkRow.codeKey`; empty when the query cannot be a code. */
  code: string;
  /** Matched anywhere in `HkRow.nameKey`. */
  name: string;
}

/** Normalises the text of the filter input once per keystroke, not once per row. */
export function prepareQuery(input: string): PreparedQuery | undefined {
  const trimmed = input.trim();
  if (trimmed === '') return undefined;
  const withoutSuffix = trimmed.replace(/^(\d+)\.hk$/i, '$1');
  return { code: /\s/.test(withoutSuffix) ? '' : codeKeyOf(withoutSuffix), name: trimmed.toLowerCase() };
}

export function matchesQuery(row: HkRow, query: PreparedQuery): boolean {
  return (query.code !== '' && row.codeKey.startsWith(query.code)) || row.nameKey.includes(query.name);
}

export function matchesType(row: HkRow, type: TypeFilter): boolean {
  if (type === 'all') return true;
  return type === 'indices' ? row.isIndex : row.type === 'stock';
}

/**
 * The HK symbols ('700.HK') whose names the catalogue matches to the query (undefined without a
 * catalogue or a query). Names only: codes are the filter's own business.
 */
export function catalogNameMatches(catalog: Pick<CatalogSearch, 'search'> | undefined, input: string): ReadonlySet<string> | undefined {
  if (catalog === undefined || input.trim() === '') return undefined;
  const { matches } = catalog.search(input, { market: 'HK', limit: Number.POSITIVE_INFINITY });
  const byName = matches.filter(({ rank }) => rank === MATCH_RANK.nameStart || rank === MATCH_RANK.nameWord);
  return new Set(byName.map(({ item }) => item.symbol));
}

/**
 * The indexes of `order` whose rows pass both filters, in the same order. `named`: symbols the
 * catalogue matched by name (catalogNameMatches), which pass the query too.
 */
export function filterIndexes(
  rows: readonly HkRow[],
  order: readonly number[],
  input: string,
  type: TypeFilter,
  named?: ReadonlySet<string>,
): readonly number[] {
  const query = prepareQuery(input);
  if (!query && type === 'all') return order;
  return order.filter((index) => {
    const row = rows[index];
    return row !== undefined && matchesType(row, type) && (!query || matchesQuery(row, query) || named?.has(row.symbol) === true);
  });
}
