/**
 * What the five-day line is built from: the market's trading calendar (the trade-days windows of
 * this month, shared with the status bar, and of last month when the five days reach into it) and
 * 1-minute K-lines (the history query the 1m chart uses, so the same requests and cache), paged
 * back until they reach the day before the first of the five. A history cached since before the
 * last K-line day closed (a page left open overnight) is asked for again, newest page first.
 */
import { useEffect, useRef } from 'react';
import type { SessionMarket } from '#shared/contract.ts';
import type { Candle } from '#shared/candle.ts';
import { ymdInZone } from '#shared/time-zone.ts';
import { useAppServices } from '../../queries/app-services-context';
import { tradeDaysWindow } from '../../lib/calendar-month';
import { dayKindLookup, type TradeDaysAnswer } from '../../lib/trade-days';
import { localInstant, sessionsOn, type TradingSession } from '../../lib/trading-sessions';
import { useKlineHistory } from '../../queries/use-kline-history';
import { useTradeDays } from '../../queries/use-trade-days';
import { latestTradeDay, pickTradeDays, type PickedDays } from './pick-trade-days';

export const FIVE_DAYS = 5;
/** At most this many 1m K-lines are paged in (12 pages of 1,000: five US days with extended hours). */
export const MAX_FIVE_DAY_CANDLES = 12_000;

export interface FiveDaySources {
  /** Undefined until the calendar has answered. */
  picked?: PickedDays;
  /** 1m K-lines, ascending; complete once `loading` is false. */
  candles: readonly Candle[];
  loading: boolean;
  error: unknown;
  retry: () => void;
}

type Window = { begDay: string; endDay: string };

function monthWindow(ymd: string, back: number, now: number): Window | undefined {
  const index = Number(ymd.slice(0, 4)) * 12 + Number(ymd.slice(4, 6)) - 1 - back;
  return tradeDaysWindow(Math.floor(index / 12), (index % 12) + 1, now);
}

function useCalendarMonth(market: SessionMarket, window: Window | undefined) {
  const query = useTradeDays(market, window?.begDay ?? '', window?.endDay ?? '');
  const answer: TradeDaysAnswer | undefined =
    window && query.data ? { ...window, trade_days: query.data.trade_days, half_trade_days: query.data.half_trade_days } : undefined;
  return { query, answer };
}

const MINUTE_MS = 60_000;

/**
 * The regular close of the newest finished day drawn from K-lines: before `today` (a day still
 * trading grows by itself), and not `lastDay` (drawn from the intraday lines).
 */
function newestKlineClose(
  market: SessionMarket,
  sessions: readonly TradingSession[] | undefined,
  picked: PickedDays | undefined,
  lastDay: string | undefined,
  today: string,
  timeZone: string,
): number | undefined {
  if (!sessions || !picked) return undefined;
  const fromKlines = picked.days.filter((day) => day.ymd !== lastDay && day.ymd < today).at(-1);
  if (!fromKlines) return undefined;
  const regular = sessionsOn(market, sessions, fromKlines.ymd, fromKlines.half ? 'half' : 'full', timeZone).filter((s) => s.phase === 'open');
  return regular.at(-1)?.end;
}

/**
 * `lastDay`: the trading day of today's intraday lines, when there are any; `sessions`: the
 * market's session table, once known.
 */
export function useFiveDaySources(
  symbol: string,
  market: SessionMarket,
  timeZone: string,
  lastDay: string | undefined,
  sessions: readonly TradingSession[] | undefined,
): FiveDaySources {
  const now = useAppServices().clock.now();
  const today = ymdInZone(now, timeZone);
  const thisMonth = useCalendarMonth(market, monthWindow(today, 0, now));
  const firstPick = thisMonth.answer ? pick([thisMonth.answer], today, lastDay) : undefined;
  // The walk back left this month's window before it found six trading days.
  const lastMonth = useCalendarMonth(market, thisMonth.answer && firstPick?.before === undefined ? monthWindow(today, 1, now) : undefined);
  const picked = lastMonth.answer && thisMonth.answer ? pick([lastMonth.answer, thisMonth.answer], today, lastDay) : firstPick;

  const history = useKlineHistory({ symbol, interval: '1m', adjust: 'none' });
  const candles = history.data ?? [];
  const first = picked ? (picked.before ?? picked.days[0]) : undefined;
  const reach = first ? localInstant(first.ymd, 0, timeZone) : undefined;
  const oldest = candles[0]?.time;
  const older = reach !== undefined && (oldest === undefined || oldest > reach) && history.hasNextPage && candles.length < MAX_FIVE_DAY_CANDLES;
  const { fetchNextPage, isFetchingNextPage, isError } = history;
  const wantsOlder = older && !isFetchingNextPage && !isError;
  useEffect(() => {
    if (wantsOlder) void fetchNextPage();
  }, [wantsOlder, fetchNextPage, oldest]);

  // The newest cached K-line is older than the last K-line day's close: the cache is from before
  // it (a newest page ends at the minute it was asked in), so ask again, once for that newest.
  const newest = candles.at(-1)?.time;
  const close = newestKlineClose(market, sessions, picked, lastDay, today, timeZone);
  const until = close === undefined ? undefined : Math.min(close, Math.floor(now / MINUTE_MS) * MINUTE_MS);
  const stale = newest !== undefined && until !== undefined && newest < until - MINUTE_MS;
  const { refetch } = history;
  const askedFor = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!stale || askedFor.current === newest) return;
    askedFor.current = newest;
    void refetch();
  }, [stale, newest, refetch]);

  const calendarPending = thisMonth.query.isPending || (lastMonth.query.isFetching && !lastMonth.answer);
  const error = thisMonth.query.error ?? (history.isError ? history.error : null);
  return {
    ...(picked && { picked }),
    candles,
    loading: !error && (calendarPending || history.isPending || older),
    error,
    retry: () => {
      void thisMonth.query.refetch();
      void (history.data ? fetchNextPage() : history.refetch());
    },
  };
}

function pick(answers: readonly TradeDaysAnswer[], today: string, lastDay: string | undefined): PickedDays | undefined {
  if (answers.length === 0) return undefined;
  const kindOf = dayKindLookup(answers);
  const last = lastDay ?? latestTradeDay(kindOf, today);
  return last === undefined ? undefined : pickTradeDays(kindOf, last, FIVE_DAYS);
}
