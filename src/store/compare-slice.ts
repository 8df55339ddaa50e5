/**
 * The symbols each chart compares its own with (issue #14 §2), keyed by the chart's id ('main'
 * for the workspace chart until charts have ids of their own), in the order they were added (the
 * order gives their colours). At most MAX_COMPARISONS a chart, each once. Persisted.
 */
import type { StateCreator } from 'zustand';
import type { ProductType } from '#shared/contract.ts';

export interface Comparison {
  symbol: string;
  /** Set when the symbol is listed under several types (BTCUSD). */
  type?: ProductType;
}

export const MAX_COMPARISONS = 5;
/** The id of the workspace's chart. */
export const MAIN_CHART = 'main';

export type AddComparisonResult = 'added' | 'full' | 'duplicate';

export interface CompareSlice {
  comparisons: Record<string, Comparison[]>;
  /** Adds `comparison` to chart `chartId`'s list; a sixth, or one listed already, is refused. */
  addComparison: (chartId: string, comparison: Comparison) => AddComparisonResult;
  removeComparison: (chartId: string, symbol: string) => void;
}

/** Whether `list` may take `symbol`: 'added' when it may. */
export function canAddComparison(list: readonly Comparison[], symbol: string): AddComparisonResult {
  if (list.some((item) => item.symbol === symbol)) return 'duplicate';
  return list.length >= MAX_COMPARISONS ? 'full' : 'added';
}

export const createCompareSlice: StateCreator<CompareSlice, [], [], CompareSlice> = (set, get) => ({
  comparisons: {},
  addComparison: (chartId, comparison) => {
    const list = get().comparisons[chartId] ?? [];
    const result = canAddComparison(list, comparison.symbol);
    if (result === 'added') set((state) => ({ comparisons: { ...state.comparisons, [chartId]: [...list, comparison] } }));
    return result;
  },
  removeComparison: (chartId, symbol) => {
    set((state) => {
      const list = state.comparisons[chartId] ?? [];
      const rest = list.filter((item) => item.symbol !== symbol);
      if (rest.length === list.length) return state;
      const { [chartId]: _removed, ...others } = state.comparisons;
      return { comparisons: rest.length > 0 ? { ...others, [chartId]: rest } : others };
    });
  },
});
