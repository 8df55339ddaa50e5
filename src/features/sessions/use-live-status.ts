/**
 * A market's live status, aware of holidays and half days. The trading calendar comes from the
 * trade-days request of the calendar market's current month (shared with the month view); the
 * previous or next month is asked for only when the status needs days outside it (a change across
 * a month end) and the endpoint's window allows. Days no answer covers count as trading days, and
 * the result says so (`calendarUnavailable`). Without a calendar market (forex) every weekday trades.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import type { SessionMarket } from '#shared/contract.ts';
import type { TradeDays } from '../../api/reference-schemas';
import { tradeDaysWindow } from '../../lib/calendar-month';
import { marketStatus, type MarketStatus, type SessionSchedule } from '../../lib/market-status';
import { marketTimeZone } from '#shared/symbols.ts';
import { dayKindLookup, isWeekendYmd, type DayKind, type TradeDaysAnswer } from '../../lib/trade-days';
import { addDaysYmd, ymdInZone } from '#shared/time-zone.ts';
import { useTradeDays } from '../../queries/use-trade-days';
import { monthOfYmd, shiftMonth } from './month-math';

export interface LiveStatus {
  /** Undefined until the sessions and the calendar it needs have answered (or failed). */
  status: MarketStatus | undefined;
  /** Some day the status rests on is not in any calendar answer: it was assumed to trade. */
  calendarUnavailable: boolean;
}

type Window = { begDay: string; endDay: string } | undefined;

function answerOf(window: Window, query: UseQueryResult<TradeDays>): TradeDaysAnswer[] {
  if (!window || !query.data) return [];
  return [{ ...window, trade_days: query.data.trade_days, half_trade_days: query.data.half_trade_days }];
}

/** The local days `status` rests on: from `since` to the day after the next change. */
function daysNeeded(status: MarketStatus, now: number, timeZone: string): { from: string; to: string } {
  return {
    from: ymdInZone(status.since ?? now, timeZone),
    to: addDaysYmd(ymdInZone(status.nextChange?.at ?? now, timeZone), 1),
  };
}

const WEEKDAYS = (ymd: string): DayKind => (isWeekendYmd(ymd) ? 'closed' : 'full');

/**
 * `calendar`: the market whose trade days the schedule follows, or undefined for weekdays alone;
 * `schedule`: undefined until its sessions are known.
 */
export function useLiveStatus(calendar: SessionMarket | undefined, schedule: SessionSchedule | undefined, now: number): LiveStatus {
  // The calendar's months are its market's (known before the sessions are).
  const timeZone = calendar ? marketTimeZone(calendar) : (schedule?.timeZone ?? 'UTC');
  const thisMonth = monthOfYmd(ymdInZone(now, timeZone));
  const previousMonth = shiftMonth(thisMonth, -1);
  const nextMonth = shiftMonth(thisMonth, 1);
  const current = calendar ? tradeDaysWindow(thisMonth.year, thisMonth.month, now) : undefined;
  const previous = tradeDaysWindow(previousMonth.year, previousMonth.month, now);
  const next = tradeDaysWindow(nextMonth.year, nextMonth.month, now);
  // A market's queries whatever the calendar (hooks run in the same order); disabled without one.
  const market = calendar ?? 'US';

  const currentQuery = useTradeDays(market, current?.begDay ?? '', current?.endDay ?? '');
  const currentAnswers = answerOf(current, currentQuery);

  // First pass on this month alone: which neighbouring month, if any, does the status reach into?
  let needPrevious = false;
  let needNext = false;
  if (schedule && current && currentQuery.isSuccess) {
    const draft = marketStatus({ schedule, dayKind: dayKindLookup(currentAnswers), now });
    if (draft.estimated) {
      const { from, to } = daysNeeded(draft, now, timeZone);
      needPrevious = from < current.begDay;
      needNext = to > current.endDay;
    }
  }
  const previousWindow = needPrevious ? previous : undefined;
  const nextWindow = needNext ? next : undefined;
  const previousQuery = useTradeDays(market, previousWindow?.begDay ?? '', previousWindow?.endDay ?? '');
  const nextQuery = useTradeDays(market, nextWindow?.begDay ?? '', nextWindow?.endDay ?? '');

  if (!schedule || currentQuery.isLoading || previousQuery.isLoading || nextQuery.isLoading) {
    return { status: undefined, calendarUnavailable: false };
  }
  if (!calendar) return { status: marketStatus({ schedule, dayKind: WEEKDAYS, now }), calendarUnavailable: false };
  const answers = [...currentAnswers, ...answerOf(previousWindow, previousQuery), ...answerOf(nextWindow, nextQuery)];
  const status = marketStatus({ schedule, dayKind: dayKindLookup(answers), now });
  return { status, calendarUnavailable: status.estimated === true };
}
