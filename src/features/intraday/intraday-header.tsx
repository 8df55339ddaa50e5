/** The line above the intraday chart: last price, change versus the previous close, day totals. */
import { t } from '../../i18n/t';
import { formatCompact, formatPercent, formatPrice, formatSignedChange } from '../../lib/format';
import { formatClock } from './axis-ticks';
import { formatDay } from './format-day';
import { useDatesHidden } from '../../queries/use-dates-hidden';
import type { DaySummary } from './intraday-points';

interface IntradayHeaderProps {
  summary: DaySummary;
  precision: number;
  timeZone: string;
  /** YYYYMMDD: outside trading hours the line is the last trading day's, so the date is shown. */
  tradingDay: string;
}

function toneOf(change: number | undefined): string {
  if (change === undefined || change === 0) return 'text-slate-700 dark:text-slate-200';
  return change > 0 ? 'text-(--color-up)' : 'text-(--color-down)';
}

export function IntradayHeader({ summary, precision, timeZone, tradingDay }: IntradayHeaderProps) {
  // A blind replay: the clock alone.
  const datesHidden = useDatesHidden();
  const tone = toneOf(summary.change);
  return (
    <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1 px-1 tabular-nums">
      <span data-testid="intraday-last-price" className={`text-lg font-semibold ${tone}`}>
        {formatPrice(summary.last, precision)}
      </span>
      {summary.change !== undefined && summary.changePercent !== undefined && (
        <span data-testid="intraday-change" className={`text-sm ${tone}`}>
          {formatSignedChange(summary.change, precision)} ({formatPercent(summary.changePercent)})
        </span>
      )}
      <span className="text-xs text-slate-600 dark:text-slate-300">
        <span className="text-slate-500 dark:text-slate-400">{t('Vol')}</span> <span data-testid="intraday-volume">{formatCompact(summary.volume)}</span>
      </span>
      <span className="text-xs text-slate-600 dark:text-slate-300">
        <span className="text-slate-500 dark:text-slate-400">{t('Turnover')}</span>{' '}
        <span data-testid="intraday-turnover">{formatCompact(summary.turnover)}</span>
      </span>
      <span data-testid="intraday-as-of" className="text-xs text-slate-500 dark:text-slate-400">
        {datesHidden ? formatClock(summary.time, timeZone) : `${formatDay(tradingDay)}, ${formatClock(summary.time, timeZone)}`}
      </span>
    </div>
  );
}
