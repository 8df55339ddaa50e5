// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEY, useAppStore } from './app-store';
import { MAIN_CHART, MAX_COMPARISONS } from './compare-slice';
import { migratePersisted, parsePersisted } from './persisted-state';

const initial = useAppStore.getState();

beforeEach(() => {
  localStorage.clear();
  useAppStore.setState(initial, true);
});

describe('comparisons', () => {
  it('adds up to five per chart, refuses a sixth and a duplicate, removes, and keeps charts apart', () => {
    const store = useAppStore.getState();
    const symbols = ['700.HK', 'EURUSD', 'MSFT.US', 'BTCUSDT', '600519.SH'];
    for (const symbol of symbols) expect(store.addComparison(MAIN_CHART, { symbol })).toBe('added');
    expect(MAX_COMPARISONS).toBe(5);
    expect(store.addComparison(MAIN_CHART, { symbol: 'XAUUSD' })).toBe('full');
    store.removeComparison(MAIN_CHART, 'EURUSD');
    expect(store.addComparison(MAIN_CHART, { symbol: '700.HK' })).toBe('duplicate');
    expect(store.addComparison('other', { symbol: '700.HK' })).toBe('added');
    expect(useAppStore.getState().comparisons[MAIN_CHART]?.map((item) => item.symbol)).toEqual(['700.HK', 'MSFT.US', 'BTCUSDT', '600519.SH']);
    for (const symbol of ['700.HK', 'MSFT.US', 'BTCUSDT', '600519.SH']) store.removeComparison(MAIN_CHART, symbol);
    expect(useAppStore.getState().comparisons).toEqual({ other: [{ symbol: '700.HK' }] });
  });

  it('persists them', () => {
    useAppStore.getState().addComparison(MAIN_CHART, { symbol: 'BTCUSD', type: 'crypto' });
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as { state: { comparisons: unknown } };
    expect(saved.state.comparisons).toEqual({ main: [{ symbol: 'BTCUSD', type: 'crypto' }] });
  });

  it('reads saved ones entry by entry: a bad entry, a duplicate or a sixth is dropped as a repair', () => {
    const good = parsePersisted({ comparisons: { main: [{ symbol: '700.HK' }, { symbol: 'BTCUSD', type: 'crypto' }] } });
    expect(good.repaired).toBe(false);
    expect(good.state.comparisons).toEqual({ main: [{ symbol: '700.HK' }, { symbol: 'BTCUSD', type: 'crypto' }] });
    const many = Array.from({ length: 7 }, (_, i) => ({ symbol: `S${String(i)}X` }));
    const bad = parsePersisted({ comparisons: { main: [...many, { symbol: 'S0X' }, { symbol: 5 }, { symbol: 'EURUSD', type: 'bonds' }], other: 'x' } });
    expect(bad.repaired).toBe(true);
    expect(bad.state.comparisons).toEqual({ main: many.slice(0, 5) });
    expect(parsePersisted({ comparisons: [] }).repaired).toBe(true);
    expect(parsePersisted({}).state.comparisons).toEqual({});
  });

  it('migrates a version 2 store to no comparisons', () => {
    const { state, repaired } = parsePersisted(migratePersisted({ preferences: { theme: 'light' } }, 2));
    expect(repaired).toBe(false);
    expect(state.comparisons).toEqual({});
    expect(state.preferences.theme).toBe('light');
  });
});
