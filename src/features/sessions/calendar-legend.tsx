/** The key to the month grid's colours. */
import { t } from '../../i18n/t';
import { DAY_KIND_CLASSES, LEGEND } from './calendar-day-styles';

export function CalendarLegend() {
  return (
    <ul aria-label={t('Calendar legend')} className="flex flex-wrap gap-x-3 gap-y-1 text-[11px] text-slate-600 dark:text-slate-400">
      {LEGEND.map(({ kind, label }) => (
        <li key={kind} className="flex items-center gap-1">
          <span
            aria-hidden="true"
            className={`inline-block h-3 w-3 rounded-sm ${kind === 'unavailable' ? 'border border-dashed border-slate-400 dark:border-slate-600' : `ring-1 ring-slate-300 dark:ring-slate-700 ${DAY_KIND_CLASSES[kind]}`}`}
          />
          {t(label)}
        </li>
      ))}
    </ul>
  );
}
