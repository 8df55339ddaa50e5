/** The K-line periods the service supports (§4.10); they do not change while the app runs. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../api/client';
import { fetchKlineIntervals } from '../../../api/kline-endpoints';
import { useAppServices } from '../../../queries/app-services-context';
import { queryKeys } from '../../../queries/query-keys';

export function klineIntervalsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: queryKeys.klineIntervals.all,
    queryFn: ({ signal }) => fetchKlineIntervals(api, { signal }),
    staleTime: Infinity,
  });
}

export function useKlineIntervals() {
  return useQuery(klineIntervalsQueryOptions(useAppServices().api));
}
