/** Trading days and half days of a market in a window of at most 31 days (the caller's duty). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionMarket } from '#shared/contract.ts';
import type { ApiClient } from '../api/client';
import { fetchTradeDays } from '../api/reference-endpoints';
import { useAppServices } from './app-services-context';
import { queryKeys } from './query-keys';

export const TRADE_DAYS_STALE_MS = 60 * 60_000;

export function tradeDaysQueryOptions(api: ApiClient, market: SessionMarket, begDay: string, endDay: string) {
  return queryOptions({
    queryKey: queryKeys.tradeDays.range(market, begDay, endDay),
    queryFn: ({ signal }) => fetchTradeDays(api, { market, begDay, endDay }, { signal }),
    enabled: begDay !== '' && endDay !== '',
    staleTime: TRADE_DAYS_STALE_MS,
  });
}

export function useTradeDays(market: SessionMarket, begDay: string, endDay: string) {
  return useQuery(tradeDaysQueryOptions(useAppServices().api, market, begDay, endDay));
}
