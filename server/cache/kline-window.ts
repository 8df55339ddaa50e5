/**
 * Which K-line requests name a window the cache may keep, under which key, and whether an
 * answer's bars are all complete. Pure: the caller supplies the data's clock.
 *
 * A window qualifies when it is `GET /v1/market/kline` with an explicit `end_time` in the past
 * and no adjustment (adjusted history changes whenever a corporate action arrives). Whether its
 * answer can still change is shared/kline-window-policy.ts's to say.
 */
import { HISTORY_INTERVALS, type Interval } from '#shared/contract.ts';
import { matchContractPath } from '../upstream/allowlist.ts';

export const KLINE_PATH = '/v1/market/kline';

export interface KlineWindow {
  /** Path plus the sorted, re-encoded query without any key parameter. */
  key: string;
  interval: Interval;
  endTime: number;
}

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
  const times = klines.map((bar: unknown) =>
    typeof bar === 'object' && bar !== null && 'time' in bar && typeof bar.time === 'number' ? bar.time : Number.NaN,
  );
  return { code: parsed.code, times: times.every(Number.isFinite) ? times : undefined };
}
