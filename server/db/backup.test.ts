import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPostgres, type TestPostgres } from '../test-support/postgres-server.ts';
import { ShareStore } from '../workspace/share-store.ts';
import { WorkspaceStore } from '../workspace/workspace-store.ts';
import { backupLines, restoreLines } from './backup.ts';
import { openDatabase, type OpenDatabase } from './database.ts';

/** Drawing i, on one of three symbols (a symbol holds at most 1,000). */
const drawing = (i: number) => ({
  id: `drawing:S${String(i % 3)}.US/d${String(i)}`,
  kind: 'drawing',
  rev: 1,
  updatedAt: 1_700_000_000_000 + i,
  by: 'desk',
  value: { points: [i, i + 1] },
});

const NO_ALERT_ROWS = { alert_triggers: 0, alert_deliveries: 0 };

describe('the workspace backup', () => {
  let dataDir: string;
  let postgres: TestPostgres;
  let embedded: OpenDatabase;
  let server: OpenDatabase;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'chartroom-backup-'));
    postgres = await startTestPostgres();
    embedded = await openDatabase({ kind: 'pglite', dataDir });
    server = await openDatabase({ kind: 'postgres', url: postgres.url });
  }, 60_000);
  afterAll(async () => {
    await embedded.close();
    await server.close();
    await postgres.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('moves every workspace from PGlite to PostgreSQL, revisions, tombstones and shares included', async () => {
    const from = new WorkspaceStore(embedded.db);
    await from.write(
      'ann',
      Array.from({ length: 1_500 }, (_, i) => ({ store: 'drawings', to: drawing(i) })),
    );
    await from.write('ann', [{ store: 'drawings', from: drawing(3), to: { ...drawing(3), rev: 2, deleted: true, value: undefined } }]);
    await from.write('bob', [{ store: 'app', to: { id: 'preferences', kind: 'preferences', rev: 1, updatedAt: 5, by: 'laptop', value: { theme: 'light' } } }]);
    const shared = await new ShareStore(embedded.db).create('ann', 'watchlist', 'Banks', { symbols: ['JPM.US'] });
    // The server's VAPID key pair and a device: without them every push subscription would die.
    await embedded.db.insertInto('server_secrets').values({ name: 'vapid', value: '{"publicKey":"p","privateKey":"k"}', created_at: 1 }).execute();
    await embedded.db
      .insertInto('push_subscriptions')
      .values({ user_id: 'ann', endpoint: 'https://push.example/1', p256dh: 'p', auth: 'a', device: 'phone', created_at: 2 })
      .execute();
    const lines = await backupLines(embedded.db);
    expect(await restoreLines(server.db, lines)).toEqual({
      ...NO_ALERT_ROWS,
      workspace_users: 2,
      workspace_records: 1_501,
      workspace_shares: 1,
      server_secrets: 1,
      push_subscriptions: 1,
    });
    expect(await server.db.selectFrom('server_secrets').select('value').executeTakeFirst()).toEqual({ value: '{"publicKey":"p","privateKey":"k"}' });
    // Shared links keep opening after the move.
    expect(await new ShareStore(server.db).read(shared.id)).toEqual(await new ShareStore(embedded.db).read(shared.id));
    const to = new WorkspaceStore(server.db);
    expect(await to.read('ann')).toEqual(await from.read('ann'));
    expect(await to.read('bob')).toEqual(await from.read('bob'));
    // The counters came along: the next write continues the numbering.
    const next = await to.write('ann', [{ store: 'drawings', to: drawing(9_999) }]);
    expect(next.serverRev).toBe(1_502);
  });

  it('refuses to restore over workspaces unless asked to replace them, and refuses a foreign file', async () => {
    const lines = await backupLines(embedded.db);
    await expect(restoreLines(server.db, lines)).rejects.toThrow(/already holds workspaces/);
    await expect(restoreLines(server.db, ['{"format":"something else"}'])).rejects.toThrow(/not a chartroom-workspace-backup file/);
    await expect(restoreLines(server.db, lines, { replace: true })).resolves.toEqual({
      ...NO_ALERT_ROWS,
      workspace_users: 2,
      workspace_records: 1_501,
      workspace_shares: 1,
      server_secrets: 1,
      push_subscriptions: 1,
    });
    expect((await new WorkspaceStore(server.db).read('ann')).serverRev).toBe(1_501);
  });
});
