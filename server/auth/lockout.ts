/**
 * Slows password guessing: failed sign-ins are counted per user name and per client address;
 * past a few free failures each further one locks that name (or address) for an exponentially
 * growing time (1 s, 2 s, 4 s, … up to 15 minutes). While locked, a sign-in is refused before
 * the password is even checked, so a guesser gets no answer faster than the lock allows. A
 * success clears the name's count. Counts are forgotten after a quiet spell; memory is bounded.
 */
export interface LockoutOptions {
  /** Failures allowed before the first lock (per user). Default 4: the fifth failure locks. */
  freeFailuresPerUser?: number;
  /** Failures allowed per address (several people behind one NAT). Default 20. */
  freeFailuresPerAddress?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Counts are forgotten after this long without a failure. Default 15 minutes. */
  forgetAfterMs?: number;
  maxEntries?: number;
  now?: () => number;
}

interface Entry {
  failures: number;
  lockedUntil: number;
  lastFailureAt: number;
}

export interface LockoutVerdict {
  /** ms until a sign-in may be tried again; 0: now. */
  retryAfterMs: number;
}

export class Lockout {
  private readonly entries = new Map<string, Entry>();
  private readonly now: () => number;
  private readonly o: Required<Omit<LockoutOptions, 'now'>>;

  constructor(options: LockoutOptions = {}) {
    this.now = options.now ?? Date.now;
    this.o = {
      freeFailuresPerUser: options.freeFailuresPerUser ?? 4,
      freeFailuresPerAddress: options.freeFailuresPerAddress ?? 20,
      baseDelayMs: options.baseDelayMs ?? 1_000,
      maxDelayMs: options.maxDelayMs ?? 15 * 60_000,
      forgetAfterMs: options.forgetAfterMs ?? 15 * 60_000,
      maxEntries: options.maxEntries ?? 10_000,
    };
  }

  /** Whether `user` from `address` may try now. */
  check(user: string, address: string): LockoutVerdict {
    const now = this.now();
    const wait = Math.max(this.lockedFor(`u:${user}`, now), this.lockedFor(`a:${address}`, now));
    return { retryAfterMs: wait };
  }

  /** A failed sign-in; returns how long the next try must wait. */
  fail(user: string, address: string): LockoutVerdict {
    const now = this.now();
    const wait = Math.max(this.count(`u:${user}`, this.o.freeFailuresPerUser, now), this.count(`a:${address}`, this.o.freeFailuresPerAddress, now));
    return { retryAfterMs: wait };
  }

  /** A successful sign-in clears the user's count (the address keeps its own). */
  succeed(user: string): void {
    this.entries.delete(`u:${user}`);
  }

  private fresh(key: string, now: number): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry !== undefined && now - entry.lastFailureAt >= this.o.forgetAfterMs && now >= entry.lockedUntil) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private lockedFor(key: string, now: number): number {
    const entry = this.fresh(key, now);
    return entry === undefined ? 0 : Math.max(0, entry.lockedUntil - now);
  }

  private count(key: string, free: number, now: number): number {
    const entry = this.fresh(key, now) ?? { failures: 0, lockedUntil: 0, lastFailureAt: now };
    entry.failures += 1;
    entry.lastFailureAt = now;
    if (entry.failures > free) {
      const delay = Math.min(this.o.maxDelayMs, this.o.baseDelayMs * 2 ** Math.min(30, entry.failures - free - 1));
      entry.lockedUntil = now + delay;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.o.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done !== true) this.entries.delete(oldest.value);
    }
    return Math.max(0, entry.lockedUntil - now);
  }
}
