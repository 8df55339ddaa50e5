/**
 * Ticker requests of many callers folded into few: symbols asked for within `windowMs` are
 * deduplicated and sent in chunks of at most `maxBatch` (the endpoint's limit of 50), and each
 * caller gets the entry of its symbol. Pure: no React.
 */
import { ApiError, isAmbiguousSymbol } from '../api/api-error';
import { ERROR_CODES, MAX_TICKER_SYMBOLS, type ProductType } from '#shared/contract.ts';
import type { Ticker } from '../api/quote-schemas';
import { normalizeSymbol } from '#shared/symbols.ts';

export type TickerFetcher = (symbols: string[]) => Promise<Ticker[]>;

export interface TickerBatcherOptions {
  maxBatch?: number;
  windowMs?: number;
}

export interface TickerBatcher {
  load(symbol: string): Promise<Ticker>;
}

interface Waiter {
  resolve: (ticker: Ticker) => void;
  reject: (error: unknown) => void;
}

function notInAnswer(symbol: string): ApiError {
  return new ApiError({
    kind: 'api',
    path: '/v1/market/ticker',
    status: 200,
    rawCode: ERROR_CODES.SYMBOL_NOT_FOUND,
    message: `Symbol not found: ${symbol} (absent from the ticker answer)`,
  });
}

export function createTickerBatcher(fetcher: TickerFetcher, options: TickerBatcherOptions = {}): TickerBatcher {
  const maxBatch = Math.max(1, Math.min(options.maxBatch ?? MAX_TICKER_SYMBOLS, MAX_TICKER_SYMBOLS));
  const windowMs = options.windowMs ?? 10;
  /** Keyed by normalised symbol ('00700.hk' and '700.HK' are one entry). */
  let pending = new Map<string, Waiter[]>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  function settle(chunk: Map<string, Waiter[]>, tickers: readonly Ticker[]): void {
    const bySymbol = new Map(tickers.map((ticker) => [normalizeSymbol(ticker.symbol), ticker]));
    for (const [symbol, waiters] of chunk) {
      const ticker = bySymbol.get(symbol);
      for (const waiter of waiters) {
        if (ticker) waiter.resolve(ticker);
        else waiter.reject(notInAnswer(symbol));
      }
    }
  }

  async function run(chunk: Map<string, Waiter[]>): Promise<void> {
    try {
      settle(chunk, await fetcher([...chunk.keys()]));
    } catch (error) {
      // One ambiguous symbol fails the whole request: fail it alone and ask again for the rest.
      const ambiguous = isAmbiguousSymbol(error);
      const culprit = ambiguous ? normalizeSymbol(ambiguous.symbol) : undefined;
      if (culprit !== undefined && chunk.has(culprit) && chunk.size > 1) {
        for (const waiter of chunk.get(culprit) ?? []) waiter.reject(error);
        chunk.delete(culprit);
        await run(chunk);
        return;
      }
      for (const waiters of chunk.values()) for (const waiter of waiters) waiter.reject(error);
    }
  }

  function flush(): void {
    timer = undefined;
    const batch = [...pending];
    pending = new Map();
    for (let start = 0; start < batch.length; start += maxBatch) {
      void run(new Map(batch.slice(start, start + maxBatch)));
    }
  }

  return {
    load(symbol) {
      return new Promise<Ticker>((resolve, reject) => {
        const key = normalizeSymbol(symbol);
        const waiters = pending.get(key);
        if (waiters) waiters.push({ resolve, reject });
        else pending.set(key, [{ resolve, reject }]);
        timer ??= setTimeout(flush, windowMs);
      });
    },
  };
}

/** The ticker batchers of one API client: one per `type`, since a request's `type` applies to all its symbols. */
export interface TickerBatchers {
  load(symbol: string, type: ProductType | undefined): Promise<Ticker>;
}

export function createTickerBatchers(
  fetcher: (symbols: string[], type: ProductType | undefined) => Promise<Ticker[]>,
  options: TickerBatcherOptions = {},
): TickerBatchers {
  const byType = new Map<ProductType | undefined, TickerBatcher>();
  return {
    load(symbol, type) {
      let batcher = byType.get(type);
      if (!batcher) {
        batcher = createTickerBatcher((symbols) => fetcher(symbols, type), options);
        byType.set(type, batcher);
      }
      return batcher.load(symbol);
    },
  };
}
