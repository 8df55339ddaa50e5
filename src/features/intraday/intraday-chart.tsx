/**
 * The intraday chart, drawn as SVG on a fixed whole-day axis: minute price line, dashed average
 * line, previous close as a reference, volume bars coloured by each minute's move, a crosshair
 * with a readout above the chart.
 */
import { t } from '../../i18n/t';
import { useState } from 'react';
import { formatPrice } from '../../lib/format';
import { ChartReadout } from './chart-readout';
import { barsPath, chartGeometry, linePath, pointIndexAt } from './chart-geometry';
import { Crosshair } from './crosshair';
import { CursorOverlay, pointerHandlers } from './cursor-overlay';
import type { PlotPoint } from './intraday-points';
import { PriceAxis } from './price-axis';
import { linearScale, niceTicks, priceDomain } from './price-scale';
import { readoutFields, readoutSentence } from './readout-text';
import type { TimeAxis } from './time-axis';
import { TimeAxisLabels } from './time-axis-labels';
import { useElementSize } from './use-element-size';

export interface IntradayChartProps {
  symbol: string;
  axis: TimeAxis;
  /** At least one point, ascending by slot. */
  points: readonly PlotPoint[];
  prevClose?: number;
  /** Decimals of the symbol's prices. */
  precision: number;
}

const FALLBACK_SIZE = { width: 720, height: 300 };
const LABEL_CHAR_PX = 6.2;

export function IntradayChart({ symbol, axis, points, prevClose, precision }: IntradayChartProps) {
  const [containerRef, size] = useElementSize(FALLBACK_SIZE);
  const [cursor, setCursor] = useState<number | undefined>(undefined);

  const domain = priceDomain(points, prevClose) ?? { min: 0, max: 1 };
  const probe = chartGeometry(size.width, size.height, axis.minutes, 0);
  const tickCount = Math.max(2, Math.floor((probe.priceBottom - probe.priceTop) / 40));
  const ticks = niceTicks(domain, tickCount, 10 ** -precision);
  const labels = [...ticks, domain.max].map((value) => formatPrice(value, precision));
  const labelWidth = Math.ceil(Math.max(...labels.map((label) => label.length)) * LABEL_CHAR_PX) + 8;
  const geometry = chartGeometry(size.width, size.height, axis.minutes, labelWidth);
  const y = linearScale(domain, geometry.priceBottom, geometry.priceTop);
  const maxVolume = Math.max(0, ...points.map((point) => point.volume));

  const index = cursor === undefined ? undefined : Math.min(cursor, points.length - 1);
  const shown = points[index ?? points.length - 1];
  const fields = shown ? readoutFields(shown, precision, axis.timeZone) : undefined;
  const prevY = prevClose !== undefined && Number.isFinite(prevClose) ? y(prevClose) : undefined;

  return (
    <div className="flex h-full min-h-0 flex-col gap-1">
      {fields && <ChartReadout fields={fields} hovering={index !== undefined} />}
      <div
        ref={containerRef}
        className="relative min-h-56 flex-1 cursor-crosshair touch-pan-y"
        {...pointerHandlers((x) => pointIndexAt(points, geometry.slotAtX(x)), setCursor)}
      >
        <svg
          role="img"
          aria-label={t('Intraday price of {symbol}', { symbol })}
          data-testid="intraday-chart"
          width={geometry.width}
          height={geometry.height}
          viewBox={`0 0 ${String(geometry.width)} ${String(geometry.height)}`}
          className="absolute inset-0 select-none"
        >
          <PriceAxis geometry={geometry} ticks={ticks} y={y} precision={precision} />
          <TimeAxisLabels axis={axis} geometry={geometry} />
          <path data-testid="intraday-volume-up" d={barsPath(points, (p) => p.up, geometry, maxVolume)} className="fill-(--color-up) opacity-60" />
          <path data-testid="intraday-volume-down" d={barsPath(points, (p) => !p.up, geometry, maxVolume)} className="fill-(--color-down) opacity-60" />
          {prevY !== undefined && prevClose !== undefined && (
            <g data-testid="intraday-prev-close">
              <line x1={geometry.left} x2={geometry.right} y1={prevY} y2={prevY} className="stroke-slate-500 dark:stroke-slate-400" strokeWidth={1} strokeDasharray="1 3" />
              <text x={geometry.right - 2} y={prevY - 3} textAnchor="end" className="fill-slate-500 text-[10px] tabular-nums dark:fill-slate-400">
                Prev close {formatPrice(prevClose, precision)}
              </text>
            </g>
          )}
          <path
            data-testid="intraday-avg-line"
            d={linePath(points, (p) => p.avg, geometry.xOfSlot, y)}
            fill="none"
            className="stroke-amber-600 dark:stroke-amber-400"
            strokeWidth={1.25}
            strokeDasharray="4 3"
          />
          <path
            data-testid="intraday-price-line"
            d={linePath(points, (p) => p.price, geometry.xOfSlot, y)}
            fill="none"
            className="stroke-sky-600 dark:stroke-sky-400"
            strokeWidth={1.5}
            strokeLinejoin="round"
          />
          {index !== undefined && shown && <Crosshair geometry={geometry} point={shown} y={y} />}
        </svg>
        {fields && (
          <CursorOverlay
            label={t('Intraday cursor for {symbol}', { symbol })}
            count={points.length}
            index={index}
            valueText={readoutSentence(fields)}
            onIndex={setCursor}
          />
        )}
      </div>
    </div>
  );
}
