/**
 * Completed K-lines as an infinite query, newest page first; `fetchNextPage` loads older ones
 * (`hasNextPage` false once a page comes back short). Completed K-lines never change, so the
 * data stays fresh for ever; new periods are joined on by useKlineSeries, not by refetching.
 */
import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { onRequestSettled } from '../api/client';
import { isServerClockKnown, serverNow } from '../api/server-clock';
import type { Candle } from '#shared/candle.ts';
import { fetchHistoryPage, flattenPages, type KlineHistoryParams, type KlinePage } from './kline-history-pages';
import { queryKeys } from './query-keys';

export type { KlineHistoryParams } from './kline-history-pages';

/** Longest wait for the data's clock before the newest page is asked for on the browser's. */
export const CLOCK_WAIT_MS = 1_500;

let clockSettled = false;
onRequestSettled(() => {
  clockSettled = true;
});

/**
 * The data's clock, once any request has answered (X-Chartroom-Clock: the simulator's clock may
 * differ from the browser's): the newest page's aligned end_time must be the one every browser
 * computes. The chart's other requests start together with the history, so the wait is one answer.
 */
export async function settledServerNow(waitMs = CLOCK_WAIT_MS): Promise<number> {
  if (!clockSettled && !isServerClockKnown()) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, waitMs);
      const off = onRequestSettled(done);
      function done(): void {
        clearTimeout(timer);
        off();
        resolve();
      }
    });
  }
  return serverNow();
}

/** Module-level so that TanStack memoises the selection per data. */
function selectCandles(data: InfiniteData<KlinePage, number | null>): Candle[] {
  return flattenPages(data.pages);
}

export function klineHistoryQueryOptions({ symbol, interval, adjust, type }: KlineHistoryParams) {
  return infiniteQueryOptions({
    queryKey: queryKeys.klines.history(symbol, interval, adjust ?? null, type),
    queryFn: async ({ pageParam, signal }) =>
      fetchHistoryPage({ symbol, interval, adjust, type }, pageParam, signal, pageParam === null ? await settledServerNow() : undefined),
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
