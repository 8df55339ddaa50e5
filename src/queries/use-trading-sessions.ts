/** The session tables of US, HK and CN (§4.9). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchTradingSessions } from '../api/reference-endpoints';
import { useMarketFeed } from './app-services-context';
import type { SnapshotFeed } from './market-feed/market-feed';
import { queryKeys } from './query-keys';

export const TRADING_SESSIONS_STALE_MS = 60 * 60_000;

export function tradingSessionsQueryOptions(feed: SnapshotFeed) {
  return queryOptions({
    queryKey: queryKeys.tradingSessions.of(feed.source),
    queryFn: ({ signal }) => fetchTradingSessions(feed.api, undefined, { signal }),
    staleTime: TRADING_SESSIONS_STALE_MS,
  });
}

export function useTradingSessions() {
  return useQuery(tradingSessionsQueryOptions(useMarketFeed()));
}
