/**
 * Every upstream GET goes through here, shared among all browsers of the server:
 * - single flight: identical requests in flight are one upstream exchange (each browser still
 *   negotiates its own coding from the shared bytes; the exchange is aborted only when every
 *   browser waiting for it has gone);
 * - freshness: the fast-moving endpoints (ticker, intraday, trades, depth, forming candle) answer
 *   from the last 200 for a short time that suits their cadence, reference data every page loads
 *   (sessions, intervals, stock info, trade days, ex-factors) for a minute; bounded in bytes (lru-cache);
 * - the key budget (key-budget.ts) and the upstream's own 3001 (the whole key pauses for its
 *   Retry-After) and 3002 (quota: the budget holds the key for `quotaHoldMs`, and browsers get 3002
 *   without the upstream being asked; with REDIS_URL every instance does).
 * Requests with conditional headers are not shared (their answer depends on the browser's copy).
 */
import { LRUCache } from 'lru-cache';
import { ERROR_CODES, ERROR_MESSAGES, type ContractPath } from '#shared/contract.ts';
import type { ClientGone } from './client-gone.ts';
import { decodeBody, isDecodable, normalizeContentEncoding } from './encoding.ts';
import type { ExchangeRequest, ExchangeResult } from './exchange.ts';
import type { Budget } from './key-budget.ts';
import { TICKER_PATH, tickerQuery, TickerWindows, type TickerStore } from './ticker-windows.ts';
import type { RemoteShare } from '../redis/redis-share.ts';

export type Exchange = (request: ExchangeRequest) => Promise<ExchangeResult>;
export type SharedExchange = (request: ExchangeRequest, path: ContractPath) => Promise<ExchangeResult>;

/** How long a 200 of each fast-moving endpoint is served to everyone (ms). */
export const DEFAULT_FRESHNESS_MS: Partial<Record<ContractPath, number>> = {
  '/v1/market/ticker': 1_000,
  '/v1/market/depth': 1_000,
  '/v1/market/trades': 1_000,
  '/v1/market/kline/latest': 1_000,
  // K-line windows the window cache does not keep (the recent one, with its forming bar).
  '/v1/market/kline': 1_000,
  '/v1/market/intraday': 5_000,
  // Reference data every page asks for on load, changing at most daily.
  '/v1/market/trading-sessions': 60_000,
  '/v1/market/intervals/kline': 60_000,
  '/v1/market/stock-info': 60_000,
  '/v1/market/trade-days': 60_000,
  '/v1/market/kline/ex-factors': 60_000,
};

export interface SharedExchangeOptions {
  exchange: Exchange;
  budget: Budget;
  /** Per path; 0 or absent: single flight only. */
  freshnessMs?: Partial<Record<ContractPath, number>>;
  /** How long a window of ticker symbols collects requests; default 5 ms. */
  tickerWindowMs?: number;
  /** Bound of the fresh answers kept; default 8 MiB. */
  cacheBytes?: number;
  /** After an upstream 3002, how long browsers get 3002 without the upstream being asked; default 60 s. */
  quotaHoldMs?: number;
  log?: (line: string) => void;
  now?: () => number;
  /** REDIS_URL: fresh answers and flights shared with the other instances (one of them asks). */
  remote?: RemoteShare;
  /** REDIS_URL: fresh tickers shared with the other instances, symbol by symbol. */
  tickers?: TickerStore;
}

export interface SharedExchangeStats {
  /** Exchanges that reached the upstream. */
  upstream: number;
  /** Requests answered by joining a flight or from a fresh answer. */
  shared: number;
  /** Answered 3001 by the server's own budget. */
  budgetRefusals: number;
  quotaExhausted: boolean;
  /** Upstream ticker requests made for windows of symbols. */
  tickerWindows: number;
  /** Exchanges answered by another instance's request or from Redis (REDIS_URL). */
  fromOtherInstances: number;
}

type Answer = Extract<ExchangeResult, { kind: 'response' }>;

const CONDITIONAL = ['if-none-match', 'if-modified-since'];

function envelope(status: number, code: 3001 | 3002, retryAfterSeconds?: number): Answer {
  const headers: Answer['headers'] = { 'content-type': 'application/json' };
  if (retryAfterSeconds !== undefined) headers['retry-after'] = String(retryAfterSeconds);
  return { kind: 'response', status, headers, body: Buffer.from(JSON.stringify({ code, message: ERROR_MESSAGES[code] })) };
}

function retryAfterOf(value: string | string[] | undefined): number {
  const seconds = Number(Array.isArray(value) ? value[0] : value);
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 3_600) : 1;
}

/** The largest answer the fresh cache reads to check it is whole (the cache's own bound is 8 MiB). */
const KEPT_MAX_BYTES = 2 * 1024 * 1024;

/** The envelope code of an answer of at most `maxBytes`, when it can be read. */
async function errorCodeOf(answer: Answer, maxBytes = 64 * 1024): Promise<number | undefined> {
  if (answer.body.byteLength > maxBytes) return undefined;
  const coding = normalizeContentEncoding(answer.headers['content-encoding']);
  try {
    const bytes = coding === '' ? answer.body : isDecodable(coding) ? await decodeBody(answer.body, coding, 1024 * 1024) : undefined;
    if (!bytes) return undefined;
    const code = (JSON.parse(bytes.toString('utf8')) as { code?: unknown }).code;
    return typeof code === 'number' ? code : undefined;
  } catch {
    return undefined;
  }
}

/** Gone when every browser that joined has gone. */
class FlightGone implements ClientGone {
  private waiting = 0;
  private readonly listeners = new Set<() => void>();
  private readonly unwatch: (() => void)[] = [];
  gone = false;

  join(client: ClientGone | undefined): void {
    if (!client) {
      this.waiting += 1;
      return;
    }
    if (client.gone) return;
    this.waiting += 1;
    this.unwatch.push(
      client.watch(() => {
        this.waiting -= 1;
        if (this.waiting > 0) return;
        this.gone = true;
        for (const listener of this.listeners) listener();
      }),
    );
  }

  watch(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  done(): void {
    for (const stop of this.unwatch) stop();
  }
}

/** `flight`, or client-aborted as soon as this browser goes (the others keep waiting). */
function forThisClient(flight: Promise<ExchangeResult>, client: ClientGone | undefined): Promise<ExchangeResult> {
  if (!client) return flight;
  if (client.gone) return Promise.resolve({ kind: 'client-aborted' });
  let stop: (() => void) | undefined;
  const gone = new Promise<ExchangeResult>((resolve) => {
    stop = client.watch(() => {
      resolve({ kind: 'client-aborted' });
    });
  });
  return Promise.race([flight, gone]).finally(() => stop?.());
}

export function createSharedExchange(options: SharedExchangeOptions): { exchange: SharedExchange; stats(): SharedExchangeStats } {
  const now = options.now ?? Date.now;
  const freshness = options.freshnessMs ?? DEFAULT_FRESHNESS_MS;
  const quotaHoldMs = options.quotaHoldMs ?? 60_000;
  const log = options.log ?? (() => undefined);
  const fresh = new LRUCache<string, Answer>({
    maxSize: options.cacheBytes ?? 8 * 1024 * 1024,
    sizeCalculation: (answer) => answer.body.byteLength + 512,
    ttlAutopurge: false,
    perf: { now },
  });
  const flights = new Map<string, { promise: Promise<ExchangeResult>; gone: FlightGone }>();
  const stats: Omit<SharedExchangeStats, 'quotaExhausted'> = { upstream: 0, shared: 0, budgetRefusals: 0, tickerWindows: 0, fromOtherInstances: 0 };

  /** One upstream exchange within the key's budget. */
  const budgeted = async (request: ExchangeRequest): Promise<ExchangeResult> => {
    const admission = await options.budget.admit();
    if (!admission.ok && 'quotaExhausted' in admission) return envelope(403, ERROR_CODES.QUOTA_EXHAUSTED);
    if (!admission.ok) {
      stats.budgetRefusals += 1;
      return envelope(429, ERROR_CODES.RATE_LIMITED, admission.retryAfterSeconds);
    }
    if (request.clientGone?.gone) return { kind: 'client-aborted' };
    stats.upstream += 1;
    const result = await options.exchange(request);
    if (result.kind !== 'response' || result.status < 400) return result;
    const code = result.status === 429 ? ERROR_CODES.RATE_LIMITED : await errorCodeOf(result);
    if (code === ERROR_CODES.RATE_LIMITED) {
      const seconds = retryAfterOf(result.headers['retry-after']);
      options.budget.pause(seconds);
      log(`chartroom: upstream answered 3001; the key pauses for ${seconds} s`);
    } else if (code === ERROR_CODES.QUOTA_EXHAUSTED) {
      options.budget.holdQuota(quotaHoldMs);
      log(`chartroom: upstream answered 3002 (quota exhausted); browsers get 3002 for ${Math.round(quotaHoldMs / 1000)} s`);
    }
    return result;
  };

  const tickerFreshness = freshness[TICKER_PATH] ?? 0;
  const windows =
    tickerFreshness > 0
      ? new TickerWindows({
          fetch: (request) => exactly(request, TICKER_PATH),
          freshnessMs: tickerFreshness,
          now,
          ...(options.tickerWindowMs !== undefined && { collectMs: options.tickerWindowMs }),
          ...(options.tickers && { store: options.tickers }),
        })
      : undefined;

  const exchange: SharedExchange = async (request, path) => {
    const shareable = !CONDITIONAL.some((name) => Object.keys(request.headers).some((header) => header.toLowerCase() === name));
    if (!shareable) return budgeted(request);
    const query = windows && path === TICKER_PATH ? tickerQuery(request.path) : undefined;
    if (windows && query) {
      const answer = await windows.answer(request, query);
      if (answer) {
        stats.shared += 1;
        return answer;
      }
    }
    return exactly(request, path);
  };

  /** Identical requests: a fresh answer, the flight in the air, or a new flight. */
  const exactly: SharedExchange = async (request, path) => {
    const key = request.path;
    const cached = fresh.get(key);
    if (cached) {
      stats.shared += 1;
      return cached;
    }
    let flight = flights.get(key);
    // A flight every browser left is being aborted: a newcomer starts its own.
    if (flight?.gone.gone) flight = undefined;
    if (flight) {
      stats.shared += 1;
    } else {
      const gone = new FlightGone();
      const ttl = freshness[path] ?? 0;
      const ask = (): Promise<ExchangeResult> => budgeted({ ...request, clientGone: gone });
      const { remote } = options;
      const shared = remote
        ? remote.flight(key, ttl, ask).then(({ result, ttlLeftMs, source }) => {
            if (source !== 'upstream') stats.fromOtherInstances += 1;
            return { result, ttl: ttlLeftMs ?? ttl };
          })
        : ask().then((result) => ({ result, ttl }));
      const promise = shared.then(async ({ result, ttl: keep }) => {
        // Kept only whole and successful: a 200 cut short (a dropped connection) or an error in a
        // 200 would otherwise be served to everyone for the whole freshness (a minute of stock info).
        if (keep > 0 && result.kind === 'response' && result.status === 200 && (await errorCodeOf(result, KEPT_MAX_BYTES)) === 0)
          fresh.set(key, result, { ttl: keep });
        return result;
      });
      flight = { promise, gone };
      flights.set(key, flight);
      void promise.finally(() => {
        if (flights.get(key) === flight) flights.delete(key);
        gone.done();
      });
    }
    flight.gone.join(request.clientGone);
    return forThisClient(flight.promise, request.clientGone);
  };

  return { exchange, stats: () => ({ ...stats, quotaExhausted: options.budget.quotaHeldForMs() > 0, tickerWindows: windows?.windows ?? 0 }) };
}
