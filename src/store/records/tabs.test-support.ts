/** Test support: tabs' channels and storage in memory, for the tab-sync tests of every store. */
import { createStore, type StoreApi } from 'zustand';
import type { AppState } from '../app-store';
import { createCompareSlice } from '../compare-slice';
import { createPreferencesSlice } from '../preferences-slice';
import { createWatchlistsSlice } from '../watchlists-slice';
import { createWorkspaceSlice } from '../workspace-slice';
import type { Channel } from './tab-sync';

/** A tab's app store, unsaved (each test's tabs share what it syncs). */
export function appStore(): StoreApi<AppState> {
  return createStore<AppState>()((...args) => ({
    ...createWorkspaceSlice(...args),
    ...createPreferencesSlice(...args),
    ...createWatchlistsSlice(...args),
    ...createCompareSlice(...args),
  }));
}

/** Tabs' channels that deliver only on flush, so two tabs can change things "at once". */
export function channelHub() {
  const queue: { to: (event: { data: unknown }) => void; data: unknown }[] = [];
  const listeners: ((event: { data: unknown }) => void)[] = [];
  return {
    channel(): Channel {
      let mine: ((event: { data: unknown }) => void) | undefined;
      return {
        postMessage: (data) => {
          // Structured clone, as a BroadcastChannel does: nothing shared between tabs.
          for (const to of listeners) if (to !== mine) queue.push({ to, data: structuredClone(data) });
        },
        addEventListener: (_type, listener) => {
          mine = listener;
          listeners.push(listener);
        },
        close: () => undefined,
      };
    },
    flush(): void {
      while (queue.length > 0) {
        const next = queue.shift();
        next?.to({ data: next.data });
      }
    },
  };
}

export function memoryStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const items = new Map<string, string>();
  return { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => items.set(key, value), removeItem: (key) => items.delete(key) };
}
