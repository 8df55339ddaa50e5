/**
 * Sign-in sessions in the database, on PGlite and on a real PostgreSQL: only the cookie's digest
 * is stored, both deadlines hold on the injected clock, `last_seen_at` is written once per step
 * rather than per read, each user holds a bounded number of sessions, and the sweep ends expired
 * sessions and tells the listeners of sessions ended by another instance.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OpenDatabase } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { databaseBackends } from '../test-support/database-backends.ts';
import { sha256Hex } from './credentials.ts';
import { DatabaseSessionStore, type DatabaseSessionStoreOptions } from './database-sessions.ts';
import { expectDeadlinesKept } from './session-deadlines.test-support.ts';

describe.each(databaseBackends())('sign-in sessions on $name', (backend) => {
  let database: OpenDatabase;
  let db: Kysely<Database>;
  let now: number;
  const storeOf = (options: Partial<DatabaseSessionStoreOptions> = {}) =>
    new DatabaseSessionStore({ ttlMs: 60_000, idleMs: 10_000, now: () => now, db: () => Promise.resolve(db), ...options });
  const rows = () => db.selectFrom('auth_sessions').selectAll().orderBy('created_at').execute();
  const lastSeen = async (id: string) =>
    Number((await db.selectFrom('auth_sessions').select('last_seen_at').where('session_hash', '=', sha256Hex(id)).executeTakeFirst())?.last_seen_at);

  beforeAll(async () => {
    database = await backend.open();
    db = database.db;
  }, 60_000);
  afterAll(async () => {
    await database.close();
    await backend.close();
  });
  beforeEach(async () => {
    now = 1_000_000;
    await db.deleteFrom('auth_sessions').execute();
  });

  it('stores only the digest of the cookie, and finds, ends and tells about a session', async () => {
    const store = storeOf();
    const id = await store.create('alice');
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await rows();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ session_hash: sha256Hex(id), user_id: 'alice' });
    expect(JSON.stringify(stored, (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value))).not.toContain(id);
    expect(await store.get(id)).toEqual({ user: 'alice', createdAt: now, lastSeenAt: now });
    const ended: string[] = [];
    store.onEnd(id, () => ended.push('socket'));
    await store.end(id);
    expect(ended).toEqual(['socket']);
    expect(await store.get(id)).toBeUndefined();
    expect(await rows()).toHaveLength(0);
    // Not of the cookie's shape: never looked up.
    expect(await store.get('not-an-id')).toBeUndefined();
    expect(await store.get(`${id}x`)).toBeUndefined();
  });

  it('ends a session idle too long, and one past its lifetime however busy', async () => {
    await expectDeadlinesKept(storeOf(), (ms) => {
      now += ms;
    });
    expect(await rows()).toHaveLength(0);
  });

  it('writes last_seen_at only once it is a step behind (1/20 of the idle window, at most 60 s)', async () => {
    // Idle 100 s: a step of 5 s.
    const store = storeOf({ idleMs: 100_000, ttlMs: 3_600_000 });
    const id = await store.create('carol');
    const created = now;
    now += 4_000;
    expect((await store.get(id))?.lastSeenAt).toBe(now);
    expect(await lastSeen(id)).toBe(created);
    now += 1_001;
    await store.get(id);
    expect(await lastSeen(id)).toBe(now);
    const touched = now;
    now += 5_000;
    await store.get(id);
    expect(await lastSeen(id)).toBe(touched);
    // A long idle window: the step is capped at 60 s.
    const long = storeOf({ idleMs: 24 * 3_600_000, ttlMs: 48 * 3_600_000 });
    const day = await long.create('carol');
    const start = now;
    now += 60_000;
    await long.get(day);
    expect(await lastSeen(day)).toBe(start);
    now += 1;
    await long.get(day);
    expect(await lastSeen(day)).toBe(now);
  });

  it("bounds each user's sessions, ending the least recently seen", async () => {
    const store = storeOf({ maxPerUser: 3 });
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      ids.push(await store.create('dave'));
      now += 1_000;
    }
    const other = await store.create('erin');
    // The first is used again: the second is now the least recently seen.
    expect(await store.get(ids[0] ?? '')).toBeDefined();
    const ended: string[] = [];
    store.onEnd(ids[1] ?? '', () => ended.push('second'));
    now += 1_000;
    const fourth = await store.create('dave');
    expect(ended).toEqual(['second']);
    expect(await store.get(ids[1] ?? '')).toBeUndefined();
    for (const id of [ids[0], ids[2], fourth, other]) expect(await store.get(id ?? '')).toBeDefined();
    // On one clock reading the new session still stays.
    const fifth = await store.create('dave');
    expect(await store.get(fifth)).toBeDefined();
    expect((await rows()).filter((row) => row.user_id === 'dave')).toHaveLength(3);
  });

  it('sweeps expired sessions, and tells listeners of sessions ended on another instance', async () => {
    const here = storeOf();
    const elsewhere = storeOf();
    const stale = await here.create('frank');
    now += 5_000;
    const live = await here.create('frank');
    const signedOutElsewhere = await here.create('grace');
    const ended: string[] = [];
    here.onEnd(stale, () => ended.push('stale'));
    here.onEnd(live, () => ended.push('live'));
    here.onEnd(signedOutElsewhere, () => ended.push('elsewhere'));
    expect(await here.count()).toBe(3);
    await elsewhere.end(signedOutElsewhere);
    now += 5_000;
    expect(await here.sweep()).toBe(1);
    expect(ended.sort()).toEqual(['elsewhere', 'stale']);
    expect(await here.count()).toBe(1);
    expect(await elsewhere.get(live)).toBeDefined();
    // The sweep and the count leave a database nobody asked for shut.
    let asked = 0;
    const unused = storeOf({
      db: () => {
        asked += 1;
        return Promise.resolve(db);
      },
    });
    expect(await unused.sweep()).toBe(0);
    expect(await unused.count()).toBe(0);
    expect(asked).toBe(0);
  });
});
