/** Trading days and half days of a market in a window of at most 31 days (the caller's duty). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionMarket } from '#shared/contract.ts';
import { fetchTradeDays } from '../api/reference-endpoints';
import { useMarketFeed } from './app-services-context';
import type { SnapshotFeed } from './market-feed/market-feed';
import { queryKeys } from './query-keys';

export const TRADE_DAYS_STALE_MS = 60 * 60_000;

export function tradeDaysQueryOptions(feed: SnapshotFeed, market: SessionMarket, begDay: string, endDay: string) {
  return queryOptions({
    queryKey: queryKeys.tradeDays.range(feed.source, market, begDay, endDay),
    queryFn: ({ signal }) => fetchTradeDays(feed.api, { market, begDay, endDay }, { signal }),
    enabled: begDay !== '' && endDay !== '',
    staleTime: TRADE_DAYS_STALE_MS,
  });
}

export function useTradeDays(market: SessionMarket, begDay: string, endDay: string) {
  return useQuery(tradeDaysQueryOptions(useMarketFeed(), market, begDay, endDay));
}
