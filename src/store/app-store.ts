/**
 * The client-state store: workspace, preferences, watchlists and comparisons as slices of one
 * zustand store. Preferences, watchlists and comparisons persist in local storage (versioned, validated on the way in);
 * server data never lives here — it belongs to TanStack Query.
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { parsePersisted, PERSIST_VERSION, UNREADABLE, type PersistedState } from './persisted-state';
import { persistedStore } from './persisted-store';
import { loadLanguage } from '../i18n/load-language';
import { linkLanguage } from '../i18n/link-language';
import { createCompareSlice, type CompareSlice } from './compare-slice';
import { createPreferencesSlice, withLanguage, type PreferencesSlice } from './preferences-slice';
import { createWatchlistsSlice, type WatchlistsSlice } from './watchlists-slice';
import { createWorkspaceSlice, type WorkspaceSlice } from './workspace-slice';

export type AppState = WorkspaceSlice & PreferencesSlice & WatchlistsSlice & CompareSlice;

export const STORAGE_KEY = 'chartroom';

export const useAppStore = create<AppState>()(
  persist(
    (...args) => ({
      ...createWorkspaceSlice(...args),
      ...createPreferencesSlice(...args),
      ...createWatchlistsSlice(...args),
      ...createCompareSlice(...args),
    }),
    persistedStore({
      name: STORAGE_KEY,
      version: PERSIST_VERSION,
      // Text that is not JSON comes back as UNREADABLE: the user hears about it instead of silently losing their lists.
      unreadable: UNREADABLE as unknown as PersistedState,
      partialize: (state): PersistedState => ({
        preferences: state.preferences,
        watchlists: state.watchlists,
        activeWatchlistId: state.activeWatchlistId,
        symbolTypes: state.symbolTypes,
        layout: state.layout,
        comparisons: state.comparisons,
      }),
      migrations: () => import('./app-migrations'),
      merge: (persisted, current: AppState) => {
        const { state, repaired } = parsePersisted(persisted, typeof navigator === 'undefined' ? [] : navigator.languages);
        // A link's language wins over the saved one (and is saved: the link is how the user chose it).
        const language = linkLanguage(typeof location === 'undefined' ? '' : location.search) ?? state.preferences.language;
        const merged = { ...current, ...state, preferences: withLanguage(state.preferences, language) };
        if (repaired)
          merged.notices = [
            ...current.notices,
            { id: -1, tone: 'warning', text: { key: 'Some saved settings were unreadable and were reset; your other watchlists are kept.' } },
          ];
        return merged;
      },
    }),
  ),
);

// The language's catalog starts downloading now, beside the first screen's requests; the app
// waits for it before its first render (src/main.tsx), so a Chinese page never shows English.
void loadLanguage(useAppStore.getState().preferences.language);
