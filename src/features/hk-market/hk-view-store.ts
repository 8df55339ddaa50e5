/**
 * How the user is looking at the HK table: sort, filter, type and scroll position. Kept outside
 * the component so that opening a row in the chart and coming back finds the table as it was.
 * Session-only (not persisted, not in the URL): it is a view of live data, not a setting.
 */
import { create } from 'zustand';
import type { ColumnKey } from './hk-columns';
import type { TypeFilter } from './hk-filter';
import { DEFAULT_SORT, nextSort, type SortState } from './hk-sort';

interface HkViewState {
  sort: SortState;
  query: string;
  type: TypeFilter;
  /** Scroll offset of the table, restored when the tab is shown again. */
  scrollOffset: number;
  sortBy: (key: ColumnKey) => void;
  setQuery: (query: string) => void;
  setType: (type: TypeFilter) => void;
  setScrollOffset: (offset: number) => void;
  reset: () => void;
}

const INITIAL = { sort: DEFAULT_SORT, query: '', type: 'all', scrollOffset: 0 } as const;

export const useHkViewStore = create<HkViewState>()((set) => ({
  ...INITIAL,
  sortBy: (key) => {
    set((state) => ({ sort: nextSort(state.sort, key), scrollOffset: 0 }));
  },
  setQuery: (query) => {
    set({ query, scrollOffset: 0 });
  },
  setType: (type) => {
    set({ type, scrollOffset: 0 });
  },
  setScrollOffset: (scrollOffset) => {
    set({ scrollOffset });
  },
  reset: () => {
    set(INITIAL);
  },
}));
