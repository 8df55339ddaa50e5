/**
 * Which K-line requests name a window the cache may keep, under which key, and whether an
 * answer's bars are all complete. Pure: the caller supplies the data's clock.
 *
 * A window qualifies when it is `GET /v1/market/kline` with an explicit `end_time` in the past
 * and no adjustment (adjusted history changes whenever a corporate action arrives).
 */
import { HISTORY_INTERVALS, type Interval } from '../../src/api/contract.ts';
import { matchContractPath } from '../upstream/allowlist.ts';

export const KLINE_PATH = '/v1/market/kline';

export interface KlineWindow {
  /** Path plus the sorted, re-encoded query without any key parameter. */
  key: string;
  interval: Interval;
  endTime: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const INTRADAY_MINUTES: Partial<Record<Interval, number>> = { '1m': 1, '5m': 5, '15m': 15, '30m': 30, '1h': 60, '2h': 120, '4h': 240 };

function isHistoryInterval(value: string): value is Interval {
  return (HISTORY_INTERVALS as readonly string[]).includes(value);
}

/**
 * The window a raw request target names, or undefined when it must not be cached. `target` is
 * the request target as received; key parameters are dropped (matchContractPath), so the
 * browser's key, if it sent one, can never be part of a cache key.
 */
export function klineWindowOf(method: string, target: string, now: number): KlineWindow | undefined {
  if (method !== 'GET') return undefined;
  // Most requests are not for K-line windows: tell by the path before parsing the query.
  const mark = target.indexOf('?');
  if ((mark === -1 ? target : target.slice(0, mark)) !== KLINE_PATH) return undefined;
  const match = matchContractPath(target);
  if ('error' in match || match.path !== KLINE_PATH) return undefined;
  const params = [...new URLSearchParams(match.query)];
  const names = new Set(params.map(([name]) => name));
  // A repeated parameter: which one the upstream reads is its business; do not guess.
  if (names.size !== params.length) return undefined;
  const query = new Map(params);
  const adjust = query.get('adjust');
  const interval = query.get('interval') ?? '';
  const endTime = query.get('end_time') ?? '';
  if ((adjust !== undefined && adjust !== 'none') || !isHistoryInterval(interval) || !/^\d{1,15}$/.test(endTime)) return undefined;
  // A window reaching the present can still gain bars: never kept.
  if (Number(endTime) >= now) return undefined;
  const sorted = params.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const search = sorted.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&');
  return { key: `${KLINE_PATH}?${search}`, interval, endTime: Number(endTime) };
}

/**
 * When a bar opening at `open` is over: open + interval length; for 1M the start of the next
 * month in the bar's own zone (the bar opens at local midnight of the 1st), plus an hour for a
 * daylight-saving change in between.
 */
export function barEnd(open: number, interval: Interval): number {
  const minutes = INTRADAY_MINUTES[interval];
  if (minutes !== undefined) return open + minutes * MINUTE;
  if (interval === '1d') return open + DAY;
  if (interval === '1w') return open + 7 * DAY;
  // Local midnight of the 1st lies within 14 h of UTC midnight of the same 1st.
  const local = new Date(open + 14 * HOUR);
  const firstUtc = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1);
  const offset = open - firstUtc;
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 1) + offset + HOUR;
}

/**
 * The earliest instant the bar after one opening at `open` can open, for 1d, 1w and 1M: barEnd
 * counts a period without a daylight-saving change (1M: plus an hour), and such a change can
 * bring the next open an hour earlier. Undefined for intraday intervals.
 */
export function earliestNextOpen(open: number, interval: Interval): number | undefined {
  if (interval === '1d' || interval === '1w') return barEnd(open, interval) - HOUR;
  if (interval === '1M') return barEnd(open, interval) - 2 * HOUR;
  return undefined;
}

/**
 * Whether the window's answer can never change (the caller has checked that every bar in it is
 * complete): every bar that could open at or before `endTime` has ended by `now`, or `endTime`
 * comes before the earliest open of the bar after the answer's newest one (`newestOpen`), so no
 * bar can still open inside the window. The app ends its newest 1d/1w/1M page that way
 * (src/queries/kline-history-pages.ts), and such windows are kept for good.
 */
export function windowSettled(window: Pick<KlineWindow, 'interval' | 'endTime'>, now: number, newestOpen?: number): boolean {
  if (barEnd(window.endTime, window.interval) <= now) return true;
  const nextOpen = newestOpen === undefined ? undefined : earliestNextOpen(newestOpen, window.interval);
  return nextOpen !== undefined && window.endTime < nextOpen;
}

/** The code and bar times of a K-line answer, or undefined when it is not one. */
export function klineAnswerOf(body: string): { code: number; times: number[] | undefined } | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || !('code' in parsed) || typeof parsed.code !== 'number') return undefined;
  const data = 'data' in parsed ? parsed.data : undefined;
  const klines = typeof data === 'object' && data !== null && 'klines' in data ? data.klines : undefined;
  if (!Array.isArray(klines)) return { code: parsed.code, times: undefined };
  const times = klines.map((bar: unknown) => (typeof bar === 'object' && bar !== null && 'time' in bar && typeof bar.time === 'number' ? bar.time : Number.NaN));
  return { code: parsed.code, times: times.every(Number.isFinite) ? times : undefined };
}

/** Every bar of the answer complete at `now` (an answer with an unreadable bar is not). */
export function allBarsComplete(times: readonly number[], interval: Interval, now: number): boolean {
  return times.every((time) => barEnd(time, interval) <= now);
}
