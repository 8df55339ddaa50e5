/** The crosshair on the hovered minute: a vertical and a horizontal guide and a dot on the price. */
import type { ChartGeometry } from './chart-geometry';
import type { PlotPoint } from './intraday-points';

interface CrosshairProps {
  geometry: ChartGeometry;
  point: PlotPoint;
  y: (price: number) => number;
}

export function Crosshair({ geometry, point, y }: CrosshairProps) {
  const x = geometry.xOfSlot(point.slot);
  const at = y(point.price);
  return (
    <g aria-hidden="true" data-testid="intraday-crosshair" className="pointer-events-none">
      <line
        x1={x}
        x2={x}
        y1={geometry.priceTop}
        y2={geometry.volumeBottom}
        className="stroke-slate-400 dark:stroke-slate-500"
        strokeWidth={1}
        strokeDasharray="3 3"
      />
      <line x1={geometry.left} x2={geometry.right} y1={at} y2={at} className="stroke-slate-400 dark:stroke-slate-500" strokeWidth={1} strokeDasharray="3 3" />
      <circle cx={x} cy={at} r={3} className="fill-sky-600 stroke-white dark:fill-sky-400 dark:stroke-slate-900" strokeWidth={1} />
    </g>
  );
}
