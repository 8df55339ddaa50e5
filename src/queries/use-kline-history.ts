/**
 * Completed K-lines as an infinite query, newest page first; `fetchNextPage` loads older ones
 * (`hasNextPage` false once a page comes back short). Completed K-lines never change, so the
 * data stays fresh for ever; new periods are joined on by useKlineSeries, not by refetching.
 */
import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { Candle } from '../lib/candle';
import { fetchHistoryPage, flattenPages, type KlineHistoryParams, type KlinePage } from './kline-history-pages';
import { queryKeys } from './query-keys';

export type { KlineHistoryParams } from './kline-history-pages';

/** Module-level so that TanStack memoises the selection per data. */
function selectCandles(data: InfiniteData<KlinePage, number | null>): Candle[] {
  return flattenPages(data.pages);
}

export function klineHistoryQueryOptions({ symbol, interval, adjust, type }: KlineHistoryParams) {
  return infiniteQueryOptions({
    queryKey: queryKeys.klines.history(symbol, interval, adjust ?? null, type),
    queryFn: ({ pageParam, signal }) => fetchHistoryPage({ symbol, interval, adjust, type }, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (lastPage: KlinePage) => lastPage.olderEndTime,
    enabled: symbol.trim() !== '',
    staleTime: Infinity,
  });
}

/** `data` is the whole loaded history, ascending. */
export function useKlineHistory(params: KlineHistoryParams) {
  return useInfiniteQuery({ ...klineHistoryQueryOptions(params), select: selectCandles });
}
