// @vitest-environment happy-dom
/**
 * Every released shape of the app store's saved state (test-fixtures/saved-states/app-v*.json, as
 * a browser saved them) loads, through the sequenced migrations, as today's records.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { APP_MIGRATIONS } from './app-migrations';
import { STORAGE_KEY, useAppStore } from './app-store';
import { DEFAULT_LAYOUT } from './workspace-slice';
import { appRecordValues } from './records/app-records';
import { savedState as fixture } from './saved-states.test-support';

const initial = useAppStore.getState();

beforeEach(() => {
  localStorage.clear();
  useAppStore.setState(initial, true);
});

/** The store's records after loading `name`: id → value. */
async function recordsOf(name: string): Promise<Record<string, unknown>> {
  localStorage.setItem(STORAGE_KEY, fixture(name));
  await useAppStore.persist.rehydrate();
  expect(useAppStore.getState().notices).toEqual([]);
  return Object.fromEntries([...appRecordValues(useAppStore.getState())].map(([id, { value }]) => [id, value]));
}

describe('saved shapes of the app store', () => {
  it('has one migration a version, in order, each with its own id', () => {
    expect(APP_MIGRATIONS.map((migration) => migration.to)).toEqual([2, 3]);
    expect(new Set(APP_MIGRATIONS.map((migration) => migration.id)).size).toBe(APP_MIGRATIONS.length);
  });

  it('loads version 1: chosen red-up colours, indicator settings as instances', async () => {
    expect(await recordsOf('app-v1.json')).toEqual({
      preferences: { theme: 'light', scale: 'log', colorsChosen: true, colors: 'red-up' },
      indicators: [
        { id: 'sma-1', kind: 'sma', params: { period: 5 } },
        { id: 'sma-2', kind: 'sma', params: { period: 20 } },
        { id: 'ema-3', kind: 'ema', params: { period: 12 } },
        { id: 'bollinger-4', kind: 'bollinger', params: { period: 20, k: 2 } },
        { id: 'rsi-5', kind: 'rsi', params: { period: 14 } },
      ],
      'watchlist-order': ['us', 'list-mf0a1b2c-x1y2z'],
      'watchlist:us': { name: 'US tech', symbols: ['AAPL.US', 'MSFT.US', 'NVDA.US'] },
      'watchlist:list-mf0a1b2c-x1y2z': { name: 'Crypto', symbols: ['BTCUSDT', 'ETHUSDT'] },
      'symbol-types': { BTCUSD: 'crypto' },
      layout: DEFAULT_LAYOUT,
    });
    expect(useAppStore.getState().activeWatchlistId).toBe('list-mf0a1b2c-x1y2z');
  });

  it('loads version 2: the language kept, colours not chosen, the layout, MA and MACD as instances', async () => {
    expect(await recordsOf('app-v2.json')).toEqual({
      preferences: { theme: 'dark', scale: 'percent', colorsChosen: false },
      indicators: [
        { id: 'sma-1', kind: 'sma', params: { period: 20 } },
        { id: 'sma-2', kind: 'sma', params: { period: 50 } },
        { id: 'macd-3', kind: 'macd', params: { fast: 12, slow: 26, signal: 9 } },
      ],
      'watchlist-order': ['hk', 'list-mf3k9z1a-p0q1r'],
      'watchlist:hk': { name: 'Hong Kong', symbols: ['700.HK', '9988.HK'] },
      'watchlist:list-mf3k9z1a-p0q1r': { name: 'FX', symbols: ['EURUSD', 'USDJPY'] },
      'symbol-types': {},
      layout: {
        kind: '2h',
        charts: [
          { symbol: '700.HK', interval: '1d', adjust: 'forward' },
          { symbol: 'EURUSD', type: 'forex', interval: '1h', adjust: 'none' },
          { symbol: '600519.SH', interval: '15m', adjust: 'none' },
          { symbol: 'BTCUSDT', interval: '1d', adjust: 'none' },
        ],
        active: 1,
        sync: { crosshair: true, symbol: false, interval: false, range: true },
      },
    });
    expect(useAppStore.getState().preferences).toMatchObject({ language: 'zh-CN', colors: 'red-up' });
  });

  it('loads version 3 as it is: own-pane indicators, a chart with its own, comparisons', async () => {
    const saved = (JSON.parse(fixture('app-v3.json')) as { state: { preferences: { indicators: unknown }; layout: unknown } }).state;
    expect(await recordsOf('app-v3.json')).toEqual({
      preferences: { theme: 'light', scale: 'normal', colorsChosen: true, colors: 'green-up' },
      indicators: saved.preferences.indicators,
      'watchlist-order': ['us', 'global'],
      'watchlist:us': { name: 'US tech', symbols: ['AAPL.US', 'TSLA.US'] },
      'watchlist:global': { name: 'FX, metals, crypto', symbols: ['XAUUSD'] },
      'symbol-types': { BTCUSD: 'crypto' },
      layout: saved.layout,
      'comparisons:0': ['MSFT.US', 'NVDA.US'],
      'comparisons:1': ['SPX'],
    });
  });

  it('drops a damaged watchlist alone, with a notice, from an old shape too', async () => {
    const saved = JSON.parse(fixture('app-v1.json')) as { state: { watchlists: unknown[] } };
    saved.state.watchlists.push({ id: 'broken', symbols: 'not a list' });
    localStorage.setItem(STORAGE_KEY, JSON.stringify(saved));
    await useAppStore.persist.rehydrate();
    const state = useAppStore.getState();
    expect(state.watchlists.map((list) => list.id)).toEqual(['us', 'list-mf0a1b2c-x1y2z']);
    expect(state.notices).toHaveLength(1);
  });
});
