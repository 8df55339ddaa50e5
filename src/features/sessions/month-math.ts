/** Year–month arithmetic for the calendar views. */
import { dateFormatter } from '../../i18n/format';
import { parseYmd } from '#shared/time-zone.ts';

export interface YearMonth {
  year: number;
  /** 1..12 */
  month: number;
}

export function shiftMonth({ year, month }: YearMonth, by: number): YearMonth {
  const index = year * 12 + (month - 1) + by;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** Negative when a is earlier than b, 0 for the same month. */
export function compareMonths(a: YearMonth, b: YearMonth): number {
  return a.year * 12 + a.month - (b.year * 12 + b.month);
}

export function monthOfYmd(ymd: string): YearMonth {
  const parsed = parseYmd(ymd);
  if (!parsed) throw new RangeError(`not a YYYYMMDD date: ${ymd}`);
  return { year: parsed.year, month: parsed.month };
}

/** 'November 2026'. */
export function monthTitle({ year, month }: YearMonth): string {
  return dateFormatter('month-year', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month - 1, 1)));
}

/** 'Friday 27 November' for '20261127'. */
export function dayTitle(ymd: string): string {
  const parsed = parseYmd(ymd);
  if (!parsed) return ymd;
  return dateFormatter('day-title', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(parsed.year, parsed.month - 1, parsed.day)),
  );
}
