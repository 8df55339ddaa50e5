import { describe, expect, it } from 'vitest';
import type { UserRecord } from '#shared/records.ts';
import { overruledRename } from './overruled-rename';

const list = (name: string, symbols: string[], rev: number): UserRecord => ({
  id: 'watchlist:us',
  kind: 'watchlist',
  rev,
  updatedAt: rev,
  by: 'tab',
  value: { name, symbols },
});
const base = list('US tech', ['AAPL.US'], 3);

describe('a rename another device overruled', () => {
  it('names the user’s name and the one kept when both renamed the list', () => {
    expect(overruledRename({ store: 'app', base, mine: list('Mine', ['AAPL.US'], 4), result: list('Theirs', ['AAPL.US'], 5) })).toEqual({
      mine: 'Mine',
      theirs: 'Theirs',
    });
  });

  it('says nothing when the user did not rename it, when the user’s name stayed, or for other records', () => {
    expect(
      overruledRename({ store: 'app', base, mine: list('US tech', ['AAPL.US', 'IBM.US'], 4), result: list('Theirs', ['AAPL.US', 'IBM.US'], 5) }),
    ).toBeUndefined();
    expect(overruledRename({ store: 'app', base, mine: list('Mine', ['AAPL.US'], 4), result: list('Mine', ['AAPL.US', 'IBM.US'], 5) })).toBeUndefined();
    const alert: UserRecord = { id: 'alert:1', kind: 'alert', rev: 2, updatedAt: 2, by: 'tab', value: { name: 'x' } };
    expect(overruledRename({ store: 'alerts', mine: alert, result: { ...alert, value: { name: 'y' } } })).toBeUndefined();
  });
});
