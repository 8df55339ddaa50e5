/**
 * Completed K-lines as an infinite query, newest page first; `fetchNextPage` loads older ones
 * (`hasNextPage` false once a page comes back short). Completed K-lines never change, so the
 * data stays fresh for ever; new periods are joined on by useKlineSeries, not by refetching.
 */
import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { ApiClient } from '../api/client';
import type { Candle } from '#shared/candle.ts';
import type { Clock } from '../time/clock';
import { useAppServices, useMarketFeed } from './app-services-context';
import { fetchHistoryPage, flattenPages, type KlineHistoryParams, type KlinePage } from './kline-history-pages';
import { historyKey } from './kline-history-cache';
import type { SnapshotFeed } from './market-feed/market-feed';

export type { KlineHistoryParams } from './kline-history-pages';

/** Longest wait for the data's clock before the newest page is asked for on the browser's. */
export const CLOCK_WAIT_MS = 1_500;

/**
 * The data's clock, once it is known (stamped in the page) or any request of `api` has answered
 * (X-Chartroom-Clock: the simulator's clock may differ from the browser's): the newest page's
 * aligned end_time must be the one every browser computes. The chart's other requests start
 * together with the history, so the wait is one answer.
 */
export async function settledServerNow(api: Pick<ApiClient, 'hasSettled' | 'onSettled'>, clock: Clock, waitMs = CLOCK_WAIT_MS): Promise<number> {
  if (!api.hasSettled() && !clock.known()) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, waitMs);
      const off = api.onSettled(done);
      function done(): void {
        clearTimeout(timer);
        off();
        resolve();
      }
    });
  }
  return clock.now();
}

/** Module-level so that TanStack memoises the selection per data. */
function selectCandles(data: InfiniteData<KlinePage, number | null>): readonly Candle[] {
  return flattenPages(data.pages);
}

/** The history query: its pages from the feed, the newest one ending in the period of `clock`'s now. */
export function klineHistoryQueryOptions(feed: SnapshotFeed, clock: Clock, { symbol, interval, adjust, type }: KlineHistoryParams) {
  return infiniteQueryOptions({
    queryKey: historyKey(feed.source, { symbol, interval, adjust, type }),
    queryFn: async ({ pageParam, signal }) =>
      fetchHistoryPage(
        feed.api,
        { symbol, interval, adjust, type },
        pageParam,
        signal,
        pageParam === null ? await settledServerNow(feed.api, clock) : clock.now(),
      ),
    initialPageParam: null as number | null,
    getNextPageParam: (lastPage: KlinePage) => lastPage.olderEndTime,
    enabled: symbol.trim() !== '',
    staleTime: Infinity,
  });
}

/** `data` is the whole loaded history, ascending. */
export function useKlineHistory(params: KlineHistoryParams) {
  const { clock } = useAppServices();
  return useInfiniteQuery({ ...klineHistoryQueryOptions(useMarketFeed(), clock, params), select: selectCandles });
}
