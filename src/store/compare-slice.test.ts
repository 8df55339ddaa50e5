// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEY, useAppStore } from './app-store';
import { comparisonsId, MAX_COMPARISONS } from './compare-slice';
import { parsePersisted } from './persisted-state';
import { migrate as migratePersisted } from './app-migrations';

const FIRST_CHART = comparisonsId(0);

const initial = useAppStore.getState();

beforeEach(() => {
  localStorage.clear();
  useAppStore.setState(initial, true);
});

describe('comparisons', () => {
  it('adds up to five per chart, refuses a sixth and a duplicate, removes, and keeps charts apart', () => {
    const store = useAppStore.getState();
    const symbols = ['700.HK', 'EURUSD', 'MSFT.US', 'BTCUSDT', '600519.SH'];
    for (const symbol of symbols) expect(store.addComparison(FIRST_CHART, symbol)).toBe('added');
    expect(MAX_COMPARISONS).toBe(5);
    expect(store.addComparison(FIRST_CHART, 'XAUUSD')).toBe('full');
    store.removeComparison(FIRST_CHART, 'EURUSD');
    expect(store.addComparison(FIRST_CHART, '700.HK')).toBe('duplicate');
    expect(store.addComparison('other', '700.HK')).toBe('added');
    expect(useAppStore.getState().comparisons[FIRST_CHART]).toEqual(['700.HK', 'MSFT.US', 'BTCUSDT', '600519.SH']);
    for (const symbol of ['700.HK', 'MSFT.US', 'BTCUSDT', '600519.SH']) store.removeComparison(FIRST_CHART, symbol);
    expect(useAppStore.getState().comparisons).toEqual({ [FIRST_CHART]: [], other: ['700.HK'] });
  });

  it('swaps two charts’ comparisons when their charts change places', () => {
    const store = useAppStore.getState();
    store.addComparison(comparisonsId(3), '700.HK');
    store.swapComparisons(FIRST_CHART, comparisonsId(3));
    expect(useAppStore.getState().comparisons).toEqual({ [FIRST_CHART]: ['700.HK'] });
  });

  it('persists them', () => {
    useAppStore.getState().addComparison(FIRST_CHART, 'BTCUSD');
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as { state: { comparisons: unknown } };
    expect(saved.state.comparisons).toEqual({ [FIRST_CHART]: ['BTCUSD'] });
  });

  it('reads saved ones whole: a list with a bad entry, a duplicate or a sixth drops them as a repair', () => {
    const good = parsePersisted({ comparisons: { main: ['700.HK', 'BTCUSD'] } });
    expect(good.repaired).toBe(false);
    expect(good.state.comparisons).toEqual({ main: ['700.HK', 'BTCUSD'] });
    const many = Array.from({ length: 6 }, (_, i) => `S${String(i)}X`);
    const kept = ['EURUSD'];
    for (const bad of [many, ['S0X', 'S0X'], [5], [''], 'x']) {
      const read = parsePersisted({ comparisons: { main: bad, kept } });
      expect(read.repaired).toBe(true);
      expect(read.state.comparisons).toEqual({});
    }
    expect(parsePersisted({ comparisons: [] }).repaired).toBe(true);
    expect(parsePersisted({ comparisons: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`c${String(i)}`, ['EURUSD']])) }).repaired).toBe(true);
    expect(parsePersisted({}).state.comparisons).toEqual({});
  });

  it('reads a store saved before comparisons as none, without a repair', () => {
    const { state, repaired } = parsePersisted(migratePersisted({ preferences: { theme: 'light' } }, 2));
    expect(repaired).toBe(false);
    expect(state.comparisons).toEqual({});
    expect(state.preferences.theme).toBe('light');
  });
});
