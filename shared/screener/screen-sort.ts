/**
 * The order of a screen's rows: by the sort column, unknown values last whichever the direction,
 * then by symbol (so equal values, and a limit cutting through them, always give the same rows).
 */
import type { ScreenSort } from './screen-model.ts';

export interface SortableRow {
  symbol: string;
  values: readonly (number | string | null)[];
}

const bySymbol = (a: SortableRow, b: SortableRow): number => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0);

/** A comparator of rows; `index` is the sort column's place in the rows' values (undefined: by symbol). */
export function rowOrder(sort: ScreenSort, index: number | undefined): (a: SortableRow, b: SortableRow) => number {
  const sign = sort.direction === 'asc' ? 1 : -1;
  if (index === undefined) return (a, b) => sign * bySymbol(a, b);
  return (a, b) => {
    const x = a.values[index] ?? null;
    const y = b.values[index] ?? null;
    if (x === y) return bySymbol(a, b);
    if (x === null) return 1;
    if (y === null) return -1;
    return x < y ? -sign : sign;
  };
}
