import { describe, expect, it } from 'vitest';
import { DEFAULT_WATCHLIST_VIEW, parseWatchlistView } from './watchlist-view';

describe('parseWatchlistView', () => {
  it('reads a saved view, its columns in their order', () => {
    expect(parseWatchlistView({ columns: ['volume', 'last'], sort: { column: 'percent', direction: 'ascending' } })).toEqual({
      columns: ['last', 'volume'],
      sort: { column: 'percent', direction: 'ascending' },
    });
  });

  it('keeps what makes sense of a damaged one', () => {
    expect(parseWatchlistView({ columns: ['last', 'bogus', 7], sort: { column: 'extended', direction: 'descending' } })).toEqual({
      columns: ['last'],
      sort: undefined,
    });
    expect(parseWatchlistView({ columns: 'last', sort: { column: 'last', direction: 'sideways' } })).toEqual({ ...DEFAULT_WATCHLIST_VIEW, sort: undefined });
    expect(parseWatchlistView(null)).toEqual(DEFAULT_WATCHLIST_VIEW);
  });

  it('keeps an empty choice of columns', () => {
    expect(parseWatchlistView({ columns: [] }).columns).toEqual([]);
  });
});
