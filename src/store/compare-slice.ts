/**
 * The symbols each chart compares its own with (issue #14 §2), keyed by the chart's slot in
 * the layout (comparisonsId), in the order they were added (the
 * order gives their colours). At most MAX_COMPARISONS a chart, each once. Persisted. Like a
 * watchlist's, a symbol listed under several types (BTCUSD) opens with the type the user chose
 * for it (symbolTypes).
 */
import type { StateCreator } from 'zustand';

export const MAX_COMPARISONS = 5;
/** The comparisons' key of the layout's chart `index` (its slot: src/store/chart-layout.ts). */
export function comparisonsId(index: number): string {
  return String(index);
}

export type AddComparisonResult = 'added' | 'full' | 'duplicate';

export interface CompareSlice {
  comparisons: Record<string, string[]>;
  /** Adds `symbol` to chart `chartId`'s list; a sixth, or one listed already, is refused. */
  addComparison: (chartId: string, symbol: string) => AddComparisonResult;
  removeComparison: (chartId: string, symbol: string) => void;
  /** The comparisons of two charts change places (their charts did: src/store/layout-changes.ts). */
  swapComparisons: (a: string, b: string) => void;
}

export const createCompareSlice: StateCreator<CompareSlice, [], [], CompareSlice> = (set, get) => ({
  comparisons: {},
  addComparison: (chartId, symbol) => {
    const list = get().comparisons[chartId] ?? [];
    const result = list.includes(symbol) ? 'duplicate' : list.length >= MAX_COMPARISONS ? 'full' : 'added';
    if (result === 'added') set((state) => ({ comparisons: { ...state.comparisons, [chartId]: [...list, symbol] } }));
    return result;
  },
  swapComparisons: (a, b) => {
    set((state) => {
      const { [a]: first, [b]: second, ...others } = state.comparisons;
      return { comparisons: { ...others, ...(second && { [a]: second }), ...(first && { [b]: first }) } };
    });
  },
  removeComparison: (chartId, symbol) => {
    set((state) => ({ comparisons: { ...state.comparisons, [chartId]: (state.comparisons[chartId] ?? []).filter((item) => item !== symbol) } }));
  },
});
