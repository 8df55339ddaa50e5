/**
 * Pixel geometry of the intraday chart: the price band above, the volume band below, the time
 * labels at the bottom and the price labels on the right; slot ↔ x mapping; SVG path strings.
 */
import type { PlotPoint } from './intraday-points';

export interface ChartGeometry {
  width: number;
  height: number;
  /** Plot area, left to right. */
  left: number;
  right: number;
  priceTop: number;
  priceBottom: number;
  volumeTop: number;
  volumeBottom: number;
  /** Baseline of the time labels. */
  labelBaseline: number;
  /** Width of one slot (minute). */
  slotWidth: number;
  /** x of a boundary `position` slots from the start. */
  xAt: (position: number) => number;
  /** x of the centre of `slot`. */
  xOfSlot: (slot: number) => number;
  /** The slot under pixel `x`, clamped to the axis. */
  slotAtX: (x: number) => number;
}

const TIME_LABEL_HEIGHT = 18;
const BAND_GAP = 6;
const VOLUME_SHARE = 0.22;
const PAD = 6;

/** `priceLabelWidth`: room for the longest price label on the right. */
export function chartGeometry(width: number, height: number, slots: number, priceLabelWidth: number): ChartGeometry {
  const left = PAD;
  const right = Math.max(left + 1, width - priceLabelWidth - PAD);
  const plotBottom = Math.max(PAD + 2, height - TIME_LABEL_HEIGHT);
  const volumeHeight = Math.max(16, (plotBottom - PAD) * VOLUME_SHARE);
  const volumeTop = plotBottom - volumeHeight;
  const priceBottom = Math.max(PAD + 1, volumeTop - BAND_GAP);
  const count = Math.max(1, slots);
  const slotWidth = (right - left) / count;
  return {
    width,
    height,
    left,
    right,
    priceTop: PAD,
    priceBottom,
    volumeTop,
    volumeBottom: plotBottom,
    labelBaseline: plotBottom + 13,
    slotWidth,
    xAt: (position) => left + position * slotWidth,
    xOfSlot: (slot) => left + (slot + 0.5) * slotWidth,
    slotAtX: (x) => Math.min(count - 1, Math.max(0, Math.floor((x - left) / slotWidth))),
  };
}

function fixed(value: number): string {
  return value.toFixed(1);
}

/**
 * A polyline through the points with a finite value; a missing value breaks the line rather
 * than bridging it.
 */
export function linePath(points: readonly PlotPoint[], value: (point: PlotPoint) => number, x: (slot: number) => number, y: (value: number) => number): string {
  let d = '';
  let pen = false;
  for (const point of points) {
    const v = value(point);
    if (!Number.isFinite(v)) {
      pen = false;
      continue;
    }
    d += `${pen ? 'L' : 'M'}${fixed(x(point.slot))} ${fixed(y(v))}`;
    pen = true;
  }
  return d;
}

/** One path of bars (rectangles from the band's bottom), for the points `include` selects. */
export function barsPath(points: readonly PlotPoint[], include: (point: PlotPoint) => boolean, geometry: ChartGeometry, maxVolume: number): string {
  if (!(maxVolume > 0)) return '';
  const band = geometry.volumeBottom - geometry.volumeTop;
  const barWidth = Math.max(0.5, geometry.slotWidth * 0.8);
  let d = '';
  for (const point of points) {
    if (!include(point) || !(point.volume > 0)) continue;
    const h = Math.max(0.5, (point.volume / maxVolume) * band);
    const x = geometry.xOfSlot(point.slot) - barWidth / 2;
    d += `M${fixed(x)} ${fixed(geometry.volumeBottom)}v${fixed(-h)}h${fixed(barWidth)}v${fixed(h)}z`;
  }
  return d;
}

/** The index of the last point at or before `slot` (the first point when all are after it). */
export function pointIndexAt(points: readonly PlotPoint[], slot: number): number {
  let lo = 0;
  let hi = points.length - 1;
  let found = 0;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((points[mid]?.slot ?? Infinity) <= slot) {
      found = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return found;
}
