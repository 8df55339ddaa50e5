/**
 * The calendar periods of daily, weekly and monthly bars in a market's time zone: a day from local
 * midnight, a week from Monday, a month from the 1st. The simulator opens its bars on them, and
 * the app ends its newest page of history just before the current one.
 */
import { addDaysYmd, parseYmd, weekdayOfYmd, ymdInZone, zonedTimeToUtc } from './time-zone.ts';

export type CalendarInterval = '1d' | '1w' | '1M';

export function isCalendarInterval(interval: string): interval is CalendarInterval {
  return interval === '1d' || interval === '1w' || interval === '1M';
}

/** The first day (`YYYYMMDD`) of the period of `interval` that holds the day `ymd`. */
export function periodFirstDay(interval: CalendarInterval, ymd: string): string {
  if (interval === '1w') return addDaysYmd(ymd, -((weekdayOfYmd(ymd) + 6) % 7));
  if (interval === '1M') return `${ymd.slice(0, 6)}01`;
  return ymd;
}

/** The instant the period of `interval` holding `now` began in `timeZone`: its first day's local midnight. */
export function periodStart(interval: CalendarInterval, now: number, timeZone: string): number {
  const first = parseYmd(periodFirstDay(interval, ymdInZone(now, timeZone)));
  if (!first) throw new RangeError(`no calendar day at ${String(now)} in ${timeZone}`);
  return zonedTimeToUtc(first.year, first.month, first.day, 0, 0, timeZone);
}
