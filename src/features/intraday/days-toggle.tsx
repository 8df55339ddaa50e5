/** The 1-day / 5-day switch above the intraday chart. */
import { t } from '../../i18n/t';
import { setIntradayDays, useIntradayDays, type IntradayDays } from './intraday-days-store';

const CHOICES: readonly IntradayDays[] = [1, 5];

export function DaysToggle() {
  const days = useIntradayDays();
  return (
    <div role="group" aria-label={t('Intraday days')} className="flex gap-1 px-2 pt-2 text-xs">
      {CHOICES.map((choice) => (
        <button
          key={choice}
          type="button"
          aria-pressed={days === choice}
          onClick={() => {
            setIntradayDays(choice);
          }}
          className="rounded border border-slate-300 px-2 py-1 text-xs text-slate-500 hover:bg-slate-100 aria-pressed:text-sky-600 dark:border-slate-700 dark:text-slate-400 dark:hover:bg-slate-800 dark:aria-pressed:text-sky-400"
        >
          {choice === 1 ? t('1 day') : t('5 days')}
        </button>
      ))}
    </div>
  );
}
