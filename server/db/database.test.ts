import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPostgres, type TestPostgres } from '../test-support/postgres-server.ts';
import { databaseConfigFrom, openDatabase } from './database.ts';

describe('databaseConfigFrom', () => {
  it('uses PGlite under DATA_DIR (./data by default) unless DATABASE_URL names a PostgreSQL', () => {
    expect(databaseConfigFrom({})).toEqual({ kind: 'pglite', dataDir: 'data/pglite' });
    expect(databaseConfigFrom({ DATA_DIR: '/var/lib/chartroom' })).toEqual({ kind: 'pglite', dataDir: '/var/lib/chartroom/pglite' });
    expect(databaseConfigFrom({ DATABASE_URL: 'postgres://u@db:5432/chartroom' })).toEqual({ kind: 'postgres', url: 'postgres://u@db:5432/chartroom' });
  });

  it('refuses a DATABASE_URL that is not a postgres:// URL', () => {
    expect(() => databaseConfigFrom({ DATABASE_URL: 'mysql://db/x' })).toThrow(/postgres:\/\//);
    expect(() => databaseConfigFrom({ DATABASE_URL: 'not a url' })).toThrow(/postgres:\/\//);
  });
});

describe('migrations', () => {
  let postgres: TestPostgres;
  beforeAll(async () => {
    postgres = await startTestPostgres();
  }, 60_000);
  afterAll(async () => {
    await postgres.stop();
  });

  it('run once when several instances start together on one PostgreSQL', async () => {
    const opened = await Promise.all(Array.from({ length: 4 }, () => openDatabase({ kind: 'postgres', url: postgres.url, maxConnections: 2 })));
    const [first] = opened;
    if (!first) throw new Error('no database opened');
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(first.db);
    expect(rows.map((row) => row.name)).toEqual([
      '2026-11-29-01-workspace-records',
      '2026-11-30-01-sign-in-sessions',
      '2026-11-30-02-workspace-shares',
      '2026-11-30-03-server-alerts',
    ]);
    await Promise.all(opened.map((database) => database.close()));
  });

  it('keep PGlite data across a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'chartroom-pglite-'));
    try {
      const first = await openDatabase({ kind: 'pglite', dataDir });
      await first.db.insertInto('workspace_users').values({ user_id: 'ann', server_rev: 7 }).execute();
      await first.close();
      const again = await openDatabase({ kind: 'pglite', dataDir });
      const row = await again.db.selectFrom('workspace_users').select('server_rev').where('user_id', '=', 'ann').executeTakeFirst();
      expect(Number(row?.server_rev)).toBe(7);
      await again.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('a PostgreSQL that dies under a query', () => {
  let postgres: TestPostgres;
  beforeAll(async () => {
    postgres = await startTestPostgres();
  }, 60_000);
  afterAll(async () => {
    await postgres.stop();
  });

  it('fails the query in flight, leaves the process running, and serves again once it is back', async () => {
    const database = await openDatabase({ kind: 'postgres', url: postgres.url, maxConnections: 2 });
    // A connection checked out of the pool has no listener of the pool's: its 'error' event, unheard,
    // ends the process (the CI run of 2026-12-01 lost a server so).
    const inFlight = sql`select pg_sleep(5)`.execute(database.db).then(
      () => 'answered',
      () => 'failed',
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    await postgres.kill();
    expect(await inFlight).toBe('failed');
    await postgres.restart();
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(database.db);
    expect(rows).toEqual([{ one: 1 }]);
    await database.close();
  }, 60_000);
});
