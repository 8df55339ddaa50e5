/**
 * The key budget shared by every instance (REDIS_URL): the same sliding log as KeyBudget, kept in
 * a Redis sorted set and checked-and-recorded by one Lua script, so that however many instances
 * ask at once, at most MARKET_API_RATE_LIMIT requests start in any 60 s. Time is Redis's own
 * (TIME), so the instances' clocks need not agree. An upstream 3001 pauses the key for every
 * instance, and an upstream 3002 holds it (each a key with a PX expiry): the instance that met it
 * tells the others, which answer 3002 without asking the upstream again.
 *
 * Why not rate-limiter-flexible's RateLimiterRedis: it counts fixed windows (a key per window with
 * an expiry), which lets twice the budget through around a window's edge, the flaw that made us
 * keep our own in-memory log (server/rate-limiter.ts); the sliding log in one script is 30 lines.
 *
 * Redis unreachable: this instance admits from a budget of its own, its share of the limit
 * (limit ÷ instances last seen alive, at least 1), until Redis is back.
 */
import { KeyBudget, type Admission, type Budget } from '../upstream/key-budget.ts';
import type { RedisLink } from './redis-link.ts';
import { RedisScript } from './redis-script.ts';

const WINDOW_MS = 60_000;

/**
 * KEYS: log (sorted set), pause (string), quota (string). ARGV: limit (0: none, only counted),
 * window ms, member, longest wait ms. A request whose turn comes within the longest wait books it
 * (its start goes into the log, possibly ahead of now), so waiters on every instance are served in
 * the order they asked. Returns { booked 0/1, wait ms until the turn, requests in the window,
 * paused ms, quota held ms }.
 */
const ADMIT = new RedisScript(`
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local longest = tonumber(ARGV[4])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
local quota = redis.call('PTTL', KEYS[3])
if quota > 0 then return {0, 0, count, 0, quota} end
local paused = math.max(0, redis.call('PTTL', KEYS[2]))
local turn = now + paused
if limit > 0 and count >= limit then
  local back = redis.call('ZRANGE', KEYS[1], count - limit, count - limit, 'WITHSCORES')
  turn = math.max(turn, tonumber(back[2]) + window)
end
if turn - now > longest then return {0, turn - now, count, paused, 0} end
redis.call('ZADD', KEYS[1], turn, ARGV[3])
redis.call('PEXPIRE', KEYS[1], window + longest + 1000)
return {1, turn - now, count + 1, paused, 0}
`);

/** KEYS: pause (or quota hold). ARGV: ms. Lengthens it, never shortens it. */
const PAUSE = new RedisScript(`
local left = redis.call('PTTL', KEYS[1])
if left < tonumber(ARGV[1]) then redis.call('SET', KEYS[1], '1', 'PX', ARGV[1]) end
return 1
`);

/** KEYS: log, pause, quota. ARGV: window. { requests in the window, paused ms, quota held ms }. */
const STATUS = new RedisScript(`
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
return {redis.call('ZCOUNT', KEYS[1], now - tonumber(ARGV[1]), '+inf'), math.max(0, redis.call('PTTL', KEYS[2])), math.max(0, redis.call('PTTL', KEYS[3]))}
`);

export interface RedisBudgetOptions {
  link: RedisLink;
  perMinute?: number;
  /** Longest a request waits for its turn; default 2 s. */
  maxWaitMs?: number;
  /** Instances last seen alive (the share of the budget when alone); default 1. */
  instances?: () => number;
}

export class RedisBudget implements Budget {
  private local: KeyBudget;
  private seq = 0;
  private count = 0;
  private pausedUntil = 0;
  private quotaUntil = 0;
  private readonly maxWaitMs: number;
  private readonly logKey: string;
  private readonly pauseKey: string;
  private readonly quotaKey: string;
  private readonly refresh: ReturnType<typeof setInterval>;

  constructor(private readonly options: RedisBudgetOptions) {
    this.maxWaitMs = options.maxWaitMs ?? 2_000;
    this.logKey = options.link.key('budget:log');
    this.pauseKey = options.link.key('budget:pause');
    this.quotaKey = options.link.key('budget:quota');
    this.local = this.alone();
    options.link.onChange((up) => {
      // Alone: a fresh share of the limit (instances last seen alive split it).
      if (!up) this.local = this.alone();
    });
    this.refresh = setInterval(() => void this.status(), 1_000);
    this.refresh.unref();
  }

  get limit(): number | undefined {
    return this.options.perMinute;
  }

  /** Books a turn within `maxWaitMs`, waits for it, and checks that no pause or hold began meanwhile; the whole wait stays within `maxWaitMs`. */
  async admit(): Promise<Admission> {
    if (!this.options.link.up) return this.local.admit();
    const deadline = Date.now() + this.maxWaitMs;
    let answer: [number, number, number, number, number];
    try {
      const keys = [this.logKey, this.pauseKey, this.quotaKey];
      answer = (await ADMIT.run(this.options.link, keys, [
        String(this.options.perMinute ?? 0),
        String(WINDOW_MS),
        `${this.options.link.instanceId}:${++this.seq}`,
        String(this.maxWaitMs),
      ])) as typeof answer;
    } catch {
      return this.local.admit();
    }
    const [booked, wait, count, paused, quota] = answer;
    this.count = count;
    this.pausedUntil = Date.now() + paused;
    this.quotaUntil = Date.now() + quota;
    if (quota > 0) return { ok: false, quotaExhausted: true };
    if (booked !== 1) return retryAfter(wait);
    if (wait === 0) return { ok: true };
    await sleep(wait);
    // Another instance may have met a 3001 or a 3002 while this one waited: Redis says.
    for (;;) {
      await this.status();
      if (this.quotaHeldForMs() > 0) return { ok: false, quotaExhausted: true };
      const pausedMs = this.pausedForMs();
      if (pausedMs === 0) return { ok: true };
      if (Date.now() + pausedMs > deadline) return retryAfter(pausedMs);
      await sleep(pausedMs);
    }
  }

  pause(seconds: number): void {
    this.local.pause(seconds);
    this.pausedUntil = Math.max(this.pausedUntil, Date.now() + seconds * 1000);
    if (this.options.link.up) PAUSE.run(this.options.link, [this.pauseKey], [String(seconds * 1000)]).catch(() => undefined);
  }

  pausedForMs(): number {
    return this.options.link.up ? Math.max(0, this.pausedUntil - Date.now()) : this.local.pausedForMs();
  }

  holdQuota(ms: number): void {
    this.local.holdQuota(ms);
    this.quotaUntil = Math.max(this.quotaUntil, Date.now() + ms);
    if (this.options.link.up) PAUSE.run(this.options.link, [this.quotaKey], [String(ms)]).catch(() => undefined);
  }

  quotaHeldForMs(): number {
    return this.options.link.up ? Math.max(0, this.quotaUntil - Date.now()) : this.local.quotaHeldForMs();
  }

  lastMinute(): number {
    return this.options.link.up ? this.count : this.local.lastMinute();
  }

  left(): number | undefined {
    if (this.options.perMinute === undefined) return undefined;
    return this.options.link.up ? Math.max(0, this.options.perMinute - this.count) : this.local.left();
  }

  close(): void {
    clearInterval(this.refresh);
  }

  /** Reads the shared figures for /metrics (between admissions they would go stale). */
  async status(): Promise<void> {
    if (!this.options.link.up) return;
    try {
      const [count, paused, quota] = (await STATUS.run(this.options.link, [this.logKey, this.pauseKey, this.quotaKey], [String(WINDOW_MS)])) as [
        number,
        number,
        number,
      ];
      this.count = count;
      this.pausedUntil = Date.now() + paused;
      this.quotaUntil = Date.now() + quota;
    } catch {
      // Redis went away: the next change says so.
    }
  }

  private alone(): KeyBudget {
    const { perMinute } = this.options;
    const instances = Math.max(1, this.options.instances?.() ?? 1);
    const alone = new KeyBudget({ ...(perMinute !== undefined && { perMinute: Math.max(1, Math.floor(perMinute / instances)) }), maxWaitMs: this.maxWaitMs });
    // A hold known before Redis went away still holds.
    alone.holdQuota(Math.max(0, this.quotaUntil - Date.now()));
    return alone;
  }
}

function retryAfter(waitMs: number): Admission {
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}

async function sleep(ms: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, Math.max(1, ms)));
}
