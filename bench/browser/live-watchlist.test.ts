import { describe, expect, it } from 'vitest';
import { parsePersisted, PERSIST_VERSION } from '../../src/store/persisted-state.ts';
import { threeIndicators } from './layout.ts';
import { persistedWatchlist } from './live-watchlist.ts';

describe('persistedWatchlist', () => {
  it('writes what the app reads back as one active list, versioned', () => {
    const symbols = ['AAPL.US', 'BTCUSDT', 'EURUSD'];
    const saved = JSON.parse(persistedWatchlist(symbols, 'Bench 3')) as { state: unknown; version: number };
    const { state, repaired } = parsePersisted(saved.state);
    expect(repaired).toBe(false);
    expect(saved.version).toBe(PERSIST_VERSION);
    expect(state.watchlists).toEqual([{ id: 'bench-live', name: 'Bench 3', symbols }]);
    expect(state.activeWatchlistId).toBe('bench-live');
  });

  it('refuses a list the app would cut down', () => {
    expect(() => persistedWatchlist(['AAPL.US', 'AAPL.US'], 'twice')).toThrow(/do not parse/);
    expect(() =>
      persistedWatchlist(
        Array.from({ length: 1001 }, (_, i) => `S${String(i)}`),
        'too long',
      ),
    ).toThrow(/do not parse/);
  });

  it("carries the layout group's indicators as the app reads them, and refuses ones it would drop", () => {
    const preferences = threeIndicators();
    const saved = JSON.parse(persistedWatchlist(['AAPL.US'], 'Bench 1', preferences)) as { state: unknown };
    expect(parsePersisted(saved.state).state.preferences.indicators).toEqual(preferences.indicators);
    expect(() => persistedWatchlist(['AAPL.US'], 'Bench 1', { indicators: [{ id: 'x-1', kind: 'no-such-kind' as 'sma', params: {} }] })).toThrow(
      /do not parse/,
    );
  });
});
