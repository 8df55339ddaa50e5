/** The price/date range tool's figures: Δ price, Δ %, bars and time between two anchors. */
import { t, type MessageKey } from '../../../i18n/t';
import type { SurfaceCandle } from '../chart-surface';

export interface MeasureStats {
  priceChange: number;
  percentChange: number;
  /** Signed: negative when the second anchor is left of the first. */
  bars: number;
  /** ms, signed. */
  duration: number;
}

/** Index of the first candle at or after `time` (candles oldest first). */
function lowerBound(candles: readonly SurfaceCandle[], time: number): number {
  let low = 0;
  let high = candles.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((candles[middle]?.time ?? Infinity) < time) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Bars between times: the candles that start after the earlier and at or before the later. */
export function barsBetween(candles: readonly SurfaceCandle[], from: number, to: number): number {
  const earlier = Math.min(from, to);
  const later = Math.max(from, to);
  const count = lowerBound(candles, later + 1) - lowerBound(candles, earlier + 1);
  return to >= from ? count : -count;
}

export function measureStats(from: { time: number; price: number }, to: { time: number; price: number }, candles: readonly SurfaceCandle[]): MeasureStats {
  const priceChange = to.price - from.price;
  return {
    priceChange,
    percentChange: from.price === 0 ? 0 : (priceChange / Math.abs(from.price)) * 100,
    bars: barsBetween(candles, from.time, to.time),
    duration: to.time - from.time,
  };
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "3d 4h", "45m": the two largest units. */
export function formatDuration(ms: number): string {
  const sign = ms < 0 ? '−' : '';
  let rest = Math.abs(ms);
  const parts: string[] = [];
  const units: readonly (readonly [MessageKey, number])[] = [
    ['{n}d', DAY],
    ['{n}h', HOUR],
    ['{n}m', MINUTE],
  ];
  for (const [unit, size] of units) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count > 0) parts.push(t(unit, { n: count }));
  }
  return sign + (parts.slice(0, 2).join(' ') || t('{n}m', { n: 0 }));
}

export function measureLabel(stats: MeasureStats, decimals: number): string {
  const sign = stats.priceChange >= 0 ? '+' : '−';
  return `${sign}${Math.abs(stats.priceChange).toFixed(decimals)} (${sign}${Math.abs(stats.percentChange).toFixed(2)}%) · ${t('{count} bars', { count: stats.bars })} · ${formatDuration(stats.duration)}`;
}
