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

  /**
   * Waits for a turn (at most `maxWaitMs` in all), records the request, or says when to retry.
   * A request that will wait books its turn at once (its start goes into the log), so waiters are
   * served in the order they came and a newcomer can never take a waiter's turn.
   */
  async admit(): Promise<Admission> {
    const deadline = this.now() + this.maxWaitMs;
    if (this.quotaHeldForMs() > 0) return { ok: false, quotaExhausted: true };
    const turn = this.nextTurn();
    if (turn > deadline) return this.retryAt(turn);
    this.book(turn);
    await sleepUntil(turn, this.now);
    // A pause or a quota hold met while waiting (the booked turn stays spent: the budget errs low).
    for (;;) {
      if (this.quotaHeldForMs() > 0) return { ok: false, quotaExhausted: true };
      if (this.pausedUntil <= this.now()) break;
      if (this.pausedUntil > deadline) return this.retryAt(this.pausedUntil);
      await sleepUntil(this.pausedUntil, this.now);
    }
    this.recent.push(this.now());
    this.trim();
    return { ok: true };
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

  /** The earliest instant the next request may start: after any pause, and 60 s after the start `perMinute` places back. */
  private nextTurn(): number {
    const now = this.now();
    const oldest = this.starts.length === 0 ? -Infinity : (this.starts[this.next] ?? -Infinity);
    return Math.max(now, this.pausedUntil, oldest + WINDOW_MS);
  }

  private retryAt(turn: number): Admission {
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((turn - this.now()) / 1000)) };
  }

  private book(turn: number): void {
    if (this.starts.length === 0) return;
    this.starts[this.next] = turn;
    this.next = (this.next + 1) % this.starts.length;
  }

  private trim(): void {
    const since = this.now() - WINDOW_MS;
    let drop = 0;
    while (drop < this.recent.length && (this.recent[drop] ?? 0) <= since) drop += 1;
    if (drop > 0) this.recent.splice(0, drop);
  }
}

/** Resolves at `at` by the budget's clock (at once when it has passed). */
async function sleepUntil(at: number, now: () => number): Promise<void> {
  const wait = at - now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}
