/** The K-line periods the service supports (§4.10); they do not change while the app runs. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchKlineIntervals } from '../api/kline-endpoints';
import { queryKeys } from './query-keys';

export function klineIntervalsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.klineIntervals.all,
    queryFn: ({ signal }) => fetchKlineIntervals({ signal }),
    staleTime: Infinity,
  });
}

export function useKlineIntervals() {
  return useQuery(klineIntervalsQueryOptions());
}
