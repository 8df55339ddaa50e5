/**
 * Growing the cached history as periods complete, without reloading it: the forming candle that
 * just completed joins the newest page at once, then the service's own completed K-lines since
 * the newest cached one (a small start/end request) replace it and fill any gap (tab hidden,
 * chart remounted from cache).
 */
import type { InfiniteData } from '@tanstack/react-query';
import type { Candle } from '#shared/candle.ts';
import { mergeCandles } from '../lib/candles';
import type { ApiClient } from '../api/client';
import type { AppServices } from './app-services';
import type { FeedSource } from './market-feed/market-feed';
import { fetchTail, INTERVAL_MS, tailStart, type KlineHistoryParams, type KlinePage, type TailResult } from './kline-history-pages';
import { queryKeys } from './query-keys';

type HistoryData = InfiniteData<KlinePage>;
/** The cache the history lives in and the feed its tail requests go through. */
export type HistoryServices = Pick<AppServices, 'queryClient' | 'feed'>;

/** The history query's key (klineHistoryQueryOptions) in the cache of `source`. */
export function historyKey(source: FeedSource, { symbol, interval, adjust, type }: KlineHistoryParams) {
  return queryKeys.klines.history(source, symbol, interval, adjust ?? null, type);
}

/** Time of the newest cached completed candle. */
export function newestHistoryTime({ queryClient, feed }: HistoryServices, params: KlineHistoryParams): number | undefined {
  const data: HistoryData | undefined = queryClient.getQueryData(historyKey(feed.source, params));
  return data?.pages[0]?.candles.at(-1)?.time;
}

function mergeIntoNewestPage({ queryClient, feed }: HistoryServices, params: KlineHistoryParams, merge: (candles: Candle[]) => Candle[]): void {
  queryClient.setQueryData(historyKey(feed.source, params), (data: HistoryData | undefined) => {
    const [newest, ...older] = data?.pages ?? [];
    if (!data || !newest) return data;
    return { ...data, pages: [{ ...newest, candles: merge(newest.candles) }, ...older] };
  });
}

/** The completed forming candle joins the history, unless the service's version is already there. */
export function rollIntoHistory(services: HistoryServices, params: KlineHistoryParams, completed: Candle): void {
  mergeIntoNewestPage(services, params, (candles) => mergeCandles([completed], candles));
}

/**
 * Fetches the completed K-lines after `newestTime` and before the forming period at `formingTime`,
 * and merges them in (the service's version wins). More than a page missing: reload the history.
 * Failures are left to the next period: the history stays as it was.
 */
export async function fillHistoryTail(services: HistoryServices, params: KlineHistoryParams, newestTime: number, formingTime: number): Promise<void> {
  const { queryClient, feed } = services;
  const api: ApiClient = feed.api;
  const startTime = tailStart(params.interval, newestTime);
  const endTime = formingTime - 1;
  if (startTime > endTime) return;
  const { symbol, interval, adjust, type } = params;
  let result: TailResult;
  try {
    result = await queryClient.query({
      queryKey: queryKeys.klines.tail(feed.source, symbol, interval, adjust ?? null, type, startTime, endTime),
      queryFn: ({ signal }) => fetchTail(api, { symbol, interval, adjust, type }, startTime, endTime, signal),
      staleTime: Infinity,
      gcTime: 60_000,
    });
  } catch {
    return;
  }
  if (result.kind === 'overflow') {
    await queryClient.resetQueries({ queryKey: historyKey(feed.source, params), exact: true });
    return;
  }
  const tail = result.candles;
  if (tail.length > 0) mergeIntoNewestPage(services, params, (candles) => mergeCandles(candles, tail));
}

/** True when the newest history candle is the period right before the forming one. */
export function isAdjacent(params: KlineHistoryParams, newestTime: number, formingTime: number): boolean {
  const period = INTERVAL_MS[params.interval];
  return period !== undefined && newestTime + period === formingTime;
}

/**
 * Called with every forming candle seen (`previous`: the one seen before, same series).
 * A new period: the previous forming candle completed; join it and fetch the service's version.
 * First sight: fill the gap between the cached history and the forming period, if there may be one.
 */
export function onFormingCandle(services: HistoryServices, params: KlineHistoryParams, forming: Candle, previous: Candle | undefined): void {
  if (previous?.time === forming.time) return;
  const newest = newestHistoryTime(services, params);
  if (newest === undefined) return;
  if (previous && previous.time < forming.time && previous.time > newest) {
    rollIntoHistory(services, params, previous);
  } else if (!previous && isAdjacent(params, newest, forming.time)) {
    return;
  }
  void fillHistoryTail(services, params, newest, forming.time);
}
