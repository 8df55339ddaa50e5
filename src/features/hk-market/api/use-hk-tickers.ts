/**
 * The whole HK market (thousands of rows), polled every 15 s. Every poll replaces every row, so
 * structural sharing would only cost a deep comparison: off.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchHkTickers } from '../../../api/quote-endpoints';
import { useMarketFeed } from '../../../queries/app-services-context';
import type { SnapshotFeed } from '../../../queries/market-feed/market-feed';
import { pollEvery } from '../../../queries/query-client';
import { queryKeys } from '../../../queries/query-keys';

export const HK_TICKERS_POLL_MS = 15_000;

export function hkTickersQueryOptions(feed: SnapshotFeed) {
  return queryOptions({
    queryKey: queryKeys.hkTickers.of(feed.source),
    queryFn: ({ signal }) => fetchHkTickers(feed.api, { signal }),
    staleTime: HK_TICKERS_POLL_MS,
    // A plan without the full-HK feed (1004) will not gain it by asking again.
    refetchInterval: pollEvery(HK_TICKERS_POLL_MS),
    structuralSharing: false,
  });
}

export function useHkTickers() {
  return useQuery(hkTickersQueryOptions(useMarketFeed()));
}
