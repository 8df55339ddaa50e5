/**
 * The key's request budget toward the upstream: at most `perMinute` requests in any 60 s (a
 * sliding log of the last `perMinute` starts; exact, where a fixed-window counter lets twice the
 * budget through around a window's edge), and one pause for the whole key when the upstream
 * answers 3001, lasting its Retry-After. A request that would have to wait longer than `maxWaitMs`
 * is not sent: the browser gets 3001 with Retry-After. An upstream 3002 (quota exhausted) holds the
 * key for a while: nothing is sent, every browser gets 3002.
 */
export interface KeyBudgetOptions {
  /** MARKET_API_RATE_LIMIT; undefined: no budget of our own (the upstream's 3001 still pauses). */
  perMinute?: number;
  /** Longest a request waits for its turn; default 2 s. */
  maxWaitMs?: number;
  now?: () => number;
}

export type Admission = { ok: true } | { ok: false; retryAfterSeconds: number } | { ok: false; quotaExhausted: true };

/** What the shared exchange needs of a budget: this process's (KeyBudget) or every instance's (RedisBudget). */
export interface Budget {
  readonly limit: number | undefined;
  admit(): Promise<Admission>;
  pause(seconds: number): void;
  pausedForMs(): number;
  /** The upstream answered 3002: no request is admitted for `ms`. */
  holdQuota(ms: number): void;
  quotaHeldForMs(): number;
  lastMinute(): number;
  left(): number | undefined;
}

const WINDOW_MS = 60_000;

export class KeyBudget implements Budget {
  /** Start times of the last `perMinute` requests, oldest first (ring buffer). */
  private readonly starts: number[];
  private next = 0;
  private pausedUntil = 0;
  private quotaUntil = 0;
  private readonly maxWaitMs: number;
  private readonly now: () => number;
  /** Requests started, for the per-minute figure. */
  private readonly recent: number[] = [];

  constructor(private readonly options: KeyBudgetOptions = {}) {
    this.starts = options.perMinute === undefined ? [] : new Array<number>(options.perMinute).fill(-Infinity);
    this.maxWaitMs = options.maxWaitMs ?? 2_000;
    this.now = options.now ?? Date.now;
  }

  get limit(): number | undefined {
    return this.options.perMinute;
  }

  /** Waits for a turn (at most `maxWaitMs`), records the request, or says when to retry. */
  async admit(): Promise<Admission> {
    for (;;) {
      if (this.quotaHeldForMs() > 0) return { ok: false, quotaExhausted: true };
      const wait = this.waitMs();
      if (wait === 0) {
        this.record();
        return { ok: true };
      }
      if (wait > this.maxWaitMs) return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(wait / 1000)) };
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }

  /** The upstream answered 3001: nobody asks it again before Retry-After. */
  pause(seconds: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, this.now() + seconds * 1000);
  }

  pausedForMs(): number {
    return Math.max(0, this.pausedUntil - this.now());
  }

  holdQuota(ms: number): void {
    this.quotaUntil = Math.max(this.quotaUntil, this.now() + ms);
  }

  quotaHeldForMs(): number {
    return Math.max(0, this.quotaUntil - this.now());
  }

  /** Requests sent to the upstream in the last 60 s. */
  lastMinute(): number {
    this.trim();
    return this.recent.length;
  }

  /** What the budget still allows in the current 60 s; undefined without a budget. */
  left(): number | undefined {
    if (this.options.perMinute === undefined) return undefined;
    const since = this.now() - WINDOW_MS;
    return this.starts.filter((start) => start <= since).length;
  }

  private waitMs(): number {
    const now = this.now();
    const paused = Math.max(0, this.pausedUntil - now);
    if (this.starts.length === 0) return paused;
    const oldest = this.starts[this.next] ?? -Infinity;
    return Math.max(paused, oldest + WINDOW_MS - now);
  }

  private record(): void {
    const now = this.now();
    if (this.starts.length > 0) {
      this.starts[this.next] = now;
      this.next = (this.next + 1) % this.starts.length;
    }
    this.recent.push(now);
    this.trim();
  }

  private trim(): void {
    const since = this.now() - WINDOW_MS;
    let drop = 0;
    while (drop < this.recent.length && (this.recent[drop] ?? 0) <= since) drop += 1;
    if (drop > 0) this.recent.splice(0, drop);
  }
}
