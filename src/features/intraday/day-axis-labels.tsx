/**
 * The five-day chart's time axis: a rule between days, a faint line where a day's break is closed
 * up, each day's date under its slots, and "no 1-minute K-lines" across a day that has none.
 */
import { t } from '../../i18n/t';
import type { ChartGeometry } from './chart-geometry';
import type { AssembledDay } from './five-day';
import { useFormatDay } from './format-day';

interface DayAxisLabelsProps {
  days: readonly AssembledDay[];
  geometry: ChartGeometry;
}

export function DayAxisLabels({ days, geometry }: DayAxisLabelsProps) {
  const dayText = useFormatDay();
  return (
    <g>
      <line
        x1={geometry.left}
        x2={geometry.right}
        y1={geometry.volumeBottom}
        y2={geometry.volumeBottom}
        className="stroke-slate-300 dark:stroke-slate-700"
        strokeWidth={1}
      />
      {days.map((day) => {
        const x1 = geometry.xAt(day.offset);
        const middle = geometry.xAt(day.offset + day.axis.minutes / 2);
        return (
          <g key={day.ymd}>
            {day.offset > 0 && (
              <line
                data-testid="intraday-day-rule"
                x1={x1}
                x2={x1}
                y1={geometry.priceTop}
                y2={geometry.labelBaseline}
                className="stroke-slate-400 dark:stroke-slate-500"
                strokeWidth={1}
              />
            )}
            {day.axis.segments.slice(1).map((segment) => {
              const x = geometry.xAt(day.offset + segment.offset);
              return (
                <line
                  key={segment.start}
                  aria-hidden="true"
                  x1={x}
                  x2={x}
                  y1={geometry.priceTop}
                  y2={geometry.volumeBottom}
                  className="stroke-slate-300 dark:stroke-slate-700"
                  strokeWidth={1}
                  strokeDasharray="2 3"
                />
              );
            })}
            <text
              data-testid="intraday-day-label"
              data-day={day.ymd}
              data-missing={day.missing ? 'true' : 'false'}
              x={middle}
              y={geometry.labelBaseline}
              textAnchor="middle"
              className="fill-slate-600 text-[10px] tabular-nums dark:fill-slate-300"
            >
              {dayText(day.ymd)}
            </text>
            {day.missing && <MissingDay x={x1} width={day.axis.minutes * geometry.slotWidth} geometry={geometry} />}
          </g>
        );
      })}
    </g>
  );
}

/** Roughly how wide the sentence is at 10 px: narrower days (a phone) get the shading alone. */
const MISSING_TEXT_PX = 100;

/** A day without K-lines: shaded, and saying so where it fits (its title says so always). */
function MissingDay({ x, width, geometry }: { x: number; width: number; geometry: ChartGeometry }) {
  const sentence = t('No 1-minute K-lines');
  return (
    <g data-testid="intraday-day-missing-day">
      <title>{sentence}</title>
      <rect x={x} width={width} y={geometry.priceTop} height={geometry.volumeBottom - geometry.priceTop} className="fill-slate-500/10 dark:fill-slate-400/10" />
      {width >= MISSING_TEXT_PX && (
        <text
          data-testid="intraday-day-missing"
          x={x + width / 2}
          y={(geometry.priceTop + geometry.priceBottom) / 2}
          textAnchor="middle"
          className="fill-slate-500 text-[10px] dark:fill-slate-400"
        >
          {sentence}
        </text>
      )}
    </g>
  );
}
