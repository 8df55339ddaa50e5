/**
 * A screen evaluated over a universe snapshot: the symbols its conditions match, each a row of the
 * columns the screen shows (the quote's basics, each condition's figures, the sort column), sorted
 * and cut to its limit. Pure and synchronous; the cost of a warm screen is the conditions' reads
 * (the symbols' TechnicalStates keep the indicators), a few per symbol.
 */
import { columnKey, leavesOf, type Screen, type ScreenColumn } from './screen-model.ts';
import { columnGetter, conditionColumns, type ColumnGetter } from './screen-columns.ts';
import { compileCondition, type Predicate } from './screen-conditions.ts';
import { rowOrder } from './screen-sort.ts';
import type { ScreenSymbol } from './screen-universe.ts';

export interface ScreenRow {
  symbol: string;
  /** One per column of the result, in its order; null where unknown (missing information, too short a history). */
  values: (number | string | null)[];
}

export interface ScreenResult {
  columns: ScreenColumn[];
  /** columnKey of each column. */
  keys: string[];
  rows: ScreenRow[];
  /** How many symbols matched, before the limit. */
  matched: number;
}

/** What every result shows. */
const BASE_COLUMNS: readonly ScreenColumn[] = ['price', 'change', 'change-percent', 'volume', 'turnover'];

export interface CompiledScreen {
  columns: ScreenColumn[];
  keys: string[];
  matches: Predicate;
  row: (symbol: ScreenSymbol) => ScreenRow;
  order: (a: ScreenRow, b: ScreenRow) => number;
  limit: number | undefined;
}

/** The screen's predicate, columns and order, made once and used for every symbol. */
export function compileScreen(screen: Screen): CompiledScreen {
  const columns = new Map<string, ScreenColumn>();
  const add = (column: ScreenColumn): void => {
    const key = columnKey(column);
    if (!columns.has(key)) columns.set(key, column);
  };
  BASE_COLUMNS.forEach(add);
  for (const leaf of leavesOf(screen.where)) conditionColumns(leaf).forEach(add);
  if (screen.sort.column !== 'symbol') add(screen.sort.column);
  const keys = [...columns.keys()];
  const getters: ColumnGetter[] = [...columns.values()].map(columnGetter);
  const sortIndex = screen.sort.column === 'symbol' ? undefined : keys.indexOf(columnKey(screen.sort.column));
  return {
    columns: [...columns.values()],
    keys,
    matches: compileCondition(screen.where),
    row: (symbol) => ({ symbol: symbol.symbol, values: getters.map((get) => get(symbol) ?? null) }),
    order: rowOrder(screen.sort, sortIndex),
    limit: screen.limit,
  };
}

export function evaluateScreen(screen: Screen | CompiledScreen, universe: Iterable<ScreenSymbol>): ScreenResult {
  const compiled = 'matches' in screen ? screen : compileScreen(screen);
  const rows: ScreenRow[] = [];
  for (const symbol of universe) if (compiled.matches(symbol)) rows.push(compiled.row(symbol));
  rows.sort(compiled.order);
  const matched = rows.length;
  if (compiled.limit !== undefined && rows.length > compiled.limit) rows.length = compiled.limit;
  return { columns: compiled.columns, keys: compiled.keys, rows, matched };
}
