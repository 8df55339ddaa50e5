import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenDatabase } from '../db/database.ts';
import { databaseBackends } from '../test-support/database-backends.ts';
import { ShareStore } from './share-store.ts';
import { WorkspaceLimitError } from './workspace-store.ts';

describe.each(databaseBackends())('the share store on $name', (backend) => {
  let database: OpenDatabase;
  let store: ShareStore;
  let clock = 1_000;
  beforeAll(async () => {
    database = await backend.open();
    store = new ShareStore(database.db, () => clock, 3);
  }, 60_000);
  afterAll(async () => {
    await database.close();
    await backend.close();
  });

  it('keeps a copy anyone reads by its id, listed for its owner only, newest first', async () => {
    const first = await store.create('ann', 'watchlist', 'Banks', { symbols: ['JPM.US', 'BAC.US'] });
    clock += 1;
    const second = await store.create('ann', 'layout', 'Desk', { layout: { kind: '2h' }, drawings: {} });
    expect(first.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(first.id).not.toBe(second.id);
    expect(await store.read(first.id)).toEqual({ share: { ...first, owner: 'ann', createdAt: 1_000 }, value: { symbols: ['JPM.US', 'BAC.US'] } });
    expect((await store.listOwn('ann')).map((share) => share.name)).toEqual(['Desk', 'Banks']);
    expect(await store.listOwn('bob')).toEqual([]);
  });

  it('revokes for the owner only; a revoked share reads as revoked, its content gone', async () => {
    const share = await store.create('ann', 'watchlist', 'Tech', { symbols: ['AAPL.US'] });
    expect(await store.revoke('bob', share.id)).toBe(false);
    expect(await store.read(share.id)).toMatchObject({ value: { symbols: ['AAPL.US'] } });
    expect(await store.revoke('ann', share.id)).toBe(true);
    expect(await store.revoke('ann', share.id)).toBe(false);
    expect(await store.read(share.id)).toBe('revoked');
    const row = await database.db.selectFrom('workspace_shares').select('value').where('share_id', '=', share.id).executeTakeFirstOrThrow();
    expect(row.value).not.toContain('AAPL.US');
    expect((await store.listOwn('ann')).map((listed) => listed.id)).not.toContain(share.id);
  });

  it('answers unknown for an id of another shape or nobody’s', async () => {
    expect(await store.read('short')).toBe('unknown');
    expect(await store.read("' or '1'='1")).toBe('unknown');
    expect(await store.read('A'.repeat(22))).toBe('unknown');
    expect(await store.revoke('ann', '%')).toBe(false);
  });

  it('refuses a share past the live-share limit; a revoked one frees its place', async () => {
    // ann holds Banks and Desk (Tech was revoked): one more fits.
    const third = await store.create('ann', 'watchlist', 'Third', { symbols: [] });
    await expect(store.create('ann', 'watchlist', 'Fourth', { symbols: [] })).rejects.toBeInstanceOf(WorkspaceLimitError);
    await store.create('bob', 'watchlist', 'Bob’s', { symbols: [] });
    await store.revoke('ann', third.id);
    await expect(store.create('ann', 'watchlist', 'Fourth', { symbols: [] })).resolves.toMatchObject({ name: 'Fourth' });
  });
});
