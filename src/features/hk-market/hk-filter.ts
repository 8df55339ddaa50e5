/**
 * Filtering the HK rows by type and by a code-or-name query. A code query matches from the start
 * of the code, leading zeros and a `.HK` suffix ignored ('00700', '700', '700.hk' all find 700);
 * any query also matches anywhere in the name, case-insensitively.
 */
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

/** The indexes of `order` whose rows pass both filters, in the same order. */
export function filterIndexes(rows: readonly HkRow[], order: readonly number[], input: string, type: TypeFilter): readonly number[] {
  const query = prepareQuery(input);
  if (!query && type === 'all') return order;
  return order.filter((index) => {
    const row = rows[index];
    return row !== undefined && matchesType(row, type) && (!query || matchesQuery(row, query));
  });
}
