/** Wires the keyboard shortcuts to the store and the search palette. */
import { useEffect } from 'react';
import { useAppStore } from '../store/app-store';
import { isInModal } from '../lib/key-press';
import { isTypingTarget, shortcutFor } from './shortcuts';
import type { SearchOpening } from './use-search-opening';

/**
 * `search.open(text)`: opens the search with `text` typed into it (a letter typed on the page, or
 * nothing); `search.opening`: its draft takes the keys pressed while it opens, before its field shows.
 */
export function useShortcuts(search: Pick<SearchOpening, 'open' | 'close' | 'opening'>): void {
  const { open, close, opening } = search;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // The search opens and no field shows it yet: whatever had focus, the key is the search's.
      if (opening.current?.typeKey(event)) {
        event.preventDefault();
        // As from the search's field: Escape closes it.
        if (event.key === 'Escape') close();
        return;
      }
      const action = shortcutFor(event, isTypingTarget(event.target), isInModal(event.target));
      if (!action) return;
      // A letter too: the search box, focused before the key's default action, would type it twice.
      event.preventDefault();
      const store = useAppStore.getState();
      if (action.kind === 'search') open(action.text);
      else if (action.kind === 'interval') store.setInterval(action.interval);
      else store.setTab(action.tab);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
    };
  }, [open, close, opening]);
}
