/**
 * The crosshair legend: open, high, low, close, change and change % against the previous close,
 * and volume of the candle under the crosshair (or of the last candle when the crosshair is away),
 * prices in the symbol's own precision; below them its children: the corporate actions of the
 * hovered candle or badge (legend-actions, loaded with the actions' code).
 */
import type { ReactNode } from 'react';
import { t } from '../../i18n/t';
import { useLanguage } from '../../i18n/use-language';
import type { Candle } from '#shared/candle.ts';
import { formatCompact, formatPercent, formatPrice, formatSignedChange } from '../../lib/format';

interface ChartLegendProps {
  candle: Candle | undefined;
  previous: Candle | undefined;
  decimals: number;
  /** The candle's time as the display zone shows it. */
  timeLabel?: string;
  upColor: string;
  downColor: string;
  /** More lines of the list (the corporate actions of this candle, or of the badge under the crosshair). */
  children?: ReactNode;
}

function Field({ label, value, color }: { label: string; value: string; color?: string }) {
  return (
    <div className="flex gap-1">
      <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="tabular-nums" style={color ? { color } : undefined}>
        {value}
      </dd>
    </div>
  );
}

export function ChartLegend({ candle, previous, decimals, timeLabel, upColor, downColor, children }: ChartLegendProps) {
  useLanguage();
  if (!candle) return null;
  const base = previous?.close ?? candle.open;
  const change = candle.close - base;
  const percent = base !== 0 ? (change / base) * 100 : Number.NaN;
  const tone = change >= 0 ? upColor : downColor;
  const price = (value: number) => formatPrice(value, decimals);
  return (
    <dl
      aria-label={t('Candle values')}
      data-testid="chart-legend"
      className="flex flex-wrap items-center gap-x-3 gap-y-0.5 text-xs text-slate-800 dark:text-slate-200"
    >
      {timeLabel && (
        <div>
          <dt className="sr-only">{t('Time')}</dt>
          <dd className="tabular-nums text-slate-500 dark:text-slate-400">{timeLabel}</dd>
        </div>
      )}
      <Field label={t('O')} value={price(candle.open)} />
      <Field label={t('H')} value={price(candle.high)} />
      <Field label={t('L')} value={price(candle.low)} />
      <Field label={t('C')} value={price(candle.close)} color={tone} />
      <Field label={t('Chg')} value={formatSignedChange(change, decimals)} color={tone} />
      <Field label={t('Chg%')} value={formatPercent(percent)} color={tone} />
      <Field label={t('Vol')} value={formatCompact(candle.volume)} />
      {children}
    </dl>
  );
}
