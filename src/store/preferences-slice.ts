/** How the user likes the screen: theme, up/down colours, price scale and chart indicators. */
import type { StateCreator } from 'zustand';

export type Theme = 'dark' | 'light';
/** green-up is the Western convention; red-up the one of Chinese markets. */
export type ColorConvention = 'green-up' | 'red-up';
export type PriceScaleMode = 'normal' | 'log' | 'percent';

export interface IndicatorSettings {
  /** Periods of simple moving averages drawn over the candles (empty: none). */
  ma: number[];
  ema: number[];
  bollinger: boolean;
  macd: boolean;
  rsi: boolean;
}

/**
 * What an indicator period may be: a whole number of candles from `min` to `max`, at most
 * `perList` in one list. The field, the store and the saved preferences all hold to it, so what
 * the field shows is what the chart draws and what a reload brings back.
 */
export const PERIOD_LIMITS = { min: 1, max: 500, perList: 5 } as const;

/** The periods of `periods` that PERIOD_LIMITS allows, each once, in the order given, at most perList. */
export function validPeriods(periods: readonly unknown[]): number[] {
  const allowed = periods.filter((p): p is number => Number.isInteger(p) && (p as number) >= PERIOD_LIMITS.min && (p as number) <= PERIOD_LIMITS.max);
  return [...new Set(allowed)].slice(0, PERIOD_LIMITS.perList);
}

export interface Preferences {
  theme: Theme;
  colors: ColorConvention;
  scale: PriceScaleMode;
  indicators: IndicatorSettings;
}

export const DEFAULT_PREFERENCES: Preferences = {
  theme: 'dark',
  colors: 'green-up',
  scale: 'normal',
  indicators: { ma: [20, 50], ema: [], bollinger: false, macd: false, rsi: false },
};

export interface PreferencesSlice {
  preferences: Preferences;
  setTheme: (theme: Theme) => void;
  setColors: (colors: ColorConvention) => void;
  setScale: (scale: PriceScaleMode) => void;
  setIndicators: (patch: Partial<IndicatorSettings>) => void;
}

export const createPreferencesSlice: StateCreator<PreferencesSlice, [], [], PreferencesSlice> = (set) => ({
  preferences: DEFAULT_PREFERENCES,
  setTheme: (theme) => {
    set((state) => ({ preferences: { ...state.preferences, theme } }));
  },
  setColors: (colors) => {
    set((state) => ({ preferences: { ...state.preferences, colors } }));
  },
  setScale: (scale) => {
    set((state) => ({ preferences: { ...state.preferences, scale } }));
  },
  setIndicators: (patch) => {
    // Periods the chart cannot draw never reach the store (the field refuses them with a message first).
    const periods = { ...(patch.ma && { ma: validPeriods(patch.ma) }), ...(patch.ema && { ema: validPeriods(patch.ema) }) };
    set((state) => ({ preferences: { ...state.preferences, indicators: { ...state.preferences.indicators, ...patch, ...periods } } }));
  },
});
