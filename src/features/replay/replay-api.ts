/**
 * An ApiClient that answers as the service would have at the replay clock's instant T, over a
 * source client (the live one): the transport of a replay MarketFeed (market-feed.ts). Nothing
 * after T is ever answered:
 * - K-lines: the bars complete by T and the current bar folded from the 1-minute bars ended by T
 *   (replay-klines.ts), adjusted with the corporate actions known at T (replay-adjust.ts);
 * - tickers and the intraday line: the trading day so far from its 1-minute bars (replay-quotes.ts);
 * - what minute bars cannot rebuild (depth, the trade tape, the whole HK market's tickers):
 *   empty answers in the contract's shape, never live data;
 * - reference data (symbols, stock information, K-line periods, sessions, the trading calendar):
 *   the source's, which does not move with the market.
 * The source's answers are kept by window (window-cache.ts): stepping asks for nothing it had.
 */
import { ApiError, isApiError } from '../../api/api-error';
import { tellListeners, type ApiClient, type PayloadSchema, type QueryParams, type RequestListener, type RequestOptions } from '../../api/client';
import { ADJUST_MODES, HISTORY_INTERVALS, INTERVALS, PRODUCT_TYPES, type ContractPath } from '#shared/contract.ts';
import type { HistoryInterval } from '#shared/first-page.ts';
import { oneOf } from '#shared/one-of.ts';
import { wallClock, type Clock } from '../../time/clock';
import { exFactorsKnownAt } from './replay-adjust';
import { currentBarAt, historyAt } from './replay-klines';
import { intradayAt, tickerAt } from './replay-quotes';
import type { Ticker } from '../../api/quote-schemas';
import type { ReplayNames } from './replay-names';
import { createReplaySource, type Instrument, type ReplaySourceOptions } from './replay-source';

export interface ReplayApiOptions extends ReplaySourceOptions {
  /** The replay's clock: its `now()` is the instant every answer stands at. */
  clock: Pick<Clock, 'now'>;
  /** Names for the replayed tickers (bars carry none); none by default. */
  names?: ReplayNames;
}

export interface ReplayApi extends ApiClient {
  /** How many source answers are kept. */
  kept(): number;
}

/** Reference paths: answered by the source as they are. */
const REFERENCE_PATHS: ReadonlySet<ContractPath> = new Set([
  '/v1/symbols/available',
  '/v1/market/stock-info',
  '/v1/market/intervals/kline',
  '/v1/market/trading-sessions',
  '/v1/market/trade-days',
]);

function text(params: QueryParams, name: string): string | undefined {
  const value = params[name];
  return value === undefined ? undefined : String(value);
}

function integer(params: QueryParams, name: string): number | undefined {
  const value = params[name];
  return value === undefined || value === '' ? undefined : Number(value);
}

function symbolsOf(params: QueryParams): string[] {
  return (text(params, 'symbols') ?? '')
    .split(',')
    .map((symbol) => symbol.trim())
    .filter((symbol) => symbol !== '');
}

function instrumentOf(params: QueryParams, symbol: string): Instrument {
  const type = oneOf(PRODUCT_TYPES, text(params, 'type'));
  return type ? { symbol, type } : { symbol };
}

function withName(ticker: Ticker, name: string | undefined): Ticker {
  return name === undefined ? ticker : { ...ticker, name };
}

function invalid(path: ContractPath, message: string): ApiError {
  return new ApiError({ kind: 'api', path, status: 400, rawCode: 2001, message: `Invalid parameter: ${message}` });
}

function historyInterval(path: ContractPath, params: QueryParams): HistoryInterval {
  const interval = oneOf(HISTORY_INTERVALS, text(params, 'interval'));
  if (!interval) throw invalid(path, 'interval');
  return interval as HistoryInterval;
}

/** A promise that rejects as soon as `signal` aborts (the shared loads behind it go on for others). */
function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const abort = (): void => {
      reject(signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError'));
    };
    if (signal.aborted) abort();
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => {
      signal.removeEventListener('abort', abort);
    });
  });
}

export function createReplayApi(options: ReplayApiOptions): ReplayApi {
  const { api: live, clock } = options;
  const source = createReplaySource(options);
  const listeners = new Set<RequestListener>();
  let settledAny = false;

  /** The payload of `path` at `at`, before its schema. */
  async function answer(path: ContractPath, params: QueryParams, at: number): Promise<unknown> {
    const symbol = text(params, 'symbol') ?? '';
    const adjust = oneOf(ADJUST_MODES, text(params, 'adjust'));
    switch (path) {
      case '/v1/market/kline': {
        const interval = historyInterval(path, params);
        const request = {
          ...instrumentOf(params, symbol),
          interval,
          adjust,
          limit: integer(params, 'limit'),
          startTime: integer(params, 'start_time'),
          endTime: integer(params, 'end_time'),
        };
        return { ...instrumentOf(params, symbol), interval, klines: await historyAt(source, request, at) };
      }
      case '/v1/market/kline/latest': {
        const interval = oneOf(INTERVALS, text(params, 'interval'));
        if (!interval) throw invalid(path, 'interval');
        return Promise.all(
          symbolsOf(params).map(async (each) => {
            const bar = await currentBarAt(source, { ...instrumentOf(params, each), interval, adjust }, at);
            return { ...instrumentOf(params, each), interval, klines: bar ? [bar] : [] };
          }),
        );
      }
      case '/v1/market/ticker': {
        const symbols = symbolsOf(params);
        const [tickers, names] = await Promise.all([
          Promise.all(symbols.map((each) => tickerAt(source, instrumentOf(params, each), at))),
          options.names?.(symbols, oneOf(PRODUCT_TYPES, text(params, 'type'))),
        ]);
        return tickers.filter((ticker) => ticker !== undefined).map((ticker) => withName(ticker, names?.get(ticker.symbol)));
      }
      case '/v1/market/intraday': {
        const series = await Promise.all(symbolsOf(params).map((each) => intradayAt(source, instrumentOf(params, each), at)));
        return series.filter((each) => each !== undefined);
      }
      case '/v1/market/kline/ex-factors': {
        const symbols = symbolsOf(params);
        return { data: exFactorsKnownAt(await source.exFactors(symbols, at), at) };
      }
      case '/v1/market/ticker/hk-stock':
        return [];
      case '/v1/market/trades':
        return { ...instrumentOf(params, symbol), trades: [] };
      case '/v1/market/depth':
        return { ...instrumentOf(params, symbol), timestamp: at, bids: [], asks: [] };
      default:
        throw invalid(path, `no replay of ${path}`);
    }
  }

  function emit(path: ContractPath, ok: boolean, started: number, error?: unknown): void {
    settledAny = true;
    const failure = isApiError(error) ? { ...(error.code !== undefined && { code: error.code }), errorKind: error.kind, status: error.status } : { status: 0 };
    const event = { path, ok, ...(ok ? { status: 200, code: 0 } : failure), latencyMs: Math.round(wallClock.now() - started), at: wallClock.now() };
    tellListeners(listeners, event);
  }

  async function get<T>(path: ContractPath, params: QueryParams, schema: PayloadSchema<T>, requestOptions: RequestOptions = {}): Promise<T> {
    if (REFERENCE_PATHS.has(path)) return live.get(path, params, schema, requestOptions);
    const started = wallClock.now();
    try {
      const payload = await abortable(answer(path, params, clock.now()), requestOptions.signal);
      const parsed = schema.safeParse(payload);
      if (!parsed.success) throw new ApiError({ kind: 'malformed', path, status: 200, message: `Replay answer of ${path} does not fit its schema` });
      emit(path, true, started);
      return parsed.data;
    } catch (error) {
      if (requestOptions.signal?.aborted !== true) emit(path, false, started, error);
      throw error;
    }
  }

  return {
    get,
    onSettled(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    rateLimitedUntil: () => live.rateLimitedUntil(),
    hasSettled: () => settledAny,
    kept: () => source.kept(),
  };
}
