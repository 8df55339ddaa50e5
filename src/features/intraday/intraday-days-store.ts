/**
 * The intraday tab's 1-day / 5-day choice: a small store of the (on-demand) intraday feature, so
 * it survives switching tabs and symbols; kept for the page's life, not persisted or put in the URL.
 */
import { create } from 'zustand';

export type IntradayDays = 1 | 5;

interface IntradayDaysState {
  days: IntradayDays;
  setDays: (days: IntradayDays) => void;
}

export const useIntradayDays = create<IntradayDaysState>()((set) => ({
  days: 1,
  setDays: (days) => {
    set({ days });
  },
}));
