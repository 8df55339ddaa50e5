/**
 * How the user reads their watchlists: the columns a row shows and the order the rows are sorted
 * in (off: the user's own order). Kept under its own key, beside the app store rather than in its
 * preferences, so the app store's saved shape (and the first page's parse of it) stays as it is;
 * validated on the way in like every saved state, and followed when another tab changes it.
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { persistedStore } from './persisted-store';

export const WATCHLIST_COLUMNS = ['last', 'change', 'percent', 'volume', 'turnover', 'extended'] as const;
export type WatchlistColumn = (typeof WATCHLIST_COLUMNS)[number];
/** Extended hours is a session's quote, not one figure: rows are not sorted by it. */
export type SortColumn = Exclude<WatchlistColumn, 'extended'>;
export type SortDirection = 'descending' | 'ascending';

export interface WatchlistSort {
  column: SortColumn;
  direction: SortDirection;
}

export interface WatchlistView {
  /** In the order of WATCHLIST_COLUMNS. */
  columns: WatchlistColumn[];
  sort: WatchlistSort | undefined;
}

export const DEFAULT_WATCHLIST_VIEW: WatchlistView = { columns: ['last', 'change', 'percent', 'extended'], sort: undefined };

const isSortColumn = (value: unknown): value is SortColumn => value !== 'extended' && (WATCHLIST_COLUMNS as readonly unknown[]).includes(value);

/** A saved view, what makes sense of it kept (a damaged sort is off, unknown columns dropped). */
export function parseWatchlistView(raw: unknown): WatchlistView {
  const saved = (typeof raw === 'object' && raw !== null ? raw : {}) as Partial<Record<keyof WatchlistView, unknown>>;
  const chosen: unknown = saved.columns;
  const columns = Array.isArray(chosen) ? WATCHLIST_COLUMNS.filter((column) => chosen.includes(column)) : DEFAULT_WATCHLIST_VIEW.columns;
  const sort = saved.sort as Partial<Record<keyof WatchlistSort, unknown>> | undefined;
  const column = sort?.column;
  const direction = sort?.direction;
  const sortOk = isSortColumn(column) && (direction === 'descending' || direction === 'ascending');
  return { columns, sort: sortOk ? { column, direction } : undefined };
}

interface WatchlistViewState extends WatchlistView {
  setColumns: (columns: readonly WatchlistColumn[]) => void;
  setSort: (sort: WatchlistSort | undefined) => void;
}

export const WATCHLIST_VIEW_KEY = 'chartroom-watchlist-view';

export const useWatchlistView = create<WatchlistViewState>()(
  persist(
    (set) => ({
      ...DEFAULT_WATCHLIST_VIEW,
      setColumns: (columns) => {
        set({ columns: WATCHLIST_COLUMNS.filter((column) => columns.includes(column)) });
      },
      setSort: (sort) => {
        set({ sort });
      },
    }),
    persistedStore<WatchlistViewState, WatchlistView>({
      name: WATCHLIST_VIEW_KEY,
      version: 1,
      unreadable: DEFAULT_WATCHLIST_VIEW,
      partialize: ({ columns, sort }) => ({ columns, sort }),
      merge: (persisted, current) => ({ ...current, ...parseWatchlistView(persisted) }),
    }),
  ),
);

// Another tab's change (the storage event fires only in the other tabs) is read again here.
if (typeof window !== 'undefined')
  window.addEventListener('storage', (event) => {
    if (event.key === WATCHLIST_VIEW_KEY) void useWatchlistView.persist.rehydrate();
  });
