/**
 * The ticker of one symbol, polled every 3 s on wall-clock multiples of 3 s: every ticker on
 * screen refetches in the same instant, so the batcher folds them into ≤50-symbol requests.
 * One symbol shown in three places is one query and one slot in one request.
 *
 * While the symbol's ticker channel is live on the realtime socket, the query stops polling (its
 * one HTTP fetch still brings the name and previous close) and `useTicker` returns the snapshot
 * overlaid with the latest push (live-or-poll.ts); as soon as the channel is not live, polling
 * resumes at once.
 */
import { queryOptions, useQueries, type UseQueryResult } from '@tanstack/react-query';
import type { ProductType } from '#shared/contract.ts';
import type { Ticker } from '../api/quote-schemas';
import { mergeTicker } from '../realtime/merge-ticker';
import { useMarketFeed } from './app-services-context';
import { type LiveOrPollQuery, useLiveOrPoll, useLiveOrPollQuery } from './live-or-poll';
import type { MarketFeed } from './market-feed/market-feed';
import { pollEvery } from './query-client';
import { queryKeys } from './query-keys';
import { msToNextBoundary } from './wall-clock';

export const TICKER_POLL_MS = 3_000;

/** The ticker as polled, through the feed's batchers. */
export function tickerQueryOptions({ source, tickers }: Pick<MarketFeed, 'source' | 'tickers'>, symbol: string, type?: ProductType) {
  return queryOptions({
    queryKey: queryKeys.tickers.one(source, symbol, type),
    queryFn: () => tickers.load(symbol, type),
    enabled: symbol.trim() !== '',
    staleTime: TICKER_POLL_MS,
    refetchInterval: pollEvery(() => msToNextBoundary(TICKER_POLL_MS)),
  });
}

export function useTicker(symbol: string, type?: ProductType): UseQueryResult<Ticker> {
  const { query, data } = useLiveOrPoll({
    channel: 'ticker',
    symbol,
    type,
    query: tickerQueryOptions(useMarketFeed(), symbol, type),
    whileLive: 'snapshot',
    merge: mergeTicker,
  });
  if (data === query.data) return query;
  // Spreading reads every field of the result, so this reader re-renders on any change of the query:
  // only while pushes arrive, when the query is idle anyway.
  return { ...query, data } as UseQueryResult<Ticker>;
}

/**
 * The HTTP snapshot alone, polled while the symbol's ticker channel is not live, and that state;
 * the caller takes the pushes itself (useLiveTickerFeed), without a render per push.
 */
export function useTickerSnapshot(symbol: string, type?: ProductType): LiveOrPollQuery<Ticker> {
  return useLiveOrPollQuery('ticker', symbol, type, tickerQueryOptions(useMarketFeed(), symbol, type), 'snapshot');
}

/** The tickers of a list, in its order; each symbol is its own (shared, batched) query. Polls always. */
export function useTickers(symbols: readonly string[], type?: ProductType) {
  const feed = useMarketFeed();
  return useQueries({ queries: symbols.map((symbol) => tickerQueryOptions(feed, symbol, type)) });
}
