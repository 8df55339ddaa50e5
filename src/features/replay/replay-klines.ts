/**
 * The K-line answers of a replay at instant T: a history window holds only the bars complete by
 * T (those before the current bar), the latest endpoint the current bar folded from the 1-minute
 * bars ended by T. Completed bars come from the source in windows that do not move while the
 * replay steps: up to the current trading day's first session for intraday intervals (that day's
 * completed bars from one window of the whole day, cut at T), up to the current period for
 * daily and longer ones. So stepping through a day asks the source for nothing new.
 */
import type { KlinesParams } from '../../api/kline-endpoints';
import type { Kline } from '../../api/kline-schemas';
import { DEFAULT_LIMIT, MAX_LIMIT, type AdjustMode, type Interval } from '#shared/contract.ts';
import type { HistoryInterval } from '#shared/first-page.ts';
import { INTRADAY_INTERVAL_MS } from '#shared/interval-length.ts';
import { barTimeOf, foldRows } from '#shared/replay/fold-minutes.ts';
import type { SessionCalendar } from '#shared/replay/session-calendar.ts';
import { normalizeSymbol } from '#shared/symbols.ts';
import { adjustRows, factorsKnownAt } from './replay-adjust';
import { currentBar, daySpan, lastSessionMinutes } from './replay-position';
import type { Instrument, ReplaySource } from './replay-source';

export interface HistoryRequest extends Instrument {
  interval: HistoryInterval;
  limit?: number | undefined;
  startTime?: number | undefined;
  endTime?: number | undefined;
  adjust?: AdjustMode | undefined;
}

/** Raw K-lines of a source window (the replay adjusts them itself). */
function rawWindow(
  instrument: Instrument,
  interval: HistoryInterval,
  window: { limit: number; startTime?: number | undefined; endTime?: number | undefined },
): KlinesParams {
  return {
    symbol: instrument.symbol,
    interval,
    limit: window.limit,
    ...(window.startTime !== undefined && { startTime: window.startTime }),
    ...(window.endTime !== undefined && { endTime: window.endTime }),
    ...(instrument.type && { type: instrument.type }),
  };
}

/** `rows` adjusted as asked with the corporate actions known at `at`. */
async function adjusted(source: ReplaySource, instrument: Instrument, rows: Kline[], adjust: AdjustMode | undefined, at: number): Promise<Kline[]> {
  if (adjust === undefined || adjust === 'none' || rows.length === 0) return rows;
  const factors = await source.exFactors([instrument.symbol], at);
  const wanted = normalizeSymbol(instrument.symbol);
  const mine = Object.entries(factors).find(([symbol]) => normalizeSymbol(symbol) === wanted)?.[1] ?? [];
  return adjustRows(rows, factorsKnownAt(mine, at), adjust);
}

/** The completed bars of trading day `day` of an intraday interval, from one window of the whole day. */
async function dayBars(source: ReplaySource, request: HistoryRequest, calendar: SessionCalendar, day: string, at: number): Promise<Kline[]> {
  if (request.interval === '1m') return source.dayMinutes(request, calendar, day, at);
  const span = daySpan(calendar, day);
  if (!span) return [];
  return source.klines(rawWindow(request, request.interval, { limit: MAX_LIMIT, startTime: span.start, endTime: span.end - 1 }), at);
}

/**
 * The answer of a history window at `at`, as the source would have given it then: the newest
 * `limit` bars complete by `at` up to `endTime` (and from `startTime`), or, with `startTime`
 * alone, the first `limit` from it.
 */
export async function historyAt(source: ReplaySource, request: HistoryRequest, at: number): Promise<Kline[]> {
  const calendar = source.calendarOf(request);
  const current = calendar && currentBar(calendar, request.interval, at);
  if (!calendar || !current) return [];
  const limit = request.limit ?? DEFAULT_LIMIT;
  const { startTime } = request;
  // Every bar before the current one is complete by `at` (bars of a venue do not overlap).
  const cutoff = current.time;
  let rows: Kline[];
  if (startTime !== undefined && request.endTime === undefined) {
    rows = (await source.klines(rawWindow(request, request.interval, { limit, startTime }), at)).filter((row) => row.time < cutoff);
  } else {
    const end = Math.min(request.endTime ?? Number.POSITIVE_INFINITY, cutoff - 1);
    const intraday = INTRADAY_INTERVAL_MS[request.interval] !== undefined;
    const boundary = intraday ? (daySpan(calendar, current.tradingDay)?.start ?? cutoff) : cutoff;
    const olderEnd = Math.min(end, boundary - 1);
    let older: Kline[] = [];
    if (startTime === undefined || startTime <= olderEnd) {
      // The window up to the boundary first: it does not move while the replay steps, and it
      // holds the windows the app asks inside it (its newest page, its tails, a previous close).
      await source.klines(rawWindow(request, request.interval, { limit: MAX_LIMIT, endTime: boundary - 1 }), at);
      older = await source.klines(rawWindow(request, request.interval, { limit, startTime, endTime: olderEnd }), at);
    }
    const today = end >= boundary ? await dayBars(source, request, calendar, current.tradingDay, at) : [];
    const todayInWindow = today.filter((row) => row.time >= boundary && row.time <= end && row.time >= (startTime ?? boundary));
    rows = [...older, ...todayInWindow].slice(-limit);
  }
  return adjusted(source, request, rows, request.adjust, at);
}

export interface LatestRequest extends Instrument {
  interval: Interval;
  adjust?: AdjustMode | undefined;
}

/**
 * The current bar at `at` (forming, or the last when the market is shut), folded from the
 * 1-minute bars ended by `at`; weekly and monthly bars from the period's completed days before.
 */
export async function currentBarAt(source: ReplaySource, request: LatestRequest, at: number): Promise<Kline | undefined> {
  const calendar = source.calendarOf(request);
  const session = calendar && (await lastSessionMinutes(source, request, calendar, at));
  const lastMinute = session?.minutes.at(-1);
  if (!calendar || !session || !lastMinute) return undefined;
  const { interval } = request;
  const time = barTimeOf(calendar, interval, lastMinute.time);
  // The current bar's minutes end the day's: walk back from the last while they belong to it.
  let first = session.minutes.length - 1;
  while (first > 0 && barTimeOf(calendar, interval, session.minutes[first - 1]?.time ?? 0) === time) first--;
  const parts = session.minutes.slice(first);
  const dayStart = calendar.midnight(session.day);
  if ((interval === '1w' || interval === '1M') && time < dayStart) {
    const window = { limit: 31, startTime: time, endTime: dayStart - 1 };
    parts.unshift(...(await source.klines(rawWindow(request, '1d', window), at)));
  }
  const [bar] = await adjusted(source, request, [foldRows(parts, time)], request.adjust, at);
  return bar;
}
