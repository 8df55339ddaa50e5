/** The intraday chart's vertical scales: the price domain, round price ticks, a linear mapping. */
import type { PlotPoint } from './intraday-points';

export interface Domain {
  min: number;
  max: number;
}

/**
 * Prices, averages and the previous close (one a day on a multi-day chart), with a margin above and below; a flat day gets a band
 * of ±0.5 % around its price so the line sits in the middle.
 */
export function priceDomain(points: readonly PlotPoint[], prevClose?: number | readonly number[], margin = 0.08): Domain | undefined {
  const values: number[] = [];
  for (const point of points) {
    values.push(point.price);
    if (Number.isFinite(point.avg) && point.avg > 0) values.push(point.avg);
  }
  for (const reference of typeof prevClose === 'number' ? [prevClose] : (prevClose ?? [])) {
    if (Number.isFinite(reference)) values.push(reference);
  }
  if (values.length === 0) return undefined;
  const min = Math.min(...values);
  const max = Math.max(...values);
  if (max === min) {
    const half = Math.abs(min) * 0.005 || 1;
    return { min: min - half, max: max + half };
  }
  const pad = (max - min) * margin;
  return { min: min - pad, max: max + pad };
}

/** A step of 1, 2 or 5 × 10^k giving at most `count` intervals over `span`. */
function niceStep(span: number, count: number): number {
  const raw = span / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / power;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10;
  return nice * power;
}

/**
 * Round values inside the domain, at most about `count` of them, ascending, never finer than
 * `minStep` (the price's own tick, so labels at the symbol's precision never repeat).
 */
export function niceTicks(domain: Domain, count: number, minStep = 0): number[] {
  const span = domain.max - domain.min;
  if (!(span > 0) || !Number.isFinite(span)) return [];
  const step = Math.max(niceStep(span, count), minStep);
  const ticks: number[] = [];
  for (let k = Math.ceil(domain.min / step); k * step <= domain.max; k += 1) {
    // k × step, not accumulated sums: no drift like 0.30000000000000004.
    ticks.push(Number((k * step).toPrecision(12)));
  }
  return ticks;
}

/** Linear map of the domain onto [bottom, top] pixels (top < bottom on screen). */
export function linearScale(domain: Domain, bottom: number, top: number): (value: number) => number {
  const span = domain.max - domain.min || 1;
  return (value) => bottom - ((value - domain.min) / span) * (bottom - top);
}
