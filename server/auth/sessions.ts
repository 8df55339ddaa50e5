/**
 * Server-side sessions of AUTH_MODE=password. The cookie holds a random 256-bit id; the store
 * keeps only its SHA-256 (a dump of the store yields no cookie), the user, and two deadlines: an
 * absolute one (SESSION_TTL_MINUTES) and an idle one (SESSION_IDLE_MINUTES), both on an
 * injectable clock. Bounded: past `maxSessions` the least recently used session ends. Whoever
 * holds something tied to a session (a realtime socket) registers to hear when it ends.
 */
import { randomBytes } from 'node:crypto';
import { sha256Hex } from './credentials.ts';

export interface Session {
  user: string;
  createdAt: number;
  lastSeenAt: number;
}

export interface SessionStoreOptions {
  ttlMs: number;
  idleMs: number;
  maxSessions?: number;
  /** Wall-clock or monotonic ms; default Date.now. */
  now?: () => number;
}

/** The cookie value's shape: 43 base64url characters (32 bytes). */
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

export class SessionStore {
  private readonly sessions = new Map<string, Session>();
  private readonly listeners = new Map<string, Set<() => void>>();
  private readonly now: () => number;
  private readonly maxSessions: number;

  constructor(private readonly options: SessionStoreOptions) {
    this.now = options.now ?? Date.now;
    this.maxSessions = options.maxSessions ?? 10_000;
  }

  get size(): number {
    return this.sessions.size;
  }

  /** A new session for `user`; returns the id to put in the cookie (kept nowhere else). */
  create(user: string): string {
    const id = randomBytes(32).toString('base64url');
    const now = this.now();
    this.sessions.set(sha256Hex(id), { user, createdAt: now, lastSeenAt: now });
    while (this.sessions.size > this.maxSessions) {
      const oldest = this.sessions.keys().next();
      if (oldest.done === true) break;
      this.endKey(oldest.value);
    }
    return id;
  }

  /** The live session of a cookie value (its idle deadline moves on), or undefined. */
  get(id: string): Session | undefined {
    if (!SESSION_ID.test(id)) return undefined;
    const key = sha256Hex(id);
    const session = this.sessions.get(key);
    if (session === undefined) return undefined;
    const now = this.now();
    if (now - session.createdAt >= this.options.ttlMs || now - session.lastSeenAt >= this.options.idleMs) {
      this.endKey(key);
      return undefined;
    }
    session.lastSeenAt = now;
    // Most recently used last: eviction takes the front.
    this.sessions.delete(key);
    this.sessions.set(key, session);
    return session;
  }

  /** Ends the session of `id` (sign-out, rotation); its listeners hear it. */
  end(id: string): void {
    if (SESSION_ID.test(id)) this.endKey(sha256Hex(id));
  }

  /** Calls `listener` once when the session of `id` ends; returns the unsubscribe. */
  onEnd(id: string, listener: () => void): () => void {
    const key = sha256Hex(id);
    let set = this.listeners.get(key);
    if (set === undefined) {
      set = new Set();
      this.listeners.set(key, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(key) === set) this.listeners.delete(key);
    };
  }

  /** Ends every session past a deadline (run now and then, so sockets of expired sessions close). */
  sweep(): number {
    const now = this.now();
    let ended = 0;
    for (const [key, session] of this.sessions) {
      if (now - session.createdAt >= this.options.ttlMs || now - session.lastSeenAt >= this.options.idleMs) {
        this.endKey(key);
        ended += 1;
      }
    }
    return ended;
  }

  private endKey(key: string): void {
    this.sessions.delete(key);
    const listeners = this.listeners.get(key);
    this.listeners.delete(key);
    for (const listener of listeners ?? []) {
      try {
        listener();
      } catch {
        // One failing listener must not keep the others from hearing.
      }
    }
  }
}
