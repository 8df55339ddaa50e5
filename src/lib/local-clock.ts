/**
 * The browser's own time of an instant, to the second, with its offset: "16:35:01 UTC+1". Written
 * without Intl: the status bar shows it on the first page, and the first Intl object of a page pays
 * ICU's set-up (measured: 142 ms under a phone's 4× slowdown, a long task of the first page). The
 * 24-hour clock and the offset are the app's words for every other time (zone-label.ts).
 */
import { formatZonedClock } from '#shared/time-zone.ts';
import { offsetLabel } from './zone-label';

/** `offsetMinutes` as Date#getTimezoneOffset gives it (minutes behind UTC): the browser's by default. */
export function localClockText(ms: number, offsetMinutes = new Date(ms).getTimezoneOffset()): string {
  // The wall clock is UTC's at the instant shifted by the offset (UTC needs no Intl either).
  return `${formatZonedClock(ms - offsetMinutes * 60_000, 'UTC', true)} ${offsetLabel(-offsetMinutes)}`;
}
