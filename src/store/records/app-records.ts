/**
 * The app store's persisted data as records: the preferences, the indicator list, each watchlist
 * (its name and symbols), the watchlists' order, the remembered symbol types, the layout and each
 * chart's comparisons. The language is the tab's own (its catalog loads with it); the colours
 * travel only when the user chose them (else they follow each tab's language). Two tabs adding
 * to one list, or one list each, keep both (three-way merges of the lists).
 */
import type { StoreApi } from 'zustand';
import type { AppState } from '../app-store';
import type { ChartLayout } from '../chart-layout';
import { MAX_COMPARISONS } from '../compare-slice';
import type { IndicatorList } from '../indicator-list';
import { withLanguage, type ColorConvention, type Preferences } from '../preferences-slice';
import type { Watchlist } from '../watchlists-slice';
import { sameValue, type RecordValue } from '#shared/records.ts';
import { COMPARISONS_KIND, RECORD_MERGES, stringItems, WATCHLIST_KIND, WATCHLIST_ORDER_KIND } from '#shared/record-merges.ts';
import type { RecordAdapter } from './tab-sync';
import type { ProductType } from '#shared/contract.ts';

/** The preferences as they travel: no language, the colours only when chosen. */
export interface SharedPreferences {
  theme: Preferences['theme'];
  scale: Preferences['scale'];
  colorsChosen: boolean;
  colors?: ColorConvention;
}

type WatchlistValue = Omit<Watchlist, 'id'>;

const WATCHLIST = WATCHLIST_KIND;
const COMPARISONS = COMPARISONS_KIND;

export function appRecordValues(state: Pick<AppState, 'preferences' | 'watchlists' | 'symbolTypes' | 'layout' | 'comparisons'>): Map<string, RecordValue> {
  const { theme, scale, colorsChosen, colors, indicators } = state.preferences;
  const preferences: SharedPreferences = colorsChosen ? { theme, scale, colorsChosen, colors } : { theme, scale, colorsChosen };
  const values = new Map<string, RecordValue>([
    ['preferences', { kind: 'preferences', value: preferences }],
    ['indicators', { kind: 'indicators', value: indicators }],
    [WATCHLIST_ORDER_KIND, { kind: WATCHLIST_ORDER_KIND, value: state.watchlists.map((list) => list.id) }],
    ['symbol-types', { kind: 'symbol-types', value: state.symbolTypes }],
    ['layout', { kind: 'layout', value: state.layout }],
  ]);
  for (const { id, name, symbols } of state.watchlists) values.set(`${WATCHLIST}:${id}`, { kind: WATCHLIST, value: { name, symbols } });
  for (const [chart, symbols] of Object.entries(state.comparisons)) values.set(`${COMPARISONS}:${chart}`, { kind: COMPARISONS, value: symbols });
  return values;
}

/** `next`, or `current` when they hold the same (components keep their inputs). */
function same<T>(current: T, next: T): T {
  return sameValue(current, next) ? current : next;
}

function watchlistsOf(values: ReadonlyMap<string, RecordValue>): Watchlist[] {
  const prefix = `${WATCHLIST}:`;
  const listed = stringItems(values.get('watchlist-order')?.value);
  const others = [...values.keys()].filter((id) => id.startsWith(prefix)).map((id) => id.slice(prefix.length));
  const lists: Watchlist[] = [];
  for (const id of new Set([...listed, ...others])) {
    const value = values.get(prefix + id)?.value as Partial<Record<keyof WatchlistValue, unknown>> | null | undefined;
    // A damaged list from another tab or device: its symbols that are text, a name that is.
    if (value && typeof value === 'object') lists.push({ id, name: typeof value.name === 'string' ? value.name : id, symbols: stringItems(value.symbols) });
  }
  return lists;
}

function applyAppRecords(store: StoreApi<AppState>, values: ReadonlyMap<string, RecordValue>): void {
  const state = store.getState();
  const shared = values.get('preferences')?.value as SharedPreferences | undefined;
  const indicators = (values.get('indicators')?.value as IndicatorList | undefined) ?? state.preferences.indicators;
  const language = state.preferences.language;
  const preferences = shared ? withLanguage({ ...state.preferences, ...shared, indicators }, language) : state.preferences;
  const watchlists = watchlistsOf(values);
  const comparisons: Record<string, string[]> = {};
  for (const [id, { kind, value }] of values)
    if (kind === COMPARISONS) comparisons[id.slice(COMPARISONS.length + 1)] = stringItems(value).slice(0, MAX_COMPARISONS);
  store.setState({
    preferences: same(state.preferences, preferences),
    watchlists: same(state.watchlists, watchlists),
    activeWatchlistId: watchlists.some((list) => list.id === state.activeWatchlistId) ? state.activeWatchlistId : (watchlists[0]?.id ?? ''),
    symbolTypes: same(state.symbolTypes, (values.get('symbol-types')?.value as Record<string, ProductType> | undefined) ?? {}),
    comparisons: same(state.comparisons, comparisons),
  });
  const layout = values.get('layout')?.value as ChartLayout | undefined;
  // Through the layout's own change, so the workspace shows its active chart.
  if (layout && !sameValue(layout, state.layout)) state.updateLayout(() => layout);
}

/** The kinds this build reads; a later build's other kinds are kept as they are, never deleted for it. */
const KNOWN_KINDS: ReadonlySet<string> = new Set(['preferences', 'indicators', WATCHLIST_ORDER_KIND, 'symbol-types', 'layout', WATCHLIST, COMPARISONS]);

export const appRecords: RecordAdapter<AppState> = {
  store: 'app',
  sources: (state) => [state.preferences, state.watchlists, state.symbolTypes, state.layout, state.comparisons],
  values: appRecordValues,
  apply: applyAppRecords,
  merges: RECORD_MERGES.app,
  readable: ({ kind }) => KNOWN_KINDS.has(kind),
};
