/**
 * Rows entering and leaving a screen between two answers of the same screen: the symbols now
 * listed that were not (entered) and those listed before that are gone (left), in their orders.
 * A new screen (other conditions, another market) starts afresh: nothing entered nor left.
 */

export interface RowChanges {
  /** The screen the rows answer (its JSON). */
  screenKey: string;
  /** The symbols of the last answer, in its order. */
  symbols: readonly string[];
  entered: ReadonlySet<string>;
  left: readonly string[];
}

export const NO_CHANGES: RowChanges = { screenKey: '', symbols: [], entered: new Set(), left: [] };

/** What changed from `previous` to an answer listing `symbols` for `screenKey`. */
export function rowChanges(previous: RowChanges, screenKey: string, symbols: readonly string[]): RowChanges {
  if (previous.screenKey !== screenKey) return { screenKey, symbols, entered: new Set(), left: [] };
  const before = new Set(previous.symbols);
  const now = new Set(symbols);
  const entered = new Set(symbols.filter((symbol) => !before.has(symbol)));
  const left = previous.symbols.filter((symbol) => !now.has(symbol));
  return { screenKey, symbols, entered, left };
}

/** Whether two answers list the same symbols in the same order (nothing to show). */
export function sameSymbols(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((symbol, index) => symbol === b[index]);
}
