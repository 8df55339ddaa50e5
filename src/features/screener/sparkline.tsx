/** A row's last daily closes as a tiny line (SVG, no axes): up or down colour by its first and last. */
import { memo } from 'react';
import { moveClass } from './screen-cells';

const WIDTH = 64;
const HEIGHT = 18;

/** The polyline's points for `closes` in a WIDTH × HEIGHT box (a flat line when they do not move). */
export function sparkPoints(closes: readonly number[], width = WIDTH, height = HEIGHT): string {
  const finite = closes.filter((close) => Number.isFinite(close));
  if (finite.length < 2) return '';
  const low = Math.min(...finite);
  const high = Math.max(...finite);
  const span = high - low;
  const step = width / (finite.length - 1);
  return finite
    .map((close, index) => `${(index * step).toFixed(1)},${(span === 0 ? height / 2 : height - 1 - ((close - low) / span) * (height - 2)).toFixed(1)}`)
    .join(' ');
}

export const Sparkline = memo(function Sparkline({ closes }: { closes: readonly number[] | undefined }) {
  const points = closes ? sparkPoints(closes) : '';
  if (points === '' || !closes) return null;
  const first = closes.find((close) => Number.isFinite(close)) ?? 0;
  const last = closes.findLast((close) => Number.isFinite(close)) ?? 0;
  return (
    <svg
      aria-hidden="true"
      width={WIDTH}
      height={HEIGHT}
      viewBox={`0 0 ${String(WIDTH)} ${String(HEIGHT)}`}
      className={`inline-block align-middle ${moveClass(last - first)}`}
    >
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth={1.2} strokeLinejoin="round" />
    </svg>
  );
});
