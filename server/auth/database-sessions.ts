/**
 * Sessions in the database (table `auth_sessions`): every instance sharing it knows every
 * session, so no load balancer needs sticky sessions, and a restart signs nobody out. A row holds
 * the SHA-256 of the cookie, never the cookie. Bounded per user: past `maxPerUser` sessions the
 * least recently seen ends. The database is opened by the first use (`db`), and the sweep does
 * not open it: a server nobody signs in to never starts it.
 *
 * A sign-out on another instance deletes the row there; the sockets this instance holds for that
 * session hear it at the next sweep (or the next read of the session here).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { sha256Hex } from './credentials.ts';
import { isExpired, newSessionId, SessionListeners, sessionKey, type Session, type SessionRules, type SessionStore } from './sessions.ts';

export interface DatabaseSessionStoreOptions extends SessionRules {
  /** The database, opened (and migrated) by the first call; shared with the workspace. */
  db: () => Promise<Kysely<Database>>;
  /** Sessions a user may hold at once (many browsers, many sign-ins); default 100. */
  maxPerUser?: number;
}

/** Watched sessions looked up per query by the sweep. */
const WATCHED_PER_QUERY = 500;

export class DatabaseSessionStore implements SessionStore {
  private readonly listeners = new SessionListeners();
  private readonly now: () => number;
  private readonly maxPerUser: number;
  /**
   * A read moves `last_seen_at` on only once it is this far behind: one write per session per
   * step instead of one per request. The price: the idle deadline may come up to one step early
   * (at most 1/20 of the idle window, and at most 60 s).
   */
  private readonly touchStepMs: number;
  /** The database was asked for (and opened): until then the sweep and the count leave it shut. */
  private opened = false;

  constructor(private readonly options: DatabaseSessionStoreOptions) {
    this.now = options.now ?? Date.now;
    this.maxPerUser = Math.max(1, options.maxPerUser ?? 100);
    this.touchStepMs = Math.min(options.idleMs / 20, 60_000);
  }

  async create(user: string): Promise<string> {
    const { id, key } = newSessionId();
    const now = this.now();
    const db = await this.db();
    await db.insertInto('auth_sessions').values({ session_hash: key, user_id: user, created_at: now, last_seen_at: now }).execute();
    // The user's other sessions beyond the bound, least recently seen first (the new one stays).
    const beyond = db
      .selectFrom('auth_sessions')
      .select('session_hash')
      .where('user_id', '=', user)
      .where('session_hash', '!=', key)
      .orderBy('last_seen_at', 'desc')
      .orderBy('created_at', 'desc')
      .offset(this.maxPerUser - 1);
    const evicted = await db.deleteFrom('auth_sessions').where('session_hash', 'in', beyond).returning('session_hash').execute();
    for (const row of evicted) this.listeners.fire(row.session_hash);
    return id;
  }

  async get(id: string): Promise<Session | undefined> {
    const key = sessionKey(id);
    if (key === undefined) return undefined;
    const db = await this.db();
    const row = await db.selectFrom('auth_sessions').select(['user_id', 'created_at', 'last_seen_at']).where('session_hash', '=', key).executeTakeFirst();
    if (row === undefined) {
      // Ended elsewhere (a sign-out on another instance): whoever waits here hears it now.
      this.listeners.fire(key);
      return undefined;
    }
    const session: Session = { user: row.user_id, createdAt: Number(row.created_at), lastSeenAt: Number(row.last_seen_at) };
    const now = this.now();
    if (isExpired(session, now, this.options)) {
      await this.endKey(db, key);
      return undefined;
    }
    if (now - session.lastSeenAt > this.touchStepMs) {
      // Never backwards: another instance's clock may be ahead of this one's.
      await db.updateTable('auth_sessions').set({ last_seen_at: now }).where('session_hash', '=', key).where('last_seen_at', '<', now).execute();
    }
    return { ...session, lastSeenAt: now };
  }

  async end(id: string): Promise<void> {
    const key = sessionKey(id);
    if (key !== undefined) await this.endKey(await this.db(), key);
  }

  onEnd(id: string, listener: () => void): () => void {
    return this.listeners.add(sha256Hex(id), listener);
  }

  async sweep(): Promise<number> {
    if (!this.opened) return 0;
    const db = await this.db();
    const now = this.now();
    const expired = await db
      .deleteFrom('auth_sessions')
      .where((eb) => eb.or([eb('created_at', '<=', now - this.options.ttlMs), eb('last_seen_at', '<=', now - this.options.idleMs)]))
      .returning('session_hash')
      .execute();
    for (const row of expired) this.listeners.fire(row.session_hash);
    // Sessions watched here whose row is gone: ended on another instance.
    const watched = this.listeners.keys();
    for (let start = 0; start < watched.length; start += WATCHED_PER_QUERY) {
      const keys = watched.slice(start, start + WATCHED_PER_QUERY);
      const rows = await db.selectFrom('auth_sessions').select('session_hash').where('session_hash', 'in', keys).execute();
      const live = new Set(rows.map((row) => row.session_hash));
      for (const key of keys) if (!live.has(key)) this.listeners.fire(key);
    }
    return expired.length;
  }

  async count(): Promise<number> {
    if (!this.opened) return 0;
    const db = await this.db();
    const now = this.now();
    const row = await db
      .selectFrom('auth_sessions')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('created_at', '>', now - this.options.ttlMs)
      .where('last_seen_at', '>', now - this.options.idleMs)
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  private async db(): Promise<Kysely<Database>> {
    const db = await this.options.db();
    this.opened = true;
    return db;
  }

  private async endKey(db: Kysely<Database>, key: string): Promise<void> {
    await db.deleteFrom('auth_sessions').where('session_hash', '=', key).execute();
    this.listeners.fire(key);
  }
}
