/** A trading day as a short date in the page's language. */
import { dateFormatter, dateLocale } from '../../i18n/format';
import { HIDDEN_DATE } from '../../lib/hidden-date';
import { useDatesHidden } from '../../queries/use-dates-hidden';
import { parseYmd } from '#shared/time-zone.ts';

/** 'Nov 25' ('11月25日' in Chinese) for 20261125. */
export function formatDay(ymd: string): string {
  const date = parseYmd(ymd);
  if (!date) return ymd;
  const english = dateLocale() === 'en-GB';
  return dateFormatter('month-day', { month: 'short', day: 'numeric', timeZone: 'UTC' })
    .formatToParts(Date.UTC(date.year, date.month - 1, date.day))
    .filter((part) => !english || part.type !== 'literal')
    .sort((a, b) => (english ? (a.type === 'month' ? -1 : b.type === 'month' ? 1 : 0) : 0))
    .map((part) => part.value)
    .join(english ? ' ' : '');
}

/** formatDay, or HIDDEN_DATE for every day while dates are hidden (a blind replay). */
export function useFormatDay(): (ymd: string) => string {
  return useDatesHidden() ? hiddenDay : formatDay;
}

const hiddenDay = (): string => HIDDEN_DATE;
