/**
 * US equity market (NYSE) holiday rules, for years without a published list in holidays.ts.
 * Rules follow NYSE Rule 7.2: a holiday falling on Saturday is observed the Friday before and one
 * on Sunday the Monday after, except New Year's Day on a Saturday, which is not observed at all
 * (the exchange stays open on 31 December). One-off closures (national days of mourning, weather,
 * 11 September 2001) are not rules and are not produced.
 */
import { DAY_MS, weekdayOfUtcMidnight, ymdOfUtc } from './civil-day.ts';
import type { PublishedYear } from './holidays.ts';

/** Easter Sunday (Gregorian), by the anonymous (Meeus/Jones/Butcher) computus. */
export function easterSunday(year: number): { month: number; day: number } {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return { month, day };
}

/** UTC midnight of the `n`th (1-based) `weekday` of a month. */
function nthWeekday(year: number, month: number, weekday: number, n: number): number {
  const first = Date.UTC(year, month - 1, 1);
  const offset = (weekday - weekdayOfUtcMidnight(first) + 7) % 7;
  return first + (offset + 7 * (n - 1)) * DAY_MS;
}

/** UTC midnight of the last `weekday` of a month. */
function lastWeekday(year: number, month: number, weekday: number): number {
  const last = Date.UTC(year, month, 0);
  const back = (weekdayOfUtcMidnight(last) - weekday + 7) % 7;
  return last - back * DAY_MS;
}

/** Saturday → Friday before, Sunday → Monday after. */
function observed(utcMidnight: number): number {
  const weekday = weekdayOfUtcMidnight(utcMidnight);
  if (weekday === 6) return utcMidnight - DAY_MS;
  if (weekday === 0) return utcMidnight + DAY_MS;
  return utcMidnight;
}

function isWeekday(utcMidnight: number): boolean {
  const weekday = weekdayOfUtcMidnight(utcMidnight);
  return weekday !== 0 && weekday !== 6;
}

/** NYSE full closures and 13:00 early closes of `year` by rule, both ascending. */
export function usMarketHolidays(year: number): PublishedYear {
  const closed: number[] = [];
  const half: number[] = [];

  // New Year's Day: Sunday → Monday 2 Jan; Saturday → no holiday (31 Dec stays open).
  const newYear = Date.UTC(year, 0, 1);
  if (weekdayOfUtcMidnight(newYear) !== 6) closed.push(observed(newYear));
  // Martin Luther King Jr. Day, third Monday of January (NYSE closes for it since 1998).
  if (year >= 1998) closed.push(nthWeekday(year, 1, 1, 3));
  // Washington's Birthday, third Monday of February.
  closed.push(nthWeekday(year, 2, 1, 3));
  // Good Friday, two days before Easter Sunday.
  const easter = easterSunday(year);
  closed.push(Date.UTC(year, easter.month - 1, easter.day) - 2 * DAY_MS);
  // Memorial Day, last Monday of May.
  closed.push(lastWeekday(year, 5, 1));
  // Juneteenth National Independence Day, 19 June, since 2022.
  if (year >= 2022) closed.push(observed(Date.UTC(year, 5, 19)));
  // Independence Day, 4 July; 3 July closes early when both it and 4 July are weekdays.
  const july4 = Date.UTC(year, 6, 4);
  closed.push(observed(july4));
  if (isWeekday(july4) && isWeekday(july4 - DAY_MS)) half.push(july4 - DAY_MS);
  // Labor Day, first Monday of September.
  closed.push(nthWeekday(year, 9, 1, 1));
  // Thanksgiving, fourth Thursday of November; the Friday after closes early.
  const thanksgiving = nthWeekday(year, 11, 4, 4);
  closed.push(thanksgiving);
  half.push(thanksgiving + DAY_MS);
  // Christmas, 25 December; Christmas Eve closes early when a weekday and not itself the holiday.
  const christmas = Date.UTC(year, 11, 25);
  const christmasObserved = observed(christmas);
  closed.push(christmasObserved);
  const christmasEve = christmas - DAY_MS;
  if (isWeekday(christmasEve) && christmasEve !== christmasObserved) half.push(christmasEve);

  const toYmd = (days: number[]): string[] => days.sort((a, b) => a - b).map(ymdOfUtc);
  return { closed: toYmd(closed), half: toYmd(half.filter((day) => !closed.includes(day))) };
}
