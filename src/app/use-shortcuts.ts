/** Wires the keyboard shortcuts to the store and the search palette. */
import { useEffect } from 'react';
import { useAppStore } from '../store/app-store';
import { isTypingTarget, shortcutFor } from './shortcuts';

export function useShortcuts(openSearch: () => void): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const action = shortcutFor(event, isTypingTarget(event.target));
      if (!action) return;
      event.preventDefault();
      const store = useAppStore.getState();
      if (action.kind === 'search') openSearch();
      else if (action.kind === 'interval') store.setInterval(action.interval);
      else store.setTab(action.tab);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
    };
  }, [openSearch]);
}
