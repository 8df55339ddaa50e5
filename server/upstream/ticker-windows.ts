/**
 * Tickers for every browser from one upstream request per window of ≤ 50 symbols. A browser's
 * `GET /v1/market/ticker?symbols=…` is answered per symbol: from a ticker fetched less than
 * `freshnessMs` ago, from a window already on its way, or by adding the symbol to the next window
 * (collected for 5 ms, 50 symbols at most). The answer keeps the browser's
 * spellings and order. When a window fails, or the browser's symbols gave nothing (the upstream's
 * 2002), the browser's own request goes upstream as it is (single flight), so errors stay its own.
 * With a `store` (REDIS_URL), the fresh tickers are every instance's: a symbol another instance
 * fetched within `freshnessMs` is not asked again, whatever windows the two instances made.
 */
import { LRUCache } from 'lru-cache';
import { normalizeSymbol } from '#shared/symbols.ts';
import { decodeBody, isDecodable, normalizeContentEncoding } from './encoding.ts';
import type { ExchangeRequest, ExchangeResult } from './exchange.ts';

export const TICKER_PATH = '/v1/market/ticker';
export const MAX_WINDOW_SYMBOLS = 50;
const MAX_DECODED_BYTES = 16 * 1024 * 1024;
/** Browsers' requests arrive on their own connections, a few ms apart: a window waits this long for them. */
const COLLECT_MS = 5;

type Answer = Extract<ExchangeResult, { kind: 'response' }>;
export type Ticker = Record<string, unknown>;
/** A window the upstream did not answer with tickers: its path and what it answered. */
interface Failed {
  path: string;
  result: ExchangeResult;
}
/** undefined: the upstream had no ticker for it. */
type Outcome = Ticker | undefined | Failed;

const isFailed = (outcome: Outcome): outcome is Failed => outcome !== undefined && 'result' in outcome && 'path' in outcome && typeof outcome.path === 'string';

interface Window {
  type: string;
  /** Upstream spelling per symbol key. */
  symbols: Map<string, string>;
  waiters: Map<string, ((outcome: Outcome) => void)[]>;
  /** The first browser's request, its path and abort left out: where and how the window is asked. */
  base: Omit<ExchangeRequest, 'path' | 'clientGone'>;
}

/** Fresh tickers shared among instances (server/redis/redis-tickers.ts); keys are `type|SYMBOL`. */
export interface TickerStore {
  /** Per key: a ticker another instance fetched and how long it stays fresh (ms), or undefined. */
  get(keys: readonly string[]): Promise<({ ticker: Ticker; ttlMs: number } | undefined)[]>;
  /** Tickers this instance fetched, fresh for every instance for `ttlMs`. */
  put(entries: ReadonlyMap<string, Ticker>, ttlMs: number): void;
}

export interface TickerWindowsOptions {
  /** One upstream exchange (budgeted, single flight). */
  fetch(request: ExchangeRequest): Promise<ExchangeResult>;
  store?: TickerStore;
  freshnessMs: number;
  /** How long a window collects symbols before it is asked (unless it is full first); default 5 ms. */
  collectMs?: number;
  now?: () => number;
}

/** The browser's symbols and type, when the query is only `symbols` (≤ 50) and an optional `type`. */
export function tickerQuery(path: string): { symbols: string[]; type: string } | undefined {
  const mark = path.indexOf('?');
  if (mark === -1 || path.slice(0, mark) !== TICKER_PATH) return undefined;
  const params = new URLSearchParams(path.slice(mark + 1));
  const names = [...params.keys()];
  if (!names.every((name) => name === 'symbols' || name === 'type') || params.getAll('symbols').length !== 1 || params.getAll('type').length > 1)
    return undefined;
  const symbols = (params.get('symbols') ?? '').split(',').map((symbol) => symbol.trim().toUpperCase());
  if (symbols.length === 0 || symbols.length > MAX_WINDOW_SYMBOLS || symbols.some((symbol) => symbol === '' || /[^A-Z0-9._\-/]/.test(symbol))) return undefined;
  return { symbols, type: params.get('type') ?? '' };
}

function tickerKey(type: string, symbol: string): string {
  return `${type}|${normalizeSymbol(symbol)}`;
}

async function tickersOf(answer: Answer): Promise<Ticker[] | undefined> {
  if (answer.status !== 200) return undefined;
  const coding = normalizeContentEncoding(answer.headers['content-encoding']);
  try {
    const bytes = coding === '' ? answer.body : isDecodable(coding) ? await decodeBody(answer.body, coding, MAX_DECODED_BYTES) : undefined;
    if (!bytes) return undefined;
    const body = JSON.parse(bytes.toString('utf8')) as { code?: unknown; data?: unknown };
    if (body.code !== 0 || !Array.isArray(body.data)) return undefined;
    return body.data.filter((entry): entry is Ticker => typeof entry === 'object' && entry !== null && typeof (entry as Ticker).symbol === 'string');
  } catch {
    return undefined;
  }
}

export class TickerWindows {
  private readonly fresh: LRUCache<string, Ticker>;
  private readonly inFlight = new Map<string, Promise<Outcome>>();
  private readonly open = new Map<string, Window>();
  /** Upstream requests made for windows, for the figures. */
  windows = 0;

  constructor(private readonly options: TickerWindowsOptions) {
    this.fresh = new LRUCache<string, Ticker>({ max: 20_000, ttl: options.freshnessMs, perf: { now: options.now ?? Date.now } });
  }

  /** The browser's answer, or undefined when its own request should go upstream. */
  async answer(request: ExchangeRequest, query: { symbols: string[]; type: string }): Promise<ExchangeResult | undefined> {
    const { path: _path, clientGone: _gone, ...base } = request;
    await this.fromStore(query);
    const outcomes = await Promise.all(query.symbols.map((symbol) => this.tickerOf(symbol, query.type, base)));
    const failed = outcomes.find(isFailed);
    // The window was this very request: its answer is the browser's (no second upstream request).
    if (failed) return failed.path === request.path ? failed.result : undefined;
    const data: Ticker[] = [];
    const seen = new Set<string>();
    query.symbols.forEach((symbol, i) => {
      const ticker = outcomes[i];
      const key = normalizeSymbol(symbol);
      if (!ticker || isFailed(ticker) || seen.has(key)) return;
      seen.add(key);
      data.push({ ...ticker, symbol });
    });
    if (data.length === 0) return undefined;
    return {
      kind: 'response',
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify({ code: 0, message: 'success', data })),
    };
  }

  /** Takes the tickers other instances fetched for what this one has neither fresh nor coming. */
  private async fromStore(query: { symbols: string[]; type: string }): Promise<void> {
    const { store } = this.options;
    if (!store) return;
    const keys = query.symbols.map((symbol) => tickerKey(query.type, symbol)).filter((key) => !this.fresh.has(key) && !this.inFlight.has(key));
    if (keys.length === 0) return;
    const found = await store.get(keys).catch(() => []);
    keys.forEach((key, i) => {
      const hit = found[i];
      if (hit && !this.fresh.has(key)) this.fresh.set(key, hit.ticker, { ttl: Math.max(1, Math.min(this.options.freshnessMs, hit.ttlMs)) });
    });
  }

  private tickerOf(symbol: string, type: string, base: Window['base']): Promise<Outcome> {
    const key = tickerKey(type, symbol);
    const cached = this.fresh.get(key);
    if (cached) return Promise.resolve(cached);
    const flying = this.inFlight.get(key);
    if (flying) return flying;
    const promise = new Promise<Outcome>((resolve) => {
      const window = this.windowFor(type, base);
      window.symbols.set(key, symbol);
      window.waiters.set(key, [...(window.waiters.get(key) ?? []), resolve]);
      if (window.symbols.size >= MAX_WINDOW_SYMBOLS) this.flush(window);
    }).finally(() => {
      this.inFlight.delete(key);
    });
    this.inFlight.set(key, promise);
    return promise;
  }

  private windowFor(type: string, base: Window['base']): Window {
    let window = this.open.get(type);
    if (!window) {
      const created: Window = { type, symbols: new Map(), waiters: new Map(), base };
      this.open.set(type, created);
      setTimeout(() => {
        this.flush(created);
      }, this.options.collectMs ?? COLLECT_MS);
      window = created;
    }
    return window;
  }

  private flush(window: Window): void {
    if (this.open.get(window.type) !== window) return;
    this.open.delete(window.type);
    this.windows += 1;
    const params = new URLSearchParams({ symbols: [...window.symbols.values()].join(',') });
    if (window.type !== '') params.set('type', window.type);
    const path = `${TICKER_PATH}?${params.toString().replaceAll('%2C', ',')}`;
    void this.options
      .fetch({ ...window.base, path })
      .then(async (result) => ({ result, tickers: result.kind === 'response' ? await tickersOf(result) : undefined }))
      .catch(() => ({ result: { kind: 'unreachable', reason: 'internal' } as ExchangeResult, tickers: undefined }))
      .then(({ result, tickers }) => {
        const byKey = new Map<string, Ticker>();
        for (const ticker of tickers ?? []) {
          const key = tickerKey(window.type, String(ticker.symbol));
          byKey.set(key, ticker);
          this.fresh.set(key, ticker);
        }
        if (byKey.size > 0) this.options.store?.put(byKey, this.options.freshnessMs);
        const failed: Failed = { path, result };
        for (const [key, waiters] of window.waiters) for (const resolve of waiters) resolve(tickers ? byKey.get(key) : failed);
      });
  }
}
