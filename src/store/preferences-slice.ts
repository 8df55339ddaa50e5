/** How the user likes the screen: language, theme, up/down colours, price scale and chart indicators. */
import type { StateCreator } from 'zustand';
import { regionColors, type Language } from '../i18n/locales';
import { DEFAULT_INDICATORS, validIndicators, type IndicatorList } from './indicator-list';

export type Theme = 'dark' | 'light';
/** green-up is the Western convention; red-up the one of Chinese markets. */
export type ColorConvention = 'green-up' | 'red-up';
export type PriceScaleMode = 'normal' | 'log' | 'percent';
/** The columns beside the chart, each folded away on its own. */
export type SideColumnId = 'watchlists' | 'markets';

export type { IndicatorInstance, IndicatorList } from './indicator-list';

/**
 * What an indicator period may be: a whole number of candles from `min` to `max`, at most
 * `perList` in one list. The field, the store and the saved preferences all hold to it, so what
 * the field shows is what the chart draws and what a reload brings back.
 */
export const PERIOD_LIMITS = { min: 1, max: 500, perList: 5 } as const;

export interface Preferences {
  language: Language;
  theme: Theme;
  /** The colours in use: the user's choice, else the language's region's (withLanguage). */
  colors: ColorConvention;
  /** The user picked `colors`; until then they follow the language. */
  colorsChosen: boolean;
  scale: PriceScaleMode;
  indicators: IndicatorList;
  /** The side columns the user folded to a handle (on wide screens; below lg each is a screen of its own). */
  collapsed: Record<SideColumnId, boolean>;
}

export const DEFAULT_PREFERENCES: Preferences = {
  language: 'en',
  theme: 'dark',
  colors: 'green-up',
  colorsChosen: false,
  scale: 'normal',
  indicators: DEFAULT_INDICATORS,
  collapsed: { watchlists: false, markets: false },
};

export interface PreferencesSlice {
  preferences: Preferences;
  /** Call once the language's catalog is loaded (src/i18n/load-language.ts). */
  setLanguage: (language: Language) => void;
  setTheme: (theme: Theme) => void;
  setColors: (colors: ColorConvention) => void;
  setScale: (scale: PriceScaleMode) => void;
  /** The whole list; instances that make no sense are dropped (the picker offers none). */
  setIndicators: (list: IndicatorList) => void;
  setCollapsed: (column: SideColumnId, collapsed: boolean) => void;
}

/** `preferences` in `language`, with its region's colours unless the user chose theirs. */
export function withLanguage(preferences: Preferences, language: Language): Preferences {
  return { ...preferences, language, colors: preferences.colorsChosen ? preferences.colors : regionColors(language) };
}

export const createPreferencesSlice: StateCreator<PreferencesSlice, [], [], PreferencesSlice> = (set) => ({
  preferences: DEFAULT_PREFERENCES,
  setLanguage: (language) => {
    set((state) => ({ preferences: withLanguage(state.preferences, language) }));
  },
  setTheme: (theme) => {
    set((state) => ({ preferences: { ...state.preferences, theme } }));
  },
  setColors: (colors) => {
    set((state) => ({ preferences: { ...state.preferences, colors, colorsChosen: true } }));
  },
  setScale: (scale) => {
    set((state) => ({ preferences: { ...state.preferences, scale } }));
  },
  setIndicators: (list) => {
    set((state) => ({ preferences: { ...state.preferences, indicators: validIndicators(list).list } }));
  },
  setCollapsed: (column, collapsed) => {
    set((state) => ({ preferences: { ...state.preferences, collapsed: { ...state.preferences.collapsed, [column]: collapsed } } }));
  },
});
