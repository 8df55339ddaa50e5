/**
 * The one-day intraday chart: the day's points on its whole-day axis (hh:mm labels, extended
 * sessions shaded), the previous close labelled.
 */
import { t } from '../../i18n/t';
import { DaysChart } from './days-chart';
import type { PlotPoint } from './intraday-points';
import type { TimeAxis } from './time-axis';
import { TimeAxisLabels } from './time-axis-labels';

export interface IntradayChartProps {
  symbol: string;
  axis: TimeAxis;
  /** At least one point, ascending by slot. */
  points: readonly PlotPoint[];
  prevClose?: number;
  /** Decimals of the symbol's prices. */
  precision: number;
}

export function IntradayChart({ symbol, axis, points, prevClose, precision }: IntradayChartProps) {
  const day = { ymd: axis.tradingDay, offset: 0, minutes: axis.minutes, points, ...(prevClose !== undefined && { prevClose }) };
  return (
    <DaysChart
      symbol={symbol}
      label={t('Intraday price of {symbol}', { symbol })}
      days={[day]}
      minutes={axis.minutes}
      timeZone={axis.timeZone}
      precision={precision}
      axisLabels={(geometry) => <TimeAxisLabels axis={axis} geometry={geometry} />}
    />
  );
}
