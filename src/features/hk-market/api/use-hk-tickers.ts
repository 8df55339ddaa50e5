/**
 * The whole HK market (thousands of rows), polled every 15 s. Every poll replaces every row, so
 * structural sharing would only cost a deep comparison: off.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { isApiError } from '../api/api-error';
import { ERROR_CODES } from '#shared/contract.ts';
import { fetchHkTickers } from '../api/quote-endpoints';
import { queryKeys } from './query-keys';

export const HK_TICKERS_POLL_MS = 15_000;

export function hkTickersQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.hkTickers.all,
    queryFn: ({ signal }) => fetchHkTickers({ signal }),
    staleTime: HK_TICKERS_POLL_MS,
    // A plan without the full-HK feed (1004) will not gain it by asking again.
    refetchInterval: (query) => {
      const { error } = query.state;
      return isApiError(error) && error.code === ERROR_CODES.PERMISSION_DENIED ? false : HK_TICKERS_POLL_MS;
    },
    structuralSharing: false,
  });
}

export function useHkTickers() {
  return useQuery(hkTickersQueryOptions());
}
