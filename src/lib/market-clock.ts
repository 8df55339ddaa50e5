/**
 * A market's moment on its own clock, as a trader reads it there: '21:00' the same day at the
 * market, 'Mon 09:00' within a week, '5 Oct 09:00' beyond (the header's session state, a paper
 * order waiting for the open).
 */
import { activeLanguage } from '../i18n/translate';
import { zonedParts } from '#shared/time-zone.ts';

const WEEK_MS = 7 * 86_400_000;

/** The language's date format, en-GB for English ('Tue', '5 Sept'). */
function dateText(options: Intl.DateTimeFormatOptions, parts: { year: number; month: number; day: number }): string {
  const language = activeLanguage();
  return new Intl.DateTimeFormat(language === 'en' || language === 'pseudo' ? 'en-GB' : language, { ...options, timeZone: 'UTC' }).format(
    Date.UTC(parts.year, parts.month - 1, parts.day),
  );
}

const two = (n: number): string => String(n).padStart(2, '0');

/** `at` on `timeZone`'s clock, told from `now`. */
export function marketClock(at: number, now: number, timeZone: string): string {
  const then = zonedParts(at, timeZone);
  const today = zonedParts(now, timeZone);
  const time = `${two(then.hour)}:${two(then.minute)}`;
  if (then.year === today.year && then.month === today.month && then.day === today.day) return time;
  if (at - now < WEEK_MS) return `${dateText({ weekday: 'short' }, then)} ${time}`;
  return `${dateText({ day: 'numeric', month: 'short' }, then)} ${time}`;
}
