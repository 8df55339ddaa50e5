/**
 * A month of the trading calendar as a Monday-first grid, and the trade-days request that fills
 * it. The endpoint (§4.11) takes beg_day within the most recent year — one year back from today
 * (UTC, as the simulator reckons) up to today — and at most 31 days from beg_day to end_day.
 */
import { MAX_TRADE_DAYS_SPAN } from '#shared/contract.ts';
import { dayKindLookup, isWeekendYmd, type TradeDaysAnswer } from './trade-days';
import { addDaysYmd, formatYmd, parseYmd, weekdayOfYmd, ymdInZone } from '#shared/time-zone.ts';

export type CalendarDayKind = 'full' | 'half' | 'holiday' | 'weekend' | 'unknown' | 'unavailable';

export interface CalendarDay {
  ymd: string;
  day: number;
  /** False for the neighbouring months' days that pad the first and last week. */
  inMonth: boolean;
  /** 'unknown': not loaded yet; 'unavailable': no request the endpoint accepts covers it. */
  kind: CalendarDayKind;
}

/** The same calendar date a year earlier (29 Feb rolls to 1 Mar, as the simulator does). */
function oneYearBefore(ymd: string): string {
  const p = parseYmd(ymd);
  if (!p) throw new RangeError(`not a YYYYMMDD date: ${ymd}`);
  const date = new Date(Date.UTC(p.year - 1, p.month - 1, p.day));
  return formatYmd(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

/**
 * Days some accepted request can cover: beg_day from a year ago to today, so days from a year
 * ago to 30 days after today.
 */
function queryableRange(now: number): { first: string; last: string; today: string } {
  const today = ymdInZone(now, 'UTC');
  return { first: oneYearBefore(today), last: addDaysYmd(today, MAX_TRADE_DAYS_SPAN - 1), today };
}

function lastDayOfMonth(year: number, month: number): string {
  const date = new Date(Date.UTC(year, month, 0));
  return formatYmd(year, month, date.getUTCDate());
}

/**
 * The trade-days request for a month: the whole month clipped to what the endpoint accepts, or
 * undefined when none of it can be had. beg_day may not be in the future, so for a month after
 * today the request starts today (and its answer also covers the rest of this month).
 */
export function tradeDaysWindow(year: number, month: number, now: number): { begDay: string; endDay: string } | undefined {
  const range = queryableRange(now);
  const first = formatYmd(year, month, 1);
  const last = lastDayOfMonth(year, month);
  // YYYYMMDD strings compare like the dates they name.
  const from = first > range.first ? first : range.first;
  const to = last < range.last ? last : range.last;
  if (from > to) return undefined;
  return { begDay: from < range.today ? from : range.today, endDay: to };
}

/**
 * The month as weeks of seven days, Monday first, each day's kind taken from the trade-days
 * answers (each with the window it was asked for) or marked unavailable outside what the
 * endpoint can answer.
 */
export function calendarMonth(year: number, month: number, answers: readonly TradeDaysAnswer[], now: number): CalendarDay[][] {
  const range = queryableRange(now);
  const lookup = dayKindLookup(answers);
  const kindOf = (ymd: string): CalendarDayKind => {
    if (ymd < range.first || ymd > range.last) return 'unavailable';
    const kind = lookup(ymd);
    if (kind !== 'closed') return kind;
    return isWeekendYmd(ymd) ? 'weekend' : 'holiday';
  };
  const first = formatYmd(year, month, 1);
  const last = lastDayOfMonth(year, month);
  const mondayBefore = addDaysYmd(first, -((weekdayOfYmd(first) + 6) % 7));
  const weeks: CalendarDay[][] = [];
  for (let start = mondayBefore; start <= last; start = addDaysYmd(start, 7)) {
    const week: CalendarDay[] = [];
    for (let i = 0; i < 7; i += 1) {
      const ymd = addDaysYmd(start, i);
      week.push({ ymd, day: Number(ymd.slice(6)), inMonth: ymd >= first && ymd <= last, kind: kindOf(ymd) });
    }
    weeks.push(week);
  }
  return weeks;
}
