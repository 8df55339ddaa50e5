/**
 * One screener universe kept warm on the server (issue 36): for each symbol of a market and type,
 * its latest quote, its stock information and its daily bars as a TechnicalState, so a screen is a
 * pure evaluation over memory (shared/screener/screen-evaluate.ts).
 *
 * Warm-up, on the first screen of the universe, in this order:
 * 1. the symbols and the quotes: the full-market ticker where the market has one and the key's
 *    plan includes it (HK `ticker/hk-stock`, US `ticker/us-stock`, A-shares `ticker/cn-stock`),
 *    else the catalogue's symbols in batched `/v1/market/ticker` requests of 50;
 * 2. stock information (stocks), 500 symbols a request;
 * 3. today's forming daily bar's time, `/v1/market/kline/latest` of 50 symbols a request;
 * 4. daily history, one `/v1/market/kline` per symbol (the newest HISTORY_BARS completed bars,
 *    adjusted as the chart opens them), most traded first, at most `concurrency` in flight.
 * Every request is asked as the server itself (AskV1: the server's key through its budget, or the
 * embedded simulator) and counted. A symbol is ready when its quote, information (stocks) and
 * history are in; a screen before then sees the ready ones and says how far the warm-up is.
 *
 * Then, while a screen asked in the last `idleMs`, the quotes are refreshed every `refreshMs`
 * (one full-market request, or one batched request per 50 symbols) and each moves its symbol's
 * forming bar; a quote of a new day asks that symbol's history again. Idle, nothing is asked.
 */
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { MAX_STOCK_INFO_SYMBOLS, MAX_TICKER_SYMBOLS, type Market } from '#shared/contract.ts';
import type { Candle } from '#shared/candle.ts';
import { quoteBar, type ScreenInfo, type ScreenQuote, type ScreenSymbol } from '#shared/screener/screen-universe.ts';
import type { ScreenUniverse } from '#shared/screener/screen-model.ts';
import { TechnicalState } from '#shared/screener/technical-state.ts';
import type { WarmUp } from '#shared/screener/screener-protocol.ts';
import { klineBarLoader } from '../alerts/kline-bars.ts';

/**
 * Completed daily bars kept per symbol: the 52 weeks before the latest bar (at most about 255
 * trading days on any venue) and MA(200) crossings within the last weeks, with a little room.
 */
export const HISTORY_BARS = 260;
/** Symbols of one `/v1/market/kline/latest` request. */
const LATEST_BATCH = 50;
const DAY_MS = 86_400_000;

/** The full-market tickers, by market (stocks only). */
export const FULL_MARKET_TICKERS: Partial<Record<Market, string>> = {
  HK: '/v1/market/ticker/hk-stock',
  US: '/v1/market/ticker/us-stock',
  CN: '/v1/market/ticker/cn-stock',
};

/** AskV1 with request headers: the full-market tickers are asked with Accept-Encoding gzip. */
export type ScreenerAsk = (target: string, headers?: Record<string, string>) => Promise<Response>;

export interface ScreenerUniverseOptions {
  universe: ScreenUniverse;
  /** Asks `/v1` as the server (app.ts). */
  ask: ScreenerAsk;
  /** The catalogue's symbols of the universe (markets without a full-market ticker, or a plan without it). */
  catalogSymbols: () => Promise<readonly string[]>;
  /** Keeps only the symbols it accepts (a universe narrowed to a list: tests, the bench); default all. */
  filter?: (symbol: string) => boolean;
  /** History requests in flight at most. Default 4. */
  concurrency?: number;
  /**
   * At most this many requests a minute (request starts spaced evenly), so the warm-up leaves the
   * key budget's rest to the browsers; undefined: only `concurrency` bounds it (the simulator).
   */
  maxPerMinute?: number;
  /** Waits between tries of a history refused for the key's rate (3001). Default 2 s. */
  retryMs?: number;
  /** Quote refresh period while screened. Default 5 s. */
  refreshMs?: number;
  /** No screen for this long: the refreshes stop. Default 5 min. */
  idleMs?: number;
  /** Monotonic ms of the idle rule; default performance.now. */
  now?: () => number;
  log?: (line: string) => void;
  /** Each upstream request, its path (the bench and tests count them). */
  onRequest?: (path: string) => void;
}

interface Kept {
  symbol: string;
  quote?: ScreenQuote;
  /** The quote's instant (ms). */
  quoteTime: number;
  info?: ScreenInfo;
  /** Stocks: the information was asked (it may have come back without this symbol). */
  infoAsked: boolean;
  daily?: TechnicalState;
  /** The forming daily bar's start, when the day is open. */
  formingTime?: number;
  /** Ranks the history requests: most traded first. */
  turnover: number;
  /** A history request is under way. */
  loading: boolean;
}

type Json = Record<string, unknown>;

const num = (value: unknown): number | undefined => {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : undefined;
};

/** A ticker entry's figures as numbers (the API sends decimal strings). */
export function quoteOf(entry: Json): ScreenQuote | undefined {
  const last = num(entry.last_price);
  if (last === undefined) return undefined;
  const quote: ScreenQuote = { last_price: last };
  const fields = ['open', 'high_24h', 'low_24h', 'prev_close', 'volume_24h', 'quote_volume_24h'] as const;
  for (const field of fields) {
    const value = num(entry[field]);
    if (value !== undefined) quote[field] = value;
  }
  return quote;
}

/** A stock-information entry's figures the screens read. */
export function infoOf(entry: Json): ScreenInfo {
  const info: ScreenInfo = {};
  const shares = num(entry.total_shares);
  if (shares !== undefined) info.total_shares = shares;
  const eps = num(entry.eps_ttm);
  if (eps !== undefined) info.eps_ttm = eps;
  const dividend = num(entry.dividend_yield);
  if (dividend !== undefined) info.dividend_yield = dividend;
  if (typeof entry.board === 'string') info.board = entry.board;
  const lot = num(entry.lot_size);
  if (lot !== undefined) info.lot_size = lot;
  return info;
}

/** The body of an answer, decompressed when the upstream (or the simulator) compressed it. */
async function bodyText(response: Response): Promise<string> {
  const coding = response.headers.get('content-encoding');
  if (coding !== 'gzip' && coding !== 'br') return response.text();
  const bytes = Buffer.from(await response.arrayBuffer());
  // A fetch() answer arrives decoded with the header kept: only compressed bytes are decoded here.
  const compressed = coding === 'gzip' ? bytes[0] === 0x1f && bytes[1] === 0x8b : true;
  if (!compressed) return bytes.toString('utf8');
  try {
    return (coding === 'gzip' ? gunzipSync(bytes) : brotliDecompressSync(bytes)).toString('utf8');
  } catch {
    return bytes.toString('utf8');
  }
}

class AnswerError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** The symbol a full-market feed names: the HK feed's bare codes get their suffix; indices are left out. */
function feedSymbol(market: Market, entry: Json): string | undefined {
  if (typeof entry.symbol !== 'string' || entry.type === 'indices') return undefined;
  if (market === 'HK' && !entry.symbol.includes('.')) return `${String(Number(entry.symbol))}.HK`;
  return entry.symbol;
}

async function chunks<T>(items: readonly T[], size: number, each: (chunk: T[]) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await each(items.slice(i, i + size));
}

export class ScreenerUniverse {
  readonly universe: ScreenUniverse;
  private readonly kept = new Map<string, Kept>();
  private readonly concurrency: number;
  private readonly refreshMs: number;
  private readonly idleMs: number;
  private readonly now: () => number;
  private readonly log: (line: string) => void;
  private readonly loadBars;
  private warming: Promise<void> | undefined;
  private warmed = false;
  /** Whether the full-market ticker answers this key (undefined: not asked yet). */
  private fullMarket: boolean | undefined;
  private refreshTimer: ReturnType<typeof setTimeout> | undefined;
  private lastScreenAt = -Infinity;
  private stopped = false;
  private ready = 0;
  /** Upstream requests: of the warm-up, and in all. */
  private warmUpCount = 0;
  private requestCount = 0;
  /** The newest quote instant (ms). */
  private quotesAt = 0;
  /** Bumped whenever a figure moves: a screen's answer is good while it stays. */
  private revisionValue = 0;
  /** When the warm-up started and ended (monotonic ms), for the bench. */
  warmUpStartedAt: number | undefined;
  warmUpEndedAt: number | undefined;

  constructor(private readonly options: ScreenerUniverseOptions) {
    this.universe = options.universe;
    this.concurrency = Math.max(1, options.concurrency ?? 4);
    this.refreshMs = options.refreshMs ?? 5_000;
    this.idleMs = options.idleMs ?? 5 * 60_000;
    this.now = options.now ?? (() => performance.now());
    this.log = options.log ?? (() => undefined);
    this.loadBars = klineBarLoader((target) => this.request(target));
  }

  /** A screen asks for this universe: starts the warm-up once, and keeps the quotes refreshing. */
  touch(): void {
    if (this.stopped) return;
    this.lastScreenAt = this.now();
    this.warming ??= this.warmUp().catch((error: unknown) => {
      this.log(`screener: warm-up of ${this.label} failed (${error instanceof Error ? error.message : String(error)})`);
      this.warming = undefined;
    });
    if (this.warmed) this.scheduleRefresh();
  }

  /** Resolves when the warm-up ended (tests, the bench). */
  async whenWarm(): Promise<void> {
    await this.warming;
  }

  get label(): string {
    return `${this.universe.market} ${this.universe.type}`;
  }

  progress(): WarmUp {
    return { total: this.kept.size, ready: this.ready, requests: this.warmUpCount };
  }

  get isReady(): boolean {
    return this.warmed && this.ready === this.kept.size;
  }

  /** Upstream requests in all (warm-up and refreshes). */
  get requests(): number {
    return this.requestCount;
  }

  get warmUpRequests(): number {
    return this.warmUpCount;
  }

  /** The data instant the quotes stand at (ms). */
  get asOf(): number {
    return this.quotesAt;
  }

  get revision(): number {
    return this.revisionValue;
  }

  /** The ready symbols, as a screen reads them. */
  *symbols(): Generator<ScreenSymbol> {
    for (const kept of this.kept.values()) {
      if (!this.isSymbolReady(kept) || !kept.quote || !kept.daily) continue;
      yield { symbol: kept.symbol, quote: kept.quote, ...(kept.info && { info: kept.info }), daily: kept.daily };
    }
  }

  /** A symbol's last `count` daily closes, oldest first (the forming bar's included). */
  closes(symbol: string, count: number): number[] {
    const daily = this.kept.get(symbol)?.daily;
    if (!daily || count <= 0) return [];
    const closes: number[] = [];
    for (let age = Math.min(count, daily.length) - 1; age >= 0; age--) {
      const bar = daily.bar(age);
      if (bar) closes.push(bar.close);
    }
    return closes;
  }

  stop(): void {
    this.stopped = true;
    if (this.refreshTimer !== undefined) clearTimeout(this.refreshTimer);
    this.refreshTimer = undefined;
  }

  private isSymbolReady(kept: Kept): boolean {
    return kept.quote !== undefined && kept.daily !== undefined && (this.universe.type !== 'stock' || kept.infoAsked);
  }

  private countReady(): void {
    let ready = 0;
    for (const kept of this.kept.values()) if (this.isSymbolReady(kept)) ready++;
    this.ready = ready;
  }

  /** The next request's earliest start under `maxPerMinute` (monotonic ms). */
  private nextStartAt = 0;

  private async paced(): Promise<void> {
    const perMinute = this.options.maxPerMinute;
    if (perMinute === undefined || perMinute <= 0) return;
    const now = this.now();
    const at = Math.max(now, this.nextStartAt);
    this.nextStartAt = at + 60_000 / perMinute;
    if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
  }

  private async request(target: string, headers?: Record<string, string>): Promise<Response> {
    await this.paced();
    if (this.stopped) throw new Error('stopped');
    this.requestCount++;
    if (!this.warmed) this.warmUpCount++;
    this.options.onRequest?.(target.split('?')[0] ?? target);
    if (!headers) return this.options.ask(target);
    return this.options.ask(target, headers);
  }

  /** The `data` of an answer, or an AnswerError with its code. */
  private async data(target: string, headers?: Record<string, string>): Promise<unknown> {
    const response = await this.request(target, headers);
    const text = await bodyText(response);
    let body: { code?: unknown; message?: unknown; data?: unknown };
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      throw new AnswerError(-1, `HTTP ${String(response.status)}, not JSON`);
    }
    if (body.code !== 0) {
      const message = typeof body.message === 'string' ? body.message : '';
      throw new AnswerError(typeof body.code === 'number' ? body.code : -1, `${String(body.code)} ${message}`);
    }
    return body.data;
  }

  private keep(symbol: string): Kept | undefined {
    if (this.options.filter && !this.options.filter(symbol)) return undefined;
    let kept = this.kept.get(symbol);
    if (!kept) {
      kept = { symbol, quoteTime: 0, infoAsked: false, turnover: 0, loading: false };
      this.kept.set(symbol, kept);
    }
    return kept;
  }

  /** Applies one ticker entry: the quote, and the forming bar it describes. */
  private applyQuote(symbol: string, entry: Json, create: boolean): void {
    const kept = create ? this.keep(symbol) : this.kept.get(symbol);
    if (!kept) return;
    const quote = quoteOf(entry);
    if (!quote) return;
    const time = num(entry.timestamp) ?? 0;
    const moved = kept.quote === undefined || JSON.stringify(kept.quote) !== JSON.stringify(quote);
    kept.quote = quote;
    kept.quoteTime = time;
    kept.turnover = quote.quote_volume_24h ?? (quote.volume_24h ?? 0) * quote.last_price;
    if (time > this.quotesAt) this.quotesAt = time;
    if (kept.daily && kept.formingTime !== undefined) {
      if (time >= kept.formingTime + DAY_MS && !kept.loading) {
        // A new day: the history (and the forming bar's day) is asked again.
        void this.loadHistory(kept, true);
      } else kept.daily.setForming(quoteBar(quote, kept.formingTime));
    }
    if (moved) this.revisionValue++;
  }

  /** One pass of quotes: the full-market ticker, or batched tickers of the known symbols. */
  private async fetchQuotes(create: boolean): Promise<void> {
    const { market, type } = this.universe;
    const full = type === 'stock' ? FULL_MARKET_TICKERS[market] : undefined;
    if (full !== undefined && this.fullMarket !== false) {
      try {
        const data = await this.data(full, { 'Accept-Encoding': 'gzip' });
        if (Array.isArray(data)) {
          for (const entry of data as Json[]) {
            const symbol = feedSymbol(market, entry);
            if (symbol !== undefined) this.applyQuote(symbol, entry, create);
          }
          this.fullMarket = true;
          return;
        }
      } catch (error) {
        // 1004: the plan has no full-market ticker; anything else on the first pass: batched tickers.
        if (this.fullMarket === true && !(error instanceof AnswerError && error.code === 1004)) throw error;
        this.fullMarket = false;
        this.log(`screener: ${full} unavailable (${error instanceof Error ? error.message : String(error)}); batched tickers instead`);
      }
    }
    const filter = this.options.filter ?? (() => true);
    const symbols = create && this.kept.size === 0 ? (await this.options.catalogSymbols()).filter(filter) : [...this.kept.keys()];
    await chunks(symbols, MAX_TICKER_SYMBOLS, async (batch) => {
      const query = new URLSearchParams({ symbols: batch.join(','), type });
      const data = await this.data(`/v1/market/ticker?${query.toString()}`);
      if (!Array.isArray(data)) return;
      for (const entry of data as Json[]) if (typeof entry.symbol === 'string') this.applyQuote(entry.symbol, entry, create);
    });
  }

  private async fetchInfo(): Promise<void> {
    if (this.universe.type !== 'stock') return;
    const symbols = [...this.kept.keys()];
    await chunks(symbols, MAX_STOCK_INFO_SYMBOLS, async (batch) => {
      const query = new URLSearchParams({ symbols: batch.join(','), type: 'stock' });
      const data = await this.data(`/v1/market/stock-info?${query.toString()}`);
      if (Array.isArray(data)) {
        for (const entry of data as Json[]) {
          const kept = typeof entry.symbol === 'string' ? this.kept.get(entry.symbol) : undefined;
          if (kept) kept.info = infoOf(entry);
        }
      }
      for (const symbol of batch) {
        const kept = this.kept.get(symbol);
        if (kept) kept.infoAsked = true;
      }
    });
  }

  /** Today's daily bar time per symbol (the kline/latest answer); none when the day is complete. */
  private async fetchFormingTimes(symbols: readonly string[]): Promise<Map<string, number>> {
    const times = new Map<string, number>();
    await chunks(symbols, LATEST_BATCH, async (batch) => {
      const query = new URLSearchParams({ symbols: batch.join(','), interval: '1d', type: this.universe.type });
      const data = await this.data(`/v1/market/kline/latest?${query.toString()}`);
      if (!Array.isArray(data)) return;
      for (const entry of data as Json[]) {
        const klines = entry.klines;
        const first: unknown = Array.isArray(klines) ? klines[0] : undefined;
        const time = first && typeof first === 'object' ? num((first as Json).time) : undefined;
        if (typeof entry.symbol === 'string' && time !== undefined) times.set(entry.symbol, time);
      }
    });
    return times;
  }

  /** A symbol's completed daily bars, and the forming one from its quote when its day is open. */
  private async loadHistory(kept: Kept, again: boolean): Promise<void> {
    kept.loading = true;
    try {
      let formingTime = kept.formingTime;
      if (again) formingTime = (await this.fetchFormingTimes([kept.symbol])).get(kept.symbol);
      const completed = await this.historyOf(kept.symbol);
      const last = completed.at(-1);
      kept.formingTime = formingTime !== undefined && (!last || formingTime > last.time) ? formingTime : undefined;
      const forming = kept.quote && kept.formingTime !== undefined ? quoteBar(kept.quote, kept.formingTime) : undefined;
      kept.daily = new TechnicalState(completed, forming);
      this.revisionValue++;
    } catch (error) {
      this.log(`screener: history of ${kept.symbol} failed (${error instanceof Error ? error.message : String(error)})`);
      if (!kept.daily) kept.daily = new TechnicalState([]);
    } finally {
      kept.loading = false;
      this.countReady();
    }
  }

  /** The completed daily bars; a refusal for the key's rate (3001) is tried again a few times. */
  private async historyOf(symbol: string): Promise<Candle[]> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.loadBars(symbol, this.universe.type, '1d', HISTORY_BARS);
      } catch (error) {
        const limited = error instanceof Error && /^3001\b/.test(error.message);
        if (!limited || attempt >= 5 || this.stopped) throw error;
        await new Promise((resolve) => setTimeout(resolve, (this.options.retryMs ?? 2_000) * attempt));
      }
    }
  }

  private async warmUp(): Promise<void> {
    this.warmUpStartedAt = this.now();
    await this.fetchQuotes(true);
    await this.fetchInfo();
    this.countReady();
    const order = [...this.kept.values()].sort((a, b) => b.turnover - a.turnover || (a.symbol < b.symbol ? -1 : 1));
    const formingTimes = await this.fetchFormingTimes(order.map((kept) => kept.symbol));
    for (const kept of order) kept.formingTime = formingTimes.get(kept.symbol);
    // Bounded concurrency: `concurrency` workers take the next symbol as they finish one.
    let next = 0;
    const worker = async (): Promise<void> => {
      while (!this.stopped && next < order.length) {
        const kept = order[next++];
        if (kept) await this.loadHistory(kept, false);
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.concurrency, order.length) }, worker));
    this.countReady();
    this.warmed = true;
    this.warmUpEndedAt = this.now();
    this.log(`screener: ${this.label} warm, ${String(this.kept.size)} symbols, ${String(this.warmUpCount)} requests`);
    this.scheduleRefresh();
  }

  private scheduleRefresh(): void {
    if (this.stopped || this.refreshTimer !== undefined) return;
    if (this.now() - this.lastScreenAt > this.idleMs) return;
    this.refreshTimer = setTimeout(() => {
      this.refreshTimer = undefined;
      void this.refresh();
    }, this.refreshMs);
    this.refreshTimer.unref();
  }

  /** One quote refresh, then the next while screens keep asking. */
  async refresh(): Promise<void> {
    try {
      await this.fetchQuotes(false);
    } catch (error) {
      this.log(`screener: quotes of ${this.label} failed (${error instanceof Error ? error.message : String(error)})`);
    }
    this.scheduleRefresh();
  }
}
