/** Fast YYYYMMDD ↔ UTC-midnight conversions used by the calendar's inner loops. */
import { formatYmd, parseYmd } from '../../../src/lib/time-zone.ts';

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

/** Parses a YYYYMMDD; undefined unless it names a real calendar date. */
export function civilDay(ymd: string): CivilDay | undefined {
  const p = parseYmd(ymd);
  if (!p) return undefined;
  const utcMidnight = Date.UTC(p.year, p.month - 1, p.day);
  return { ...p, weekday: weekdayOfUtcMidnight(utcMidnight), utcMidnight };
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
