import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRecord } from '#shared/records.ts';
import type { OpenDatabase } from '../db/database.ts';
import { databaseBackends } from '../test-support/database-backends.ts';
import { WorkspaceLimitError, WorkspaceStore } from './workspace-store.ts';

const record = (id: string, rev: number, by: string, value: unknown, deleted?: true): UserRecord => ({
  id,
  kind: id.split(':')[0] ?? id,
  rev,
  updatedAt: 1_000 + rev,
  by,
  ...(deleted ? { deleted } : { value }),
});
const list = (rev: number, by: string, symbols: string[]) => record('watchlist:us', rev, by, { name: 'US', symbols });

describe.each(databaseBackends())('the workspace store on $name', (backend) => {
  let database: OpenDatabase;
  let store: WorkspaceStore;
  beforeAll(async () => {
    database = await backend.open();
    store = new WorkspaceStore(database.db, { maxRecords: 5, maxDrawingsPerSymbol: 2 });
  }, 60_000);
  afterAll(async () => {
    await database.close();
    await backend.close();
  });

  it('stores a batch, numbers each change, and reads it back whole or since a revision', async () => {
    const first = await store.write('ann', [
      { store: 'app', to: list(1, 'desk', ['AAPL.US']) },
      { store: 'app', to: record('preferences', 1, 'desk', { theme: 'dark' }) },
    ]);
    expect(first.serverRev).toBe(2);
    expect(first.stored.map((r) => [r.id, r.serverRev])).toEqual([
      ['watchlist:us', 1],
      ['preferences', 2],
    ]);
    const all = await store.read('ann');
    expect(all.serverRev).toBe(2);
    expect(all.records.find((r) => r.id === 'watchlist:us')).toMatchObject({ store: 'app', rev: 1, by: 'desk', value: { name: 'US', symbols: ['AAPL.US'] } });
    const since = await store.read('ann', 1);
    expect(since.records.map((r) => r.id)).toEqual(['preferences']);
  });

  it("keeps each user's records apart", async () => {
    await store.write('bob', [{ store: 'app', to: list(1, 'laptop', ['MSFT.US']) }]);
    const ann = await store.read('ann');
    const bob = await store.read('bob');
    expect(bob.serverRev).toBe(1);
    expect(bob.records.map((r) => r.value)).toEqual([{ name: 'US', symbols: ['MSFT.US'] }]);
    expect(ann.records.find((r) => r.id === 'watchlist:us')?.value).toEqual({ name: 'US', symbols: ['AAPL.US'] });
  });

  it('keeps both symbols when two devices add one to the same list from the same revision', async () => {
    const base = list(1, 'desk', ['AAPL.US']);
    await store.write('ann', [{ store: 'app', from: base, to: list(2, 'desk', ['AAPL.US', 'NVDA.US']) }]);
    const { stored } = await store.write('ann', [{ store: 'app', from: base, to: list(2, 'phone', ['AAPL.US', '700.HK']) }]);
    expect(stored[0]?.value).toEqual({ name: 'US', symbols: ['AAPL.US', '700.HK', 'NVDA.US'] });
    const { records } = await store.read('ann');
    expect(records.find((r) => r.id === 'watchlist:us')?.value).toEqual({ name: 'US', symbols: ['AAPL.US', '700.HK', 'NVDA.US'] });
  });

  it('keeps a deletion over a stale copy, and lets a later edit bring the record back', async () => {
    const held = (await store.read('ann')).records.find((r) => r.id === 'preferences');
    await store.write('ann', [{ store: 'app', from: held, to: record('preferences', 2, 'desk', undefined, true) }]);
    // A device that never saw the deletion sends an older revision: the tombstone stays.
    const stale = await store.write('ann', [
      { store: 'app', from: record('preferences', 0, 'x', null), to: record('preferences', 1, 'phone', { theme: 'light' }) },
    ]);
    expect(stale.stored).toEqual([]);
    expect((await store.read('ann')).records.find((r) => r.id === 'preferences')?.deleted).toBe(true);
    const later = await store.write('ann', [{ store: 'app', to: record('preferences', 3, 'phone', { theme: 'light' }) }]);
    expect(later.stored[0]).toMatchObject({ id: 'preferences', rev: 3, value: { theme: 'light' } });
  });

  it('keeps a deletion over an edit made on the revision before it, whichever device sent first', async () => {
    const alert = (rev: number, by: string, level: number, deleted?: true) => record('alert:a1', rev, by, { symbol: 'AAPL.US', level }, deleted);
    const base = alert(1, 'desk', 500);
    // The editor's id is the greater: a tie of revisions alone would go to the edit.
    for (const [user, first, second] of [
      ['eve', { from: base, to: alert(2, 'desk', 0, true) }, { from: base, to: alert(2, 'phone', 510) }],
      ['fay', { from: base, to: alert(2, 'phone', 510) }, { from: base, to: alert(2, 'desk', 0, true) }],
    ] as const) {
      await store.write(user, [{ store: 'alerts', to: base }]);
      await store.write(user, [{ store: 'alerts', ...first }]);
      await store.write(user, [{ store: 'alerts', ...second }]);
      const { records } = await store.readStore(user, 'alerts');
      expect(records).toEqual([]);
    }
  });

  it('refuses a batch that passes the records limit whole, storing none of it', async () => {
    const before = await store.read('cy');
    const batch = Array.from({ length: 6 }, (_, i) => ({
      store: 'app',
      to: record(`watchlist:l${String(i)}`, 1, 'desk', { name: `L${String(i)}`, symbols: [] }),
    }));
    await expect(store.write('cy', batch)).rejects.toBeInstanceOf(WorkspaceLimitError);
    const after = await store.read('cy');
    expect(after).toEqual(before);
  });

  it('refuses a third live drawing on one symbol, and takes one on another symbol or after a deletion', async () => {
    const drawing = (symbol: string, id: string, rev = 1, deleted?: true) => ({
      store: 'drawings',
      to: record(`drawing:${symbol}/${id}`, rev, 'desk', { symbol }, deleted),
    });
    await store.write('dot', [drawing('A_B.US', 'd1'), drawing('A_B.US', 'd2')]);
    const refused = store.write('dot', [drawing('A_B.US', 'd3')]);
    await expect(refused).rejects.toThrow('a symbol holds at most 2 drawings (A_B.US)');
    // Another symbol (whose name the first one's would match as a LIKE pattern) is its own.
    await store.write('dot', [drawing('AXB.US', 'd1'), drawing('AXB.US', 'd2')]);
    await store.write('dot', [drawing('A_B.US', 'd1', 2, true), drawing('A_B.US', 'd3')]);
    const live = (await store.read('dot')).records.filter((r) => !r.deleted).map((r) => r.id);
    expect(new Set(live)).toEqual(new Set(['drawing:A_B.US/d2', 'drawing:A_B.US/d3', 'drawing:AXB.US/d1', 'drawing:AXB.US/d2']));
  });

  it('numbers concurrent batches of one user once each, with no revision lost', async () => {
    const roomy = new WorkspaceStore(database.db);
    const writes = Array.from({ length: 8 }, (_, i) =>
      roomy.write('dee', [{ store: 'drawings', to: record(`drawing:AAPL.US/d${String(i)}`, 1, `tab-${String(i)}`, { i }) }]),
    );
    const results = await Promise.all(writes);
    expect(results.map((r) => r.serverRev).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const { serverRev, records } = await roomy.read('dee');
    expect(serverRev).toBe(8);
    expect(records.map((r) => r.serverRev)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});
