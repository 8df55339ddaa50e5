/**
 * Intraday lines (decimal strings, §2.9) as the numbers the chart draws, one point per axis slot,
 * and the day's summary for the header.
 */
import type { IntradayPoint as IntradayLine } from '../../api/quote-schemas';
import { slotOf, type TimeAxis } from './time-axis';

export interface PlotPoint {
  slot: number;
  /** Minute start, ms UTC. */
  time: number;
  price: number;
  /** NaN when the line has no average. */
  avg: number;
  volume: number;
  /** The minute closed at or above the one before (the first: above the previous close). */
  up: boolean;
}

export interface DaySummary {
  last: number;
  /** ms UTC of the last minute. */
  time: number;
  /** Versus the previous close; undefined without one. */
  change?: number;
  changePercent?: number;
  volume: number;
  turnover: number;
}

function byTime(lines: readonly IntradayLine[]): IntradayLine[] {
  return [...lines].sort((a, b) => a.timestamp - b.timestamp);
}

/**
 * Points on `axis`, ascending. Lines off the axis are left out; two lines in one slot (a closing
 * auction stamped at the close) make one point: the later price, the summed volume.
 */
export function toPlotPoints(axis: TimeAxis, lines: readonly IntradayLine[], prevClose?: number): PlotPoint[] {
  const points: PlotPoint[] = [];
  for (const line of byTime(lines)) {
    const slot = slotOf(axis, line.timestamp);
    const price = Number(line.price);
    // No average before the first trade (a zero): a gap in the line, not a plunge to zero.
    const avg = Number(line.avg_price) > 0 ? Number(line.avg_price) : Number.NaN;
    if (slot === undefined || !Number.isFinite(price)) continue;
    const last = points[points.length - 1];
    if (last?.slot === slot) {
      points[points.length - 1] = { ...last, price, avg, volume: last.volume + line.volume };
      continue;
    }
    points.push({ slot, time: line.timestamp, price, avg, volume: line.volume, up: true });
  }
  let before = prevClose;
  for (const point of points) {
    point.up = before === undefined || point.price >= before;
    before = point.price;
  }
  return points;
}

/** Last price, change versus the previous close, cumulative volume and turnover; undefined when empty. */
export function summarize(lines: readonly IntradayLine[], prevClose?: number): DaySummary | undefined {
  const ordered = byTime(lines);
  const lastLine = ordered[ordered.length - 1];
  if (lastLine === undefined) return undefined;
  const last = Number(lastLine.price);
  let volume = 0;
  let turnover = 0;
  for (const line of ordered) {
    volume += line.volume;
    turnover += Number(line.turnover);
  }
  const summary: DaySummary = { last, time: lastLine.timestamp, volume, turnover };
  if (prevClose !== undefined && Number.isFinite(prevClose) && prevClose !== 0) {
    summary.change = last - prevClose;
    summary.changePercent = ((last - prevClose) / prevClose) * 100;
  }
  return summary;
}
