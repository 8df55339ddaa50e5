/**
 * Putting back what the user just deleted (the watchlist's Undo): a symbol at its place in its
 * list, or a whole list, with its id, at its place among the lists and active again. Loaded with
 * the Undo toast, not with the store: nothing here is needed before something is deleted.
 */
import { useAppStore } from './app-store';
import { freeName, type Watchlist } from './watchlists-slice';

export type Deleted = { kind: 'symbol'; listId: string; symbol: string; index: number } | { kind: 'list'; list: Watchlist; index: number };

/** False when there is nothing to put back into (the symbol's list is gone too) or it is back already. */
export function restoreDeleted(deleted: Deleted): boolean {
  const { watchlists, addSymbol, moveSymbol } = useAppStore.getState();
  if (deleted.kind === 'symbol') {
    const list = watchlists.find(({ id }) => id === deleted.listId);
    if (!list || list.symbols.includes(deleted.symbol)) return false;
    addSymbol(list.id, deleted.symbol);
    moveSymbol(list.id, deleted.symbol, deleted.index);
    return true;
  }
  const { list, index } = deleted;
  if (watchlists.some(({ id }) => id === list.id)) return false;
  // Another list may have taken the name meanwhile: names stay unique.
  const restored = { ...list, name: freeName(watchlists, list.name) };
  useAppStore.setState({ watchlists: [...watchlists.slice(0, index), restored, ...watchlists.slice(index)], activeWatchlistId: list.id });
  return true;
}
