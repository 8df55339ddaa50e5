/** Horizontal grid lines with the price labels on the right, at the symbol's precision. */
import { formatPrice } from '../../lib/format';
import type { ChartGeometry } from './chart-geometry';

interface PriceAxisProps {
  geometry: ChartGeometry;
  ticks: readonly number[];
  y: (price: number) => number;
  precision: number;
}

export function PriceAxis({ geometry, ticks, y, precision }: PriceAxisProps) {
  return (
    <g aria-hidden="true">
      {ticks.map((tick) => {
        const at = y(tick);
        return (
          <g key={tick}>
            <line x1={geometry.left} x2={geometry.right} y1={at} y2={at} className="stroke-slate-200 dark:stroke-slate-800" strokeWidth={1} />
            <text x={geometry.right + 4} y={at} dominantBaseline="middle" className="fill-slate-500 text-[10px] tabular-nums dark:fill-slate-400">
              {formatPrice(tick, precision)}
            </text>
          </g>
        );
      })}
    </g>
  );
}
