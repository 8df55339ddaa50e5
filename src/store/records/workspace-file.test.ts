import { describe, expect, it } from 'vitest';
import type { UserRecord } from '#shared/records.ts';
import { importDiff, readWorkspaceFile, workspaceFile } from './workspace-file';

const list = (rev: number, symbols: string[], deleted?: true): UserRecord => ({
  id: 'watchlist:us',
  kind: 'watchlist',
  rev,
  updatedAt: rev,
  by: 'tab',
  ...(deleted ? { deleted } : { value: { name: 'US', symbols } }),
});

describe('the workspace file', () => {
  it('exports the live records of every store and reads them back', () => {
    const gone: UserRecord = { id: 'watchlist:old', kind: 'watchlist', rev: 3, updatedAt: 3, by: 'tab', deleted: true };
    const records = new Map([
      [
        'app',
        new Map([
          ['watchlist:us', list(2, ['AAPL.US'])],
          ['watchlist:old', gone],
        ]),
      ],
      ['drawings', new Map<string, UserRecord>()],
    ]);
    const file = workspaceFile(records, new Date('2026-11-29T00:00:00Z'));
    expect(file.stores.app?.map((record) => record.id)).toEqual(['watchlist:us']);
    const read = readWorkspaceFile(JSON.stringify(file));
    expect('stores' in read && read.stores.get('app')).toEqual([list(2, ['AAPL.US'])]);
  });

  it('says why a file is not a workspace', () => {
    expect(readWorkspaceFile('{')).toEqual({ problem: 'not JSON' });
    expect(readWorkspaceFile(JSON.stringify({ format: 'other', version: 1, stores: {} }))).toEqual({ problem: 'format: expected chartroom-workspace' });
    const badStore = readWorkspaceFile(JSON.stringify({ format: 'chartroom-workspace', version: 1, stores: { bank: [] } }));
    expect('problem' in badStore && badStore.problem).toMatch(/expected one of app, drawings, alerts/);
    const badRecord = readWorkspaceFile(JSON.stringify({ format: 'chartroom-workspace', version: 1, stores: { app: [{ id: 'x' }] } }));
    expect('problem' in badRecord && badRecord.problem).toMatch(/app\.0\.kind/);
  });

  it('restores a changed or deleted record as its next revision, and leaves the same one alone', () => {
    const held = new Map([['watchlist:us', list(4, ['AAPL.US'], true)]]);
    const { diff } = importDiff(held, [list(2, ['AAPL.US', 'NVDA.US'])], 'import', 99);
    expect(diff.updated).toEqual([[list(4, [], true), { ...list(5, ['AAPL.US', 'NVDA.US']), updatedAt: 99, by: 'import' }]]);
    const same = importDiff(new Map([['watchlist:us', list(7, ['AAPL.US'])]]), [list(1, ['AAPL.US'])], 'import', 99);
    expect(same).toEqual({ diff: { added: [], updated: [], removed: [] }, refused: 0 });
    expect(importDiff(new Map(), [list(1, ['X'])], 'import', 5).diff.added).toHaveLength(1);
  });

  it('adds records of a capped kind only as far as the cap leaves room, and counts the rest', () => {
    const alert = (id: string, level: number, deleted?: true): UserRecord => ({
      id: `alert:${id}`,
      kind: 'alert',
      rev: 1,
      updatedAt: 1,
      by: 'tab',
      ...(deleted ? { deleted } : { value: { level } }),
    });
    const held = new Map([alert('a', 1), alert('b', 2), alert('gone', 3, true), list(1, ['X'])].map((record): [string, UserRecord] => [record.id, record]));
    const file = [alert('a', 10), alert('gone', 30), alert('c', 4), alert('d', 5), list(1, ['X', 'Y'])];
    const { diff, refused } = importDiff(held, file, 'import', 9, { kind: 'alert', max: 4 });
    // "a" is changed in place and the list is another kind: neither takes room; "gone" and "c" fill it.
    expect(diff.updated.map(([, to]) => to.id)).toEqual(['alert:a', 'alert:gone', 'watchlist:us']);
    expect(diff.added.map((to) => to.id)).toEqual(['alert:c']);
    expect(diff.removed).toEqual([]);
    expect(refused).toBe(1);
  });
});
