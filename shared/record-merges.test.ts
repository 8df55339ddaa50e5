import { describe, expect, it } from 'vitest';
import { RECORD_MERGES, WATCHLIST_KIND } from './record-merges.ts';

const mergeWatchlist = RECORD_MERGES.app?.[WATCHLIST_KIND];
if (!mergeWatchlist) throw new Error('no watchlist merge');
const base = { name: 'Tech', symbols: ['AAPL.US', 'MSFT.US'] };

describe('a watchlist edited on two devices at once', () => {
  it('keeps a rename made on one device when the other only changed the symbols, whichever wins the tie-break', () => {
    const renamed = { ...base, name: 'Big tech' };
    const added = { ...base, symbols: [...base.symbols, 'NVDA.US'] };
    expect(mergeWatchlist(base, added, renamed)).toEqual({ name: 'Big tech', symbols: ['AAPL.US', 'MSFT.US', 'NVDA.US'] });
    expect(mergeWatchlist(base, renamed, added)).toEqual({ name: 'Big tech', symbols: ['AAPL.US', 'MSFT.US', 'NVDA.US'] });
  });

  it('takes the winner’s name when both renamed it, and keeps both sides’ symbol edits', () => {
    const desk = { name: 'Desk name', symbols: ['AAPL.US'] };
    const phone = { name: 'Phone name', symbols: ['AAPL.US', 'MSFT.US', 'TSLA.US'] };
    expect(mergeWatchlist(base, desk, phone)).toEqual({ name: 'Desk name', symbols: ['AAPL.US', 'TSLA.US'] });
  });
});
