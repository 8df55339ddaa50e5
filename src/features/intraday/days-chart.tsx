/**
 * The intraday chart of one or more trading days side by side, drawn as SVG on a fixed slot axis:
 * each day's minute price line, dashed average line and previous close, volume bars coloured by
 * each minute's move, a crosshair with a readout above the chart. The time axis below is the
 * caller's (hh:mm of one day, or the days' labels).
 */
import { t } from '../../i18n/t';
import { useMemo, useState, type ReactNode } from 'react';
import { formatPrice } from '../../lib/format';
import { ChartReadout } from './chart-readout';
import { barsPath, chartGeometry, linePath, pointIndexAt, type ChartGeometry } from './chart-geometry';
import { Crosshair } from './crosshair';
import { CursorOverlay, pointerHandlers } from './cursor-overlay';
import type { PlotPoint } from './intraday-points';
import { PriceAxis } from './price-axis';
import { linearScale, niceTicks, priceDomain } from './price-scale';
import { readoutFields, readoutSentence } from './readout-text';
import { useElementSize } from './use-element-size';

/** One day on the chart: slots [offset, offset + minutes). */
export interface ChartDay {
  /** YYYYMMDD. */
  ymd: string;
  offset: number;
  minutes: number;
  /** Ascending by slot (slots of the whole chart). */
  points: readonly PlotPoint[];
  prevClose?: number;
}

export interface DaysChartProps {
  symbol: string;
  /** The chart's accessible name. */
  label: string;
  days: readonly ChartDay[];
  /** Total slots. */
  minutes: number;
  timeZone: string;
  /** Decimals of the symbol's prices. */
  precision: number;
  /** The time axis under the plot. */
  axisLabels: (geometry: ChartGeometry) => ReactNode;
  /** The readout's time with the day (several days on the chart). */
  readoutDay?: (point: PlotPoint) => string;
}

const FALLBACK_SIZE = { width: 720, height: 300 };

/** Each day's two lines: the dashed average under the minute price. */
const LINES = [
  {
    testId: 'intraday-avg-line',
    value: (p: PlotPoint) => p.avg,
    className: 'stroke-amber-600 dark:stroke-amber-400',
    width: 1.25,
    stroke: { strokeDasharray: '4 3' },
  },
  {
    testId: 'intraday-price-line',
    value: (p: PlotPoint) => p.price,
    className: 'stroke-sky-600 dark:stroke-sky-400',
    width: 1.5,
    stroke: { strokeLinejoin: 'round' as const },
  },
];
const LABEL_CHAR_PX = 6.2;

export function DaysChart({ symbol, label, days, minutes, timeZone, precision, axisLabels, readoutDay }: DaysChartProps) {
  const [containerRef, size] = useElementSize(FALLBACK_SIZE);
  const [cursor, setCursor] = useState<number | undefined>(undefined);
  const points = useMemo(() => days.flatMap((day) => day.points), [days]);
  const single = days.length === 1;

  const closes = days.flatMap((day) => (day.prevClose !== undefined ? [day.prevClose] : []));
  const domain = priceDomain(points, closes) ?? { min: 0, max: 1 };
  const probe = chartGeometry(size.width, size.height, minutes, 0);
  const tickCount = Math.max(2, Math.floor((probe.priceBottom - probe.priceTop) / 40));
  const ticks = niceTicks(domain, tickCount, 10 ** -precision);
  const labels = [...ticks, domain.max].map((value) => formatPrice(value, precision));
  const labelWidth = Math.ceil(Math.max(...labels.map((text) => text.length)) * LABEL_CHAR_PX) + 8;
  const geometry = chartGeometry(size.width, size.height, minutes, labelWidth);
  const y = linearScale(domain, geometry.priceBottom, geometry.priceTop);
  const maxVolume = Math.max(0, ...points.map((point) => point.volume));

  const index = cursor === undefined ? undefined : Math.min(cursor, points.length - 1);
  const shown = points[index ?? points.length - 1];
  const fields = shown ? readoutFields(shown, precision, timeZone) : undefined;
  if (fields && shown && readoutDay) fields.time = `${readoutDay(shown)} ${fields.time}`;

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
          aria-label={label}
          data-testid="intraday-chart"
          width={geometry.width}
          height={geometry.height}
          viewBox={`0 0 ${String(geometry.width)} ${String(geometry.height)}`}
          className="absolute inset-0 select-none"
        >
          <PriceAxis geometry={geometry} ticks={ticks} y={y} precision={precision} />
          {axisLabels(geometry)}
          <path data-testid="intraday-volume-up" d={barsPath(points, (p) => p.up, geometry, maxVolume)} className="fill-(--color-up) opacity-60" />
          <path data-testid="intraday-volume-down" d={barsPath(points, (p) => !p.up, geometry, maxVolume)} className="fill-(--color-down) opacity-60" />
          {days.map((day) => (
            <g key={day.ymd} data-day={day.ymd}>
              <PrevCloseLine day={day} geometry={geometry} y={y} precision={precision} labelled={single} />
              {LINES.map((line) => (
                <path
                  key={line.testId}
                  data-testid={line.testId}
                  d={linePath(day.points, line.value, geometry.xOfSlot, y)}
                  fill="none"
                  className={line.className}
                  strokeWidth={line.width}
                  {...line.stroke}
                />
              ))}
            </g>
          ))}
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

interface PrevCloseLineProps {
  day: ChartDay;
  geometry: ChartGeometry;
  y: (price: number) => number;
  precision: number;
  /** With its price written at the right end (one day on the chart). */
  labelled: boolean;
}

/** The day's previous close as a dotted line across the day's slots. */
function PrevCloseLine({ day, geometry, y, precision, labelled }: PrevCloseLineProps) {
  const { prevClose } = day;
  if (prevClose === undefined || !Number.isFinite(prevClose)) return null;
  const at = y(prevClose);
  const x1 = geometry.xAt(day.offset);
  const x2 = geometry.xAt(day.offset + day.minutes);
  return (
    <g data-testid="intraday-prev-close">
      <line x1={x1} x2={x2} y1={at} y2={at} className="stroke-slate-500 dark:stroke-slate-400" strokeWidth={1} strokeDasharray="1 3" />
      {labelled && (
        <text x={x2 - 2} y={at - 3} textAnchor="end" className="fill-slate-500 text-[10px] tabular-nums dark:fill-slate-400">
          {t('Prev close')} {formatPrice(prevClose, precision)}
        </text>
      )}
    </g>
  );
}
