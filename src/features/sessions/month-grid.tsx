/** A month of the trading calendar as a Monday-first table. */
import type { CalendarDay } from '../../lib/calendar-month';
import { DAY_KIND_CLASSES, DAY_KIND_WORDS } from './calendar-day-styles';
import { dayTitle } from './month-math';

const WEEKDAYS: readonly { short: string; long: string }[] = [
  { short: 'Mo', long: 'Monday' },
  { short: 'Tu', long: 'Tuesday' },
  { short: 'We', long: 'Wednesday' },
  { short: 'Th', long: 'Thursday' },
  { short: 'Fr', long: 'Friday' },
  { short: 'Sa', long: 'Saturday' },
  { short: 'Su', long: 'Sunday' },
];

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
          {WEEKDAYS.map((weekday) => (
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
                  <span className="sr-only">{`${dayTitle(day.ymd)}: ${DAY_KIND_WORDS[day.kind]}${day.ymd === today ? ' (today)' : ''}`}</span>
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
