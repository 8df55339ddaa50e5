/**
 * The ticker of one symbol, polled every 3 s on wall-clock multiples of 3 s: every ticker on
 * screen refetches in the same instant, so the batcher folds them into ≤50-symbol requests.
 * One symbol shown in three places is one query and one slot in one request.
 */
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import type { ProductType } from '../api/contract';
import { fetchTickers } from '../api/quote-endpoints';
import { queryKeys } from './query-keys';
import { createTickerBatcher, type TickerBatcher } from './ticker-batcher';
import { msToNextBoundary } from './wall-clock';

export const TICKER_POLL_MS = 3_000;

/** One batcher per `type` (the request's `type` applies to all its symbols). */
const batchers = new Map<ProductType | undefined, TickerBatcher>();

function batcherFor(type: ProductType | undefined): TickerBatcher {
  let batcher = batchers.get(type);
  if (!batcher) {
    batcher = createTickerBatcher((symbols) => fetchTickers({ symbols, ...(type && { type }) }));
    batchers.set(type, batcher);
  }
  return batcher;
}

export function tickerQueryOptions(symbol: string, type?: ProductType) {
  return queryOptions({
    queryKey: queryKeys.tickers.one(symbol, type),
    queryFn: () => batcherFor(type).load(symbol),
    enabled: symbol.trim() !== '',
    staleTime: TICKER_POLL_MS,
    refetchInterval: () => msToNextBoundary(TICKER_POLL_MS),
  });
}

export function useTicker(symbol: string, type?: ProductType) {
  return useQuery(tickerQueryOptions(symbol, type));
}

/** The tickers of a list, in its order; each symbol is its own (shared, batched) query. */
export function useTickers(symbols: readonly string[], type?: ProductType) {
  return useQueries({ queries: symbols.map((symbol) => tickerQueryOptions(symbol, type)) });
}
