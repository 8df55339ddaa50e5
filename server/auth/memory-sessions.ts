/**
 * Sessions in this process's memory: the store without a database (WORKSPACE=off). A restart
 * signs everyone out and instances do not share it. Bounded: past `maxSessions` the least
 * recently used session ends.
 */
import { sha256Hex } from './credentials.ts';
import { isExpired, newSessionId, SessionListeners, sessionKey, type Session, type SessionRules, type SessionStore } from './sessions.ts';

export interface MemorySessionStoreOptions extends SessionRules {
  maxSessions?: number;
}

export class MemorySessionStore implements SessionStore {
  /** By key, least recently used first. */
  private readonly sessions = new Map<string, Session>();
  private readonly listeners = new SessionListeners();
  private readonly now: () => number;
  private readonly maxSessions: number;

  constructor(private readonly rules: MemorySessionStoreOptions) {
    this.now = rules.now ?? Date.now;
    this.maxSessions = rules.maxSessions ?? 10_000;
  }

  create(user: string): Promise<string> {
    const { id, key } = newSessionId();
    const now = this.now();
    this.sessions.set(key, { user, createdAt: now, lastSeenAt: now });
    while (this.sessions.size > this.maxSessions) {
      const oldest = this.sessions.keys().next();
      if (oldest.done === true) break;
      this.endKey(oldest.value);
    }
    return Promise.resolve(id);
  }

  get(id: string): Promise<Session | undefined> {
    const key = sessionKey(id);
    const session = key === undefined ? undefined : this.sessions.get(key);
    if (key === undefined || session === undefined) return Promise.resolve(undefined);
    const now = this.now();
    if (isExpired(session, now, this.rules)) {
      this.endKey(key);
      return Promise.resolve(undefined);
    }
    session.lastSeenAt = now;
    // Most recently used last: eviction takes the front.
    this.sessions.delete(key);
    this.sessions.set(key, session);
    return Promise.resolve({ ...session });
  }

  end(id: string): Promise<void> {
    const key = sessionKey(id);
    if (key !== undefined) this.endKey(key);
    return Promise.resolve();
  }

  onEnd(id: string, listener: () => void): () => void {
    return this.listeners.add(sha256Hex(id), listener);
  }

  sweep(): Promise<number> {
    const now = this.now();
    let ended = 0;
    for (const [key, session] of this.sessions) {
      if (isExpired(session, now, this.rules)) {
        this.endKey(key);
        ended += 1;
      }
    }
    return Promise.resolve(ended);
  }

  count(): Promise<number> {
    return Promise.resolve(this.sessions.size);
  }

  private endKey(key: string): void {
    this.sessions.delete(key);
    this.listeners.fire(key);
  }
}
