/**
 * The whole HK market (thousands of rows), polled every 15 s. Every poll replaces every row, so
 * structural sharing would only cost a deep comparison: off.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../api/client';
import { fetchHkTickers } from '../../../api/quote-endpoints';
import { useAppServices } from '../../../queries/app-services-context';
import { pollEvery } from '../../../queries/query-client';
import { queryKeys } from '../../../queries/query-keys';

export const HK_TICKERS_POLL_MS = 15_000;

export function hkTickersQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: queryKeys.hkTickers.all,
    queryFn: ({ signal }) => fetchHkTickers(api, { signal }),
    staleTime: HK_TICKERS_POLL_MS,
    // A plan without the full-HK feed (1004) will not gain it by asking again.
    refetchInterval: pollEvery(HK_TICKERS_POLL_MS),
    structuralSharing: false,
  });
}

export function useHkTickers() {
  return useQuery(hkTickersQueryOptions(useAppServices().api));
}
