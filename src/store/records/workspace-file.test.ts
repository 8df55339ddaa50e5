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
    const diff = importDiff(held, [list(2, ['AAPL.US', 'NVDA.US'])], 'import', 99);
    expect(diff.updated).toEqual([[list(4, [], true), { ...list(5, ['AAPL.US', 'NVDA.US']), updatedAt: 99, by: 'import' }]]);
    const same = importDiff(new Map([['watchlist:us', list(7, ['AAPL.US'])]]), [list(1, ['AAPL.US'])], 'import', 99);
    expect(same).toEqual({ added: [], updated: [], removed: [] });
    expect(importDiff(new Map(), [list(1, ['X'])], 'import', 5).added).toHaveLength(1);
  });
});
