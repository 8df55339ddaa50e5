/** YYYYMMDD helpers for listing dates and ex-dates. */
import { addDaysYmd, formatYmd, parseYmd, weekdayOfYmd } from '#shared/time-zone.ts';

/**
 * Fixed-date closures known for every year, as MMDD. Moving holidays (lunar new year, Easter,
 * Golden Week) are not known here: hand-written dates avoid them, generated ones may not.
 */
const FIXED_CLOSURES = new Set(['0101', '0501', '0701', '0704', '1001', '1002', '1003', '1225', '1226']);

export function isWeekday(ymd: string): boolean {
  const weekday = weekdayOfYmd(ymd);
  return weekday !== 0 && weekday !== 6;
}

/** Whether `ymd` is a weekday outside the fixed-date closures of any stock venue. */
export function isPlausibleTradingDay(ymd: string): boolean {
  return isWeekday(ymd) && !FIXED_CLOSURES.has(ymd.slice(4));
}

/** The first plausible trading day on or after `ymd`. */
export function tradingDayOnOrAfter(ymd: string): string {
  let day = ymd;
  while (!isPlausibleTradingDay(day)) day = addDaysYmd(day, 1);
  return day;
}

/** The same day of the month `months` months from `ymd` (clamped to 28 to stay valid). */
export function addMonthsYmd(ymd: string, months: number): string {
  const p = parseYmd(ymd);
  if (!p) throw new RangeError(`not a YYYYMMDD date: ${ymd}`);
  const index = p.year * 12 + (p.month - 1) + months;
  return formatYmd(Math.floor(index / 12), (index % 12) + 1, Math.min(p.day, 28));
}

/** A plausible trading day `fraction` (0..1) of the way from `from` to `to`. */
export function dayBetween(from: string, to: string, fraction: number): string {
  const a = parseYmd(from);
  const b = parseYmd(to);
  if (!a || !b) throw new RangeError(`not YYYYMMDD dates: ${from}, ${to}`);
  const start = Date.UTC(a.year, a.month - 1, a.day);
  const end = Date.UTC(b.year, b.month - 1, b.day);
  const days = Math.floor(((end - start) / 86_400_000) * Math.min(Math.max(fraction, 0), 1));
  return tradingDayOnOrAfter(addDaysYmd(from, days));
}
