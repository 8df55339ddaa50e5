/**
 * The crosshair's time label in the chart's language. The library's own format ("dd MMM 'yy")
 * reads "01 10月 '26" in Chinese; a Chinese label is written as the locale writes dates
 * ("2026/10/01周四", "01/10/2026（週四）" in Hong Kong, with the clock time intraday); English
 * keeps the library's look ("01 Oct '26 10:30"). Always a formatter of ours: the library keeps an
 * old one when the option is left out. Chart times are seconds of the display zone's wall clock,
 * so they are formatted as UTC.
 */
import type { Time } from 'lightweight-charts';
import { HIDDEN_DATE } from '../../lib/hidden-date';

const pad = (value: number) => String(value).padStart(2, '0');
const clockOf = (date: Date) => `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;

export function chartLocalization(locale: string, intraday: boolean, datesHidden = false): { locale: string; timeFormatter: (time: Time) => string } {
  const chinese = locale.startsWith('zh');
  const clock = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
  const format = chinese
    ? new Intl.DateTimeFormat(locale, { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit', weekday: 'short', ...(intraday && clock) })
    : new Intl.DateTimeFormat(locale, { timeZone: 'UTC', month: 'short' });
  const english = (date: Date) => `${pad(date.getUTCDate())} ${format.format(date)} '${pad(date.getUTCFullYear() % 100)}${intraday ? ` ${clockOf(date)}` : ''}`;
  return {
    locale,
    timeFormatter: (time) => {
      if (datesHidden) return typeof time === 'number' && intraday ? clockOf(new Date(time * 1000)) : HIDDEN_DATE;
      if (typeof time !== 'number') return typeof time === 'string' ? time : `${String(time.year)}-${pad(time.month)}-${pad(time.day)}`;
      const date = new Date(time * 1000);
      return chinese ? format.format(date) : english(date);
    },
  };
}
