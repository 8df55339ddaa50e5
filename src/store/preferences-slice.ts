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
    set((state) => ({ preferences: { ...state.preferences, indicators: { ...state.preferences.indicators, ...patch } } }));
  },
});
