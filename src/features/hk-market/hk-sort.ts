/**
 * Sorting the HK rows: an array of row indexes, never a copy of the rows. Numbers sort as
 * numbers, codes numerically (indices after the numeric codes), names by collation; missing
 * values go last in both directions; ties keep the feed order, so every sort is stable.
 */
import { isNumericColumn, type ColumnKey } from './hk-columns';
import type { HkRow } from './hk-row';

export type SortDirection = 'asc' | 'desc';

export interface SortState {
  key: ColumnKey;
  direction: SortDirection;
}

export const DEFAULT_SORT: SortState = { key: 'code', direction: 'asc' };

/** Columns a trader reads biggest first: their first click sorts descending (gainers, most traded). */
const DESCENDING_FIRST: ReadonlySet<ColumnKey> = new Set(['change', 'changePercent', 'volume', 'turnover']);

/** A click on a header: the same column flips direction, another column starts in its first direction. */
export function nextSort(current: SortState, key: ColumnKey): SortState {
  if (current.key !== key) return { key, direction: DESCENDING_FIRST.has(key) ? 'desc' : 'asc' };
  return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}

const nameCollator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function identity(count: number): number[] {
  const order = new Array<number>(count);
  for (let i = 0; i < count; i++) order[i] = i;
  return order;
}

/** Compares two keys where NaN means "missing": missing sorts last whatever the direction. */
function compareNumbers(a: number, b: number, sign: number): number {
  const aMissing = Number.isNaN(a);
  const bMissing = Number.isNaN(b);
  if (aMissing || bMissing) return aMissing === bMissing ? 0 : aMissing ? 1 : -1;
  return a === b ? 0 : (a < b ? -1 : 1) * sign;
}

function compareCodes(a: HkRow, b: HkRow): number {
  const aNumeric = !Number.isNaN(a.codeNumber);
  const bNumeric = !Number.isNaN(b.codeNumber);
  if (aNumeric && bNumeric) return a.codeNumber - b.codeNumber;
  if (aNumeric !== bNumeric) return aNumeric ? -1 : 1;
  return a.codeKey < b.codeKey ? -1 : a.codeKey > b.codeKey ? 1 : 0;
}

/** Indexes of `rows` in the order of `sort`. */
export function sortIndexes(rows: readonly HkRow[], sort: SortState): number[] {
  const order = identity(rows.length);
  const sign = sort.direction === 'asc' ? 1 : -1;
  const { key } = sort;
  if (isNumericColumn(key)) {
    // One typed array of keys: the comparator reads numbers, not objects.
    const keys = new Float64Array(rows.length);
    rows.forEach((row, i) => {
      keys[i] = row[key];
    });
    return order.sort((a, b) => compareNumbers(keys[a] ?? Number.NaN, keys[b] ?? Number.NaN, sign) || a - b);
  }
  const compare = key === 'code' ? compareCodes : (a: HkRow, b: HkRow) => nameCollator.compare(a.name, b.name);
  return order.sort((a, b) => {
    const rowA = rows[a];
    const rowB = rows[b];
    return (rowA && rowB ? compare(rowA, rowB) * sign : 0) || a - b;
  });
}
