/** The session tables of US, HK and CN (§4.9). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../api/client';
import { fetchTradingSessions } from '../api/reference-endpoints';
import { useAppServices } from './app-services-context';
import { queryKeys } from './query-keys';

export const TRADING_SESSIONS_STALE_MS = 60 * 60_000;

export function tradingSessionsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: queryKeys.tradingSessions.all,
    queryFn: ({ signal }) => fetchTradingSessions(api, undefined, { signal }),
    staleTime: TRADING_SESSIONS_STALE_MS,
  });
}

export function useTradingSessions() {
  return useQuery(tradingSessionsQueryOptions(useAppServices().api));
}
