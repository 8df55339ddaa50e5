/**
 * Pages of completed K-lines, newest first, as the history query stores them. 3m, absent from
 * the historical endpoint, is built from 1m pages of 999 (a whole number of 3m buckets); each
 * page keeps only whole buckets, and the next older page ends where its oldest whole bucket starts.
 */
import type { AdjustMode, Interval, ProductType } from '#shared/contract.ts';
import type { ApiClient } from '../api/client';
import { fetchKlines } from '../api/kline-endpoints';
import type { Candle } from '#shared/candle.ts';
import { aggregateCandles, bucketStart, mergeCandles, toCandle } from '../lib/candles';
import { HISTORY_PAGE_SIZE, historySourceOf } from '#shared/first-page.ts';
import { newestPageEnd } from '#shared/kline-window-policy.ts';
import { instrumentTimeZone } from '#shared/symbols.ts';

const MINUTE_MS = 60_000;

export interface KlineHistoryParams {
  symbol: string;
  interval: Interval;
  /** Sent as `adjust=` when set; the local-adjust path asks for 'none'. */
  adjust?: AdjustMode;
  type?: ProductType;
}

export interface KlinePage {
  /** Completed candles of the requested interval, ascending. */
  candles: Candle[];
  /** `end_time` of the next older page; null when the service has no older K-lines. */
  olderEndTime: number | null;
}

export { INTERVAL_MS } from '#shared/interval-length.ts';

interface RawRange {
  limit: number;
  startTime?: number;
  endTime?: number;
}

/** The service's K-lines in numbers, ascending and unique whatever order they came in. */
async function fetchRaw(api: ApiClient, params: KlineHistoryParams, range: RawRange, signal?: AbortSignal): Promise<Candle[]> {
  const source = historySourceOf(params.interval);
  const series = await fetchKlines(
    api,
    {
      symbol: params.symbol,
      interval: source.interval,
      limit: range.limit,
      ...(range.startTime !== undefined && { startTime: range.startTime }),
      ...(range.endTime !== undefined && { endTime: range.endTime }),
      ...(params.type && { type: params.type }),
      ...(params.adjust && { adjust: params.adjust }),
    },
    signal ? { signal } : undefined,
  );
  return mergeCandles([], series.klines.map(toCandle));
}

/**
 * One page ending at `endTime` (null: the newest, ending at newestPageEnd of `now`, the data's
 * clock). A page shorter than asked means the service has nothing older.
 */
export async function fetchHistoryPage(
  api: ApiClient,
  params: KlineHistoryParams,
  endTime: number | null,
  signal: AbortSignal | undefined,
  now: number,
): Promise<KlinePage> {
  const source = historySourceOf(params.interval);
  const zone = instrumentTimeZone(params.symbol, params.type);
  const raw = await fetchRaw(api, params, { limit: source.pageSize, endTime: endTime ?? newestPageEnd(params.interval, now, zone) }, signal);
  const full = raw.length >= source.pageSize;
  if (source.bucketMs === undefined) {
    const oldest = raw[0];
    return { candles: raw, olderEndTime: full && oldest ? oldest.time - 1 : null };
  }
  let candles = aggregateCandles(raw, source.bucketMs);
  // The newest page ends inside the forming bucket: that one comes from the latest endpoint.
  const newest = raw.at(-1);
  if (endTime === null && newest && newest.time < bucketStart(newest.time, source.bucketMs) + source.bucketMs - MINUTE_MS) {
    candles = candles.slice(0, -1);
  }
  // A full page may start inside a bucket: drop it, the older page brings it whole.
  const oldest = raw[0];
  if (full && oldest && oldest.time !== bucketStart(oldest.time, source.bucketMs)) candles = candles.slice(1);
  const first = candles[0];
  return { candles, olderEndTime: full && first ? first.time - 1 : null };
}

export type TailResult = { kind: 'candles'; candles: Candle[] } | { kind: 'overflow' };

/** The first period that can follow a completed candle at `newestTime`. */
export function tailStart(interval: Interval, newestTime: number): number {
  const source = historySourceOf(interval);
  return source.bucketMs === undefined ? newestTime + 1 : newestTime + source.bucketMs;
}

/**
 * Completed K-lines from `startTime` to `endTime` (the forming period's start - 1), to join the
 * history to the forming candle. More than one page of them: 'overflow' (reload instead).
 */
export async function fetchTail(api: ApiClient, params: KlineHistoryParams, startTime: number, endTime: number, signal?: AbortSignal): Promise<TailResult> {
  const raw = await fetchRaw(api, params, { limit: HISTORY_PAGE_SIZE, startTime, endTime }, signal);
  if (raw.length >= HISTORY_PAGE_SIZE) return { kind: 'overflow' };
  const source = historySourceOf(params.interval);
  return { kind: 'candles', candles: source.bucketMs === undefined ? raw : aggregateCandles(raw, source.bucketMs) };
}

/**
 * Each page list's series, built once: the early chart and the app's history query read the very
 * same cached pages, so the app's first render (one slice of React's work that cannot be cut)
 * finds the candles the early chart built instead of building them again.
 */
const flattened = new WeakMap<readonly KlinePage[], readonly Candle[]>();

/** All pages as one ascending series (pages are newest first and do not overlap); shared, never to be changed. */
export function flattenPages(pages: readonly KlinePage[]): readonly Candle[] {
  let series = flattened.get(pages);
  if (!series) {
    series = joinPages(pages);
    flattened.set(pages, series);
  }
  return series;
}

function joinPages(pages: readonly KlinePage[]): Candle[] {
  const all: Candle[] = [];
  for (let i = pages.length - 1; i >= 0; i--) {
    for (const candle of pages[i]?.candles ?? []) all.push(candle);
  }
  return mergeCandles(all, []);
}
