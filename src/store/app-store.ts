/**
 * The client-state store: workspace, preferences and watchlists as slices of one zustand store.
 * Preferences and watchlists persist in local storage (versioned, validated on the way in);
 * server data never lives here — it belongs to TanStack Query.
 */
import { create } from 'zustand';
import { persist, type PersistStorage, type StorageValue } from 'zustand/middleware';
import { parsePersisted, migratePersisted, PERSIST_VERSION, UNREADABLE, type PersistedState } from './persisted-state';
import { createPreferencesSlice, type PreferencesSlice } from './preferences-slice';
import { createWatchlistsSlice, type WatchlistsSlice } from './watchlists-slice';
import { createWorkspaceSlice, type WorkspaceSlice } from './workspace-slice';

export type AppState = WorkspaceSlice & PreferencesSlice & WatchlistsSlice;

export const STORAGE_KEY = 'chartroom';

/**
 * Local storage that never throws (private mode, quota, storage disabled) and reports text that is
 * not JSON as UNREADABLE, so the user hears about it instead of silently losing their lists.
 */
const safeStorage: PersistStorage<PersistedState> = {
  getItem: (name) => {
    let text: string | null;
    try {
      text = localStorage.getItem(name);
    } catch {
      return null;
    }
    if (text === null) return null;
    try {
      return JSON.parse(text) as StorageValue<PersistedState>;
    } catch {
      return { state: UNREADABLE as unknown as PersistedState, version: PERSIST_VERSION };
    }
  },
  setItem: (name, value) => {
    try {
      localStorage.setItem(name, JSON.stringify(value));
    } catch {
      // Full or unavailable: the session keeps working, unsaved.
    }
  },
  removeItem: (name) => {
    try {
      localStorage.removeItem(name);
    } catch {
      // Nothing to do.
    }
  },
};

export const useAppStore = create<AppState>()(
  persist(
    (...args) => ({
      ...createWorkspaceSlice(...args),
      ...createPreferencesSlice(...args),
      ...createWatchlistsSlice(...args),
    }),
    {
      name: STORAGE_KEY,
      version: PERSIST_VERSION,
      storage: safeStorage,
      partialize: (state): PersistedState => ({
        preferences: state.preferences,
        watchlists: state.watchlists,
        activeWatchlistId: state.activeWatchlistId,
        symbolTypes: state.symbolTypes,
      }),
      migrate: (persisted, version) => migratePersisted(persisted, version) as PersistedState,
      merge: (persisted, current) => {
        const { state, repaired } = parsePersisted(persisted);
        const merged = { ...current, ...state };
        if (repaired) {
          merged.notices = [
            ...current.notices,
            { id: -1, tone: 'warning', text: 'Some saved settings were unreadable and were reset; your other watchlists are kept.' },
          ];
        }
        return merged;
      },
    },
  ),
);
