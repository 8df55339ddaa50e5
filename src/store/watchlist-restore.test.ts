import { beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from './app-store';
import { restoreDeleted } from './watchlist-restore';

const initial = useAppStore.getState();

beforeEach(() => {
  useAppStore.setState(initial, true);
  useAppStore.setState({
    watchlists: [
      { id: 'a', name: 'Mine', symbols: ['AAPL.US', 'MSFT.US', 'NVDA.US'] },
      { id: 'b', name: 'Other', symbols: ['700.HK'] },
      { id: 'c', name: 'Third', symbols: [] },
    ],
    activeWatchlistId: 'a',
  });
});

const lists = () => useAppStore.getState().watchlists;

describe('restoreDeleted', () => {
  it('puts a removed symbol back at its place', () => {
    useAppStore.getState().removeSymbol('a', 'MSFT.US');
    expect(restoreDeleted({ kind: 'symbol', listId: 'a', symbol: 'MSFT.US', index: 1 })).toBe(true);
    expect(lists()[0]?.symbols).toEqual(['AAPL.US', 'MSFT.US', 'NVDA.US']);
  });

  it('does nothing when the symbol is back already or its list is gone', () => {
    expect(restoreDeleted({ kind: 'symbol', listId: 'a', symbol: 'AAPL.US', index: 2 })).toBe(false);
    expect(lists()[0]?.symbols).toEqual(['AAPL.US', 'MSFT.US', 'NVDA.US']);
    expect(restoreDeleted({ kind: 'symbol', listId: 'gone', symbol: 'X', index: 0 })).toBe(false);
  });

  it('puts a deleted list back, with its id and symbols, at its place, and selects it', () => {
    const [, other] = lists();
    if (!other) throw new Error('no list');
    useAppStore.getState().deleteWatchlist('b');
    expect(lists().map(({ id }) => id)).toEqual(['a', 'c']);
    expect(restoreDeleted({ kind: 'list', list: other, index: 1 })).toBe(true);
    expect(lists()).toEqual([expect.objectContaining({ id: 'a' }), other, expect.objectContaining({ id: 'c' })]);
    expect(useAppStore.getState().activeWatchlistId).toBe('b');
    expect(restoreDeleted({ kind: 'list', list: other, index: 1 })).toBe(false);
  });

  it('renames a restored list whose name was taken meanwhile', () => {
    const [, other] = lists();
    if (!other) throw new Error('no list');
    useAppStore.getState().deleteWatchlist('b');
    useAppStore.getState().createWatchlist('other');
    restoreDeleted({ kind: 'list', list: other, index: 1 });
    expect(lists()[1]?.name).toBe('Other 2');
  });
});
