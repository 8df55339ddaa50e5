/** Fast YYYYMMDD ↔ UTC-midnight conversions used by the calendar's inner loops. */
import { formatYmd, parseYmd } from '#shared/time-zone.ts';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

export interface CivilDay {
  year: number;
  month: number; // 1..12
  day: number;
  weekday: number; // 0 = Sunday .. 6 = Saturday
  utcMidnight: number; // Date.UTC of the date (00:00 UTC)
}

/** Parsed days, shared and frozen: the full HK ticker asks for the same few days per symbol. */
const parsedDays = new Map<string, Readonly<CivilDay>>();
const MAX_PARSED_DAYS = 4096;

/** Parses a YYYYMMDD; undefined unless it names a real calendar date. The result is frozen and shared. */
export function civilDay(ymd: string): Readonly<CivilDay> | undefined {
  const known = parsedDays.get(ymd);
  if (known) return known;
  const p = parseYmd(ymd);
  if (!p) return undefined;
  const utcMidnight = Date.UTC(p.year, p.month - 1, p.day);
  const day = Object.freeze({ ...p, weekday: weekdayOfUtcMidnight(utcMidnight), utcMidnight });
  // Only real dates are kept, and never more than a bound: junk input cannot grow the map.
  if (parsedDays.size >= MAX_PARSED_DAYS) parsedDays.clear();
  parsedDays.set(ymd, day);
  return day;
}

/** Day of week (0 = Sunday) of the UTC day containing `ms`. 1970-01-01 was a Thursday. */
export function weekdayOfUtcMidnight(ms: number): number {
  return (((Math.floor(ms / DAY_MS) + 4) % 7) + 7) % 7;
}

/** YYYYMMDD of the UTC calendar day containing `ms`. */
export function ymdOfUtc(ms: number): string {
  const d = new Date(ms);
  return formatYmd(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

/** Start of the UTC day containing `ms`. */
export function utcMidnightOf(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

export function isWeekend(weekday: number): boolean {
  return weekday === 0 || weekday === 6;
}
