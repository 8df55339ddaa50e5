/**
 * A market's live status, aware of holidays and half days. The trading calendar comes from the
 * trade-days request of the market's current month (shared with the month view); the previous or
 * next month is asked for only when the status needs days outside it (a change across a month
 * end) and the endpoint's window allows. Days no answer covers count as trading days, and the
 * result says so (`calendarUnavailable`).
 */
import type { UseQueryResult } from '@tanstack/react-query';
import type { SessionMarket } from '#shared/contract.ts';
import type { TradeDays } from '../../api/reference-schemas';
import { tradeDaysWindow } from '../../lib/calendar-month';
import { marketStatus, type MarketStatus } from '../../lib/market-status';
import { marketTimeZone } from '#shared/symbols.ts';
import { dayKindLookup, type TradeDaysAnswer } from '../../lib/trade-days';
import type { TradingSession } from '../../lib/trading-sessions';
import { addDaysYmd, ymdInZone } from '#shared/time-zone.ts';
import { useTradeDays } from './api/use-trade-days';
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

export function useLiveStatus(market: SessionMarket, sessions: readonly TradingSession[] | undefined, now: number): LiveStatus {
  const timeZone = marketTimeZone(market);
  const thisMonth = monthOfYmd(ymdInZone(now, timeZone));
  const previousMonth = shiftMonth(thisMonth, -1);
  const nextMonth = shiftMonth(thisMonth, 1);
  const current = tradeDaysWindow(thisMonth.year, thisMonth.month, now);
  const previous = tradeDaysWindow(previousMonth.year, previousMonth.month, now);
  const next = tradeDaysWindow(nextMonth.year, nextMonth.month, now);

  const currentQuery = useTradeDays(market, current?.begDay ?? '', current?.endDay ?? '');
  const currentAnswers = answerOf(current, currentQuery);

  // First pass on this month alone: which neighbouring month, if any, does the status reach into?
  let needPrevious = false;
  let needNext = false;
  if (sessions && current && currentQuery.isSuccess) {
    const draft = marketStatus({ market, sessions, dayKind: dayKindLookup(currentAnswers), now });
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

  if (!sessions || currentQuery.isLoading || previousQuery.isLoading || nextQuery.isLoading) {
    return { status: undefined, calendarUnavailable: false };
  }
  const answers = [...currentAnswers, ...answerOf(previousWindow, previousQuery), ...answerOf(nextWindow, nextQuery)];
  const status = marketStatus({ market, sessions, dayKind: dayKindLookup(answers), now });
  return { status, calendarUnavailable: status.estimated === true };
}
