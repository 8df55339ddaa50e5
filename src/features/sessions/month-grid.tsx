/** A month of the trading calendar as a Monday-first table. */
import { t } from '../../i18n/t';
import { dateFormatter, dateLocale } from '../../i18n/format';
import type { CalendarDay } from '../../lib/calendar-month';
import { DAY_KIND_CLASSES, DAY_KIND_WORDS } from './calendar-day-styles';
import { dayTitle } from './month-math';

// A Monday-first week: 2024-01-01 was a Monday.
const WEEK = [1, 2, 3, 4, 5, 6, 7].map((day) => Date.UTC(2024, 0, day));

/** The weekdays' column heads in the active language: 'Mo' (Monday), '一' (星期一). */
function weekdays(): { short: string; long: string }[] {
  const long = dateFormatter('weekday-long', { weekday: 'long', timeZone: 'UTC' });
  const narrow = dateFormatter('weekday-narrow', { weekday: 'narrow', timeZone: 'UTC' });
  const english = dateLocale() === 'en-GB';
  return WEEK.map((at) => ({ short: english ? long.format(at).slice(0, 2) : narrow.format(at), long: long.format(at) }));
}

interface MonthGridProps {
  caption: string;
  weeks: readonly (readonly CalendarDay[])[];
  /** The market's local date, YYYYMMDD. */
  today: string;
  loading: boolean;
}

export function MonthGrid({ caption, weeks, today, loading }: MonthGridProps) {
  return (
    <table aria-busy={loading} className="w-full table-fixed border-separate border-spacing-0.5 text-center text-xs tabular-nums">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          {weekdays().map((weekday) => (
            <th key={weekday.short} scope="col" abbr={weekday.long} className="py-0.5 text-[11px] font-medium text-slate-500 dark:text-slate-400">
              {weekday.short}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week[0]?.ymd}>
            {week.map((day) =>
              day.inMonth ? (
                <td
                  key={day.ymd}
                  data-ymd={day.ymd}
                  data-kind={day.kind}
                  aria-current={day.ymd === today ? 'date' : undefined}
                  className={`rounded py-0.5 ${DAY_KIND_CLASSES[day.kind]} ${day.ymd === today ? 'font-bold ring-2 ring-sky-500' : ''}`}
                >
                  <span aria-hidden="true">{day.day}</span>
                  <span className="sr-only">{`${dayTitle(day.ymd)}: ${t(DAY_KIND_WORDS[day.kind])}${day.ymd === today ? t(' (today)') : ''}`}</span>
                </td>
              ) : (
                <td key={day.ymd} />
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
