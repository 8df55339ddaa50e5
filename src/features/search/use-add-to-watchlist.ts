/** Adds a symbol to the active watchlist (creating one if the user deleted them all). */
import { t } from '../../i18n/t';
import { useCallback } from 'react';
import { useAppStore } from '../../store/app-store';
import { listName } from '../../store/watchlist-name';

const NO_SYMBOLS: readonly string[] = [];

/** Returns a sentence saying what happened, for the palette's status line. */
export function useAddToWatchlist(): (symbol: string) => string {
  return useCallback((symbol: string) => {
    const before = useAppStore.getState();
    const active = before.watchlists.find((candidate) => candidate.id === before.activeWatchlistId);
    if (active?.symbols.includes(symbol)) return t('{symbol} is already in {list}.', { symbol, list: listName(active) });
    before.addToActiveWatchlist(symbol);
    const after = useAppStore.getState();
    const list = after.watchlists.find((candidate) => candidate.id === after.activeWatchlistId);
    return t('Added {symbol} to {list}.', { symbol, list: list ? listName(list) : t('the watchlist') });
  }, []);
}

/** Symbols of the active watchlist (a stable array until the list changes). */
export function useActiveWatchlistSymbols(): readonly string[] {
  return useAppStore((state) => state.watchlists.find((list) => list.id === state.activeWatchlistId)?.symbols ?? NO_SYMBOLS);
}
