/** Tape times in a market's time zone: hh:mm:ss on the row, the full date and zone on hover. */
import { formatZonedClock, zonedParts } from '#shared/time-zone.ts';

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/** '10:29:50' */
export function formatClock(ms: number, timeZone: string): string {
  return formatZonedClock(ms, timeZone, true);
}

/** '2026-11-25 10:29:50.838 (Asia/Hong_Kong)' */
export function formatFullTime(ms: number, timeZone: string): string {
  const p = zonedParts(ms, timeZone);
  const millis = ((ms % 1000) + 1000) % 1000;
  return `${String(p.year)}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}.${pad(millis, 3)} (${timeZone})`;
}
