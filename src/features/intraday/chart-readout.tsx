/** The line above the chart: time, price, average and volume of the hovered (or latest) minute. */
import { t } from '../../i18n/t';
import type { ReadoutFields } from './readout-text';

interface ChartReadoutProps {
  fields: ReadoutFields;
  /** True while the user points at a minute; the latest minute is shown otherwise. */
  hovering: boolean;
}

export function ChartReadout({ fields, hovering }: ChartReadoutProps) {
  return (
    <p data-testid="intraday-readout" className="flex flex-wrap items-baseline gap-x-3 px-1 text-xs tabular-nums text-slate-600 dark:text-slate-300">
      <span className={hovering ? 'font-semibold' : ''}>{fields.time}</span>
      <span>
        <span className="text-sky-700 dark:text-sky-400">{t('Price')}</span> {fields.price}
      </span>
      <span>
        <span className="text-amber-700 dark:text-amber-400">{t('Avg')}</span> {fields.avg}
      </span>
      <span>
        <span className="text-slate-500 dark:text-slate-400">{t('Vol')}</span> {fields.volume}
      </span>
    </p>
  );
}
