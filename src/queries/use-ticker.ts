/**
 * The ticker of one symbol, polled every 3 s on wall-clock multiples of 3 s: every ticker on
 * screen refetches in the same instant, so the batcher folds them into ≤50-symbol requests.
 * One symbol shown in three places is one query and one slot in one request.
 *
 * While the symbol's ticker channel is live on the realtime socket, the query stops polling (its
 * one HTTP fetch still brings the name and previous close) and `useTicker` returns the snapshot
 * overlaid with the latest push; as soon as the channel is not live, polling resumes at once.
 */
import { queryOptions, useQueries, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { ProductType } from '#shared/contract.ts';
import { fetchTickers } from '../api/quote-endpoints';
import type { Ticker } from '../api/quote-schemas';
import { mergeTicker, useLiveChannel, useLiveTicker } from '../realtime';
import { errorRefetchInterval } from './query-client';
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

/** `live`: the symbol's pushes arrive over the socket, so HTTP only fetches once. */
export function tickerQueryOptions(symbol: string, type?: ProductType, live = false) {
  return queryOptions({
    queryKey: queryKeys.tickers.one(symbol, type),
    queryFn: () => batcherFor(type).load(symbol),
    enabled: symbol.trim() !== '',
    staleTime: live ? Infinity : TICKER_POLL_MS,
    // Live: pushes carry the quote; only a failed snapshot is asked again.
    refetchInterval: live ? errorRefetchInterval : () => msToNextBoundary(TICKER_POLL_MS),
    refetchOnWindowFocus: !live,
    refetchOnReconnect: !live,
  });
}

export function useTicker(symbol: string, type?: ProductType): UseQueryResult<Ticker> {
  const { ticker: push, state } = useLiveTicker(symbol, type);
  const query = useSnapshotQuery(symbol, type, state === 'live');
  if (push === undefined) return query;
  // Spreading reads every field of the result, so this reader re-renders on any change of the query.
  // eslint-disable-next-line @tanstack/query/no-rest-destructuring -- only while pushes arrive, when the query is idle anyway
  return { ...query, data: mergeTicker(query.data, push) } as UseQueryResult<Ticker>;
}

/**
 * The HTTP snapshot alone, polled while the symbol's ticker channel is not live; the caller takes
 * the pushes itself (watchLiveTicker), without a render per push.
 */
export function useTickerSnapshot(symbol: string, type?: ProductType): UseQueryResult<Ticker> {
  return useSnapshotQuery(symbol, type, useLiveChannel('ticker', symbol, type) === 'live');
}

function useSnapshotQuery(symbol: string, type: ProductType | undefined, live: boolean): UseQueryResult<Ticker> {
  const query = useQuery(tickerQueryOptions(symbol, type, live));
  useRefetchWhenLiveEnds(live, symbol, type);
  return query;
}

/**
 * Polling resumes on the next boundary by itself; the first fetch after the socket goes is now.
 * (Through the client, not `query.refetch`: reading a field of the result would narrow what the
 * caller's render is notified about.)
 */
function useRefetchWhenLiveEnds(live: boolean, symbol: string, type: ProductType | undefined): void {
  const queryClient = useQueryClient();
  const wasLive = useRef(live);
  useEffect(() => {
    if (wasLive.current && !live) void queryClient.refetchQueries({ queryKey: queryKeys.tickers.one(symbol, type), exact: true });
    wasLive.current = live;
  }, [live, queryClient, symbol, type]);
}

/** The tickers of a list, in its order; each symbol is its own (shared, batched) query. Polls always. */
export function useTickers(symbols: readonly string[], type?: ProductType) {
  return useQueries({ queries: symbols.map((symbol) => tickerQueryOptions(symbol, type)) });
}
