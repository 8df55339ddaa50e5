/**
 * The app store's saved shapes (key 'chartroom'), oldest first: version 1 (preferences: theme,
 * colours, scale and indicator settings; watchlists, the active list, symbol types); 2 adds the
 * language and whether the colours were chosen (and the layout); 3 keeps the indicators as a list
 * of instances (and the comparisons). Loaded only for a state saved before version 3.
 */
import type { IndicatorKind } from '#shared/indicators/kinds.ts';
import type { IndicatorList } from './indicator-list';
import { asObject, runMigrations, type Migration } from './migrations';

/**
 * The settings before version 3 ({ma: [20, 50], ema: [], bollinger, macd, rsi}) as instances,
 * in their drawing order then: MAs, EMAs, Bollinger (20, 2), MACD (12, 26, 9), RSI (14).
 */
export function fromLegacySettings(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const old = value as Record<string, unknown>;
  const list: IndicatorList = [];
  const add = (kind: IndicatorKind, params: Record<string, number>): void => {
    list.push({ id: `${kind}-${String(list.length + 1)}`, kind, params });
  };
  // Periods are checked with the list (validIndicators, then each indicator's own check).
  const periods = (v: unknown): number[] => (Array.isArray(v) ? (v as number[]) : []);
  for (const period of periods(old.ma)) add('sma', { period });
  for (const period of periods(old.ema)) add('ema', { period });
  if (old.bollinger === true) add('bollinger', { period: 20, k: 2 });
  if (old.macd === true) add('macd', { fast: 12, slow: 26, signal: 9 });
  if (old.rsi === true) add('rsi', { period: 14 });
  return list;
}

/** A step that changes the preferences only. */
function preferencesStep(id: string, to: number, change: (preferences: Record<string, unknown>) => Record<string, unknown>): Migration {
  return { id, to, up: (state) => ({ ...state, preferences: change(asObject(state.preferences)) }) };
}

export const APP_MIGRATIONS: readonly Migration[] = [
  // Version 1 saved its colours whether chosen or not; only red-up (never the default) was surely
  // chosen. The language is left out: the browser's, as on a first visit.
  preferencesStep('app-2-colours-chosen', 2, (preferences) => ({ ...preferences, colorsChosen: preferences.colors === 'red-up' })),
  preferencesStep('app-3-indicator-instances', 3, ({ indicators, ...preferences }) =>
    indicators === undefined ? preferences : { ...preferences, indicators: fromLegacySettings(indicators) },
  ),
];

export function migrate(persisted: unknown, version: number): unknown {
  return runMigrations(APP_MIGRATIONS, persisted, version);
}
