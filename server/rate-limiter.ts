/**
 * Per-client token buckets: each client may burst up to `perMinute` requests, refilled evenly
 * over a minute. Memory is bounded: the least recently seen client is forgotten past `maxClients`
 * (forgetting only ever gives a client a full bucket again, never a smaller one).
 *
 * Kept rather than rate-limiter-flexible's memory limiter (issue 16, measured): that one counts a
 * fixed window, which let 20 requests through in 249 ms against a 10-per-second limit at a window's
 * edge, counts refused requests, and takes no clock to test with; this bucket costs 0.4 µs a request
 * against its 1.2–2.1 µs.
 */
export interface RateDecision {
  allowed: boolean;
  /** Whole seconds until one request is allowed again (0 when allowed). */
  retryAfterSeconds: number;
}

export interface RateLimiterOptions {
  perMinute: number;
  /** Clients remembered at most; default 10 000 (about a megabyte). */
  maxClients?: number;
  /** A monotonic clock in ms; default performance.now. */
  now?: () => number;
}

interface Bucket {
  tokens: number;
  updatedAt: number;
}

const MINUTE_MS = 60_000;

export class ClientRateLimiter {
  readonly perMinute: number;
  private readonly maxClients: number;
  private readonly now: () => number;
  private readonly buckets = new Map<string, Bucket>();

  constructor(options: RateLimiterOptions) {
    if (!Number.isInteger(options.perMinute) || options.perMinute <= 0) throw new RangeError('perMinute must be a positive integer');
    this.perMinute = options.perMinute;
    this.maxClients = options.maxClients ?? 10_000;
    this.now = options.now ?? (() => performance.now());
  }

  get size(): number {
    return this.buckets.size;
  }

  /** Counts one request of `client`; refused requests cost nothing. */
  take(client: string): RateDecision {
    const now = this.now();
    const ratePerMs = this.perMinute / MINUTE_MS;
    const bucket = this.buckets.get(client) ?? { tokens: this.perMinute, updatedAt: now };
    bucket.tokens = Math.min(this.perMinute, bucket.tokens + Math.max(0, now - bucket.updatedAt) * ratePerMs);
    bucket.updatedAt = now;
    // Re-insert so the Map's order is least recently seen first.
    this.buckets.delete(client);
    this.buckets.set(client, bucket);
    if (this.buckets.size > this.maxClients) {
      const oldest = this.buckets.keys().next();
      if (oldest.done !== true) this.buckets.delete(oldest.value);
    }
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { allowed: true, retryAfterSeconds: 0 };
    }
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / ratePerMs / 1000)) };
  }
}
