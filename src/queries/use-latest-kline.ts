/**
 * The forming K-line of one symbol (3m included); null when there is none. Between requests the
 * chart moves it with quotes (pushes or the polled ticker), so this is a reconcile, not a poll:
 * once right after each bar completes for intervals up to 1h, every minute for longer ones, and
 * when the window regains focus or the network comes back (stale after a second).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Interval } from '#shared/contract.ts';
import type { ApiClient } from '../api/client';
import { fetchLatestKlines } from '../api/kline-endpoints';
import type { Candle } from '#shared/candle.ts';
import { mergeCandles, toCandle } from '../lib/candles';
import { INTERVAL_MS, type KlineHistoryParams } from './kline-history-pages';
import { createLatestKlineBatcher, type LatestKlineBatcher } from './latest-kline-batcher';
import type { Clock } from '../time/clock';
import { useAppServices, useMarketFeed } from './app-services-context';
import type { SnapshotFeed } from './market-feed/market-feed';
import { pollEvery } from './query-client';
import { queryKeys } from './query-keys';

/** After a bar's end, the service has the next one (and the completed one) this much later. */
export const RECONCILE_DELAY_MS = 1_500;
/** Longer intervals, and short ones while no bar is forming (market closed): once a minute. */
export const SLOW_RECONCILE_MS = 60_000;
const MIN_DELAY_MS = 1_000;
const HOUR_MS = 3_600_000;

/**
 * Milliseconds from `now` (the data's clock) to the next reconcile of `interval`, given the
 * forming bar last received. Up to 1h: the end of that bar plus RECONCILE_DELAY_MS; with no bar
 * forming now (closed, or not yet received) the next epoch boundary of the interval, at most a
 * minute away. Longer intervals: SLOW_RECONCILE_MS.
 */
export function nextReconcileMs(interval: Interval, forming: Candle | null | undefined, now: number): number {
  const length = INTERVAL_MS[interval];
  if (length === undefined || length > HOUR_MS) return SLOW_RECONCILE_MS;
  const barEnd = forming ? forming.time + length : undefined;
  if (barEnd !== undefined && barEnd > now - RECONCILE_DELAY_MS) {
    return Math.max(MIN_DELAY_MS, barEnd + RECONCILE_DELAY_MS - now);
  }
  const boundary = Math.floor(now / length) * length + length;
  return Math.max(MIN_DELAY_MS, Math.min(SLOW_RECONCILE_MS, boundary + RECONCILE_DELAY_MS - now));
}

const batchers = new WeakMap<ApiClient, LatestKlineBatcher>();

/** One batcher per API client: the charts of a layout reconcile in one request. */
function batcherOf(api: ApiClient): LatestKlineBatcher {
  let batcher = batchers.get(api);
  if (!batcher) {
    batcher = createLatestKlineBatcher(({ symbols, interval, type, adjust }) =>
      fetchLatestKlines(api, { symbols, interval, ...(type && { type }), ...(adjust && { adjust }) }),
    );
    batchers.set(api, batcher);
  }
  return batcher;
}

// Not cancelled with its query: the request may carry other charts' symbols.
async function fetchForming(api: ApiClient, params: KlineHistoryParams): Promise<Candle | null> {
  const mine = await batcherOf(api).load(params);
  return mergeCandles([], mine?.klines.map(toCandle) ?? []).at(-1) ?? null;
}

export function latestKlineQueryOptions(feed: SnapshotFeed, clock: Clock, { symbol, interval, adjust, type }: KlineHistoryParams) {
  return queryOptions({
    queryKey: queryKeys.klines.latest(feed.source, symbol, interval, adjust ?? null, type),
    queryFn: () => fetchForming(feed.api, { symbol, interval, adjust, type }),
    enabled: symbol.trim() !== '',
    staleTime: MIN_DELAY_MS,
    // A failed reconcile asks again at the app's error cadence (or never), not at the next bar's end.
    refetchInterval: pollEvery<Candle | null>((forming) => nextReconcileMs(interval, forming, clock.now())),
  });
}

export function useLatestKline(params: KlineHistoryParams) {
  const { clock } = useAppServices();
  return useQuery(latestKlineQueryOptions(useMarketFeed(), clock, params));
}
