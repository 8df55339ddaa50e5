/**
 * The time axis: shading over extended-hours sessions, a separator where a break is closed up,
 * and the hh:mm labels at session boundaries and round hours that fit the width.
 */
import { axisTicks, thinTicks } from './axis-ticks';
import type { ChartGeometry } from './chart-geometry';
import type { TimeAxis } from './time-axis';

interface TimeAxisLabelsProps {
  axis: TimeAxis;
  geometry: ChartGeometry;
}

const MIN_LABEL_GAP_PX = 56;

export function TimeAxisLabels({ axis, geometry }: TimeAxisLabelsProps) {
  const ticks = thinTicks(axisTicks(axis), geometry.slotWidth, MIN_LABEL_GAP_PX);
  const first = ticks[0];
  const last = ticks[ticks.length - 1];
  return (
    <g aria-hidden="true">
      {axis.segments
        .filter((segment) => segment.phase !== 'open')
        .map((segment) => (
          <rect
            key={segment.start}
            data-testid="intraday-extended-session"
            data-phase={segment.phase}
            x={geometry.xAt(segment.offset)}
            width={segment.minutes * geometry.slotWidth}
            y={geometry.priceTop}
            height={geometry.volumeBottom - geometry.priceTop}
            className="fill-slate-500/10 dark:fill-slate-400/10"
          />
        ))}
      {axis.segments.slice(1).map((segment) => {
        const x = geometry.xAt(segment.offset);
        return (
          <line
            key={segment.start}
            x1={x}
            x2={x}
            y1={geometry.priceTop}
            y2={geometry.volumeBottom}
            className="stroke-slate-300 dark:stroke-slate-700"
            strokeWidth={1}
          />
        );
      })}
      <line
        x1={geometry.left}
        x2={geometry.right}
        y1={geometry.volumeBottom}
        y2={geometry.volumeBottom}
        className="stroke-slate-300 dark:stroke-slate-700"
        strokeWidth={1}
      />
      {ticks.map((tick) => (
        <text
          key={tick.position}
          data-testid="intraday-time-label"
          x={geometry.xAt(tick.position)}
          y={geometry.labelBaseline}
          textAnchor={tick === first ? 'start' : tick === last ? 'end' : 'middle'}
          className={`text-[10px] tabular-nums ${tick.major ? 'fill-slate-600 dark:fill-slate-300' : 'fill-slate-500 dark:fill-slate-400'}`}
        >
          {tick.label}
        </text>
      ))}
    </g>
  );
}
