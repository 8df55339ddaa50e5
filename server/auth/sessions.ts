/**
 * Server-side sessions of AUTH_MODE=password: what every session store keeps to. The cookie holds
 * a random 256-bit id; a store keeps only its SHA-256 (a dump of the store yields no cookie), the
 * user, and two deadlines: an absolute one (SESSION_TTL_MINUTES) and an idle one
 * (SESSION_IDLE_MINUTES), both on an injectable clock. Two stores: this process's memory
 * (memory-sessions.ts, without a database) and the database (database-sessions.ts), which several
 * instances share and a restart keeps. Whoever holds something tied to a session (a realtime
 * socket) registers to hear when it ends.
 */
import { randomBytes } from 'node:crypto';
import { sha256Hex } from './credentials.ts';

export interface Session {
  user: string;
  createdAt: number;
  lastSeenAt: number;
}

export interface SessionRules {
  ttlMs: number;
  idleMs: number;
  /** Wall-clock ms; default Date.now (instances sharing a database compare their clocks' readings). */
  now?: () => number;
}

export interface SessionStore {
  /** A new session for `user`; resolves with the id to put in the cookie (kept nowhere else). */
  create(user: string): Promise<string>;
  /** The live session of a cookie value (its idle deadline moves on), or undefined. */
  get(id: string): Promise<Session | undefined>;
  /** Ends the session of `id` (sign-out, rotation); its listeners hear it. */
  end(id: string): Promise<void>;
  /** Calls `listener` once when the session of `id` ends; returns the unsubscribe. */
  onEnd(id: string, listener: () => void): () => void;
  /** Ends every session past a deadline (run now and then, so sockets of ended sessions close); resolves with how many. */
  sweep(): Promise<number>;
  /** Live sessions, for the `chartroom_sessions` gauge. */
  count(): Promise<number>;
}

/** The cookie value's shape: 43 base64url characters (32 bytes). */
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

/** A new cookie value and the key it is stored under. */
export function newSessionId(): { id: string; key: string } {
  const id = randomBytes(32).toString('base64url');
  return { id, key: sha256Hex(id) };
}

/** The key a cookie value is stored under; undefined for a value of the wrong shape (never looked up). */
export function sessionKey(id: string): string | undefined {
  return SESSION_ID.test(id) ? sha256Hex(id) : undefined;
}

/** Past its lifetime or unused for too long, at `now`. */
export function isExpired(session: Pick<Session, 'createdAt' | 'lastSeenAt'>, now: number, rules: SessionRules): boolean {
  return now - session.createdAt >= rules.ttlMs || now - session.lastSeenAt >= rules.idleMs;
}

/** Who waits for which session (by key) to end; each listener hears it at most once. */
export class SessionListeners {
  private readonly byKey = new Map<string, Set<() => void>>();

  add(key: string, listener: () => void): () => void {
    let set = this.byKey.get(key);
    if (set === undefined) {
      set = new Set();
      this.byKey.set(key, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.byKey.get(key) === set) this.byKey.delete(key);
    };
  }

  /** The keys someone waits on. */
  keys(): string[] {
    return [...this.byKey.keys()];
  }

  /** The session of `key` ended: its listeners hear it, and are forgotten. */
  fire(key: string): void {
    const listeners = this.byKey.get(key);
    this.byKey.delete(key);
    for (const listener of listeners ?? []) {
      try {
        listener();
      } catch {
        // One failing listener must not keep the others from hearing.
      }
    }
  }
}
