/**
 * Pure mapping of candles on the chart's clock (src/lib/time-mapper's ChartCandle: time in
 * seconds shifted into the display zone) to the plain points the chart draws. The adapter only
 * brands these times for the chart library; everything here is testable without a canvas.
 */
import type { ChartCandle } from '../../lib/time-mapper';
import { isUp, type ChartPalette } from './chart-palette';

export interface BarPoint {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

export interface VolumePoint {
  time: number;
  value: number;
  color: string;
}

/** A time without a value (an indicator warming up): keeps every series on the same time axis. */
export interface WhitespacePoint {
  time: number;
}

export type LinePoint = { time: number; value: number } | WhitespacePoint;

export function toBar(candle: ChartCandle): BarPoint {
  return { time: candle.time, open: candle.open, high: candle.high, low: candle.low, close: candle.close };
}

export function toVolume(candle: ChartCandle, palette: ChartPalette): VolumePoint {
  return { time: candle.time, value: candle.volume, color: isUp(candle) ? palette.volumeUp : palette.volumeDown };
}

/** One indicator value as a line point; whitespace while it warms up. */
export function toLinePoint(time: number, value: number | undefined): LinePoint {
  return value === undefined || !Number.isFinite(value) ? { time } : { time, value };
}

/** One indicator value as a histogram bar, coloured by its sign; whitespace while it warms up. */
export function toHistogramPoint(time: number, value: number | undefined, upColor: string, downColor: string): VolumePoint | WhitespacePoint {
  return value === undefined || !Number.isFinite(value) ? { time } : { time, value, color: value >= 0 ? upColor : downColor };
}

export function toLine(times: readonly number[], values: readonly (number | undefined)[]): LinePoint[] {
  return times.map((time, i) => toLinePoint(time, values[i]));
}

export function toHistogram(
  times: readonly number[],
  values: readonly (number | undefined)[],
  upColor: string,
  downColor: string,
): (VolumePoint | WhitespacePoint)[] {
  return times.map((time, i) => toHistogramPoint(time, values[i], upColor, downColor));
}

/** Index of the candle drawn at chart time `time` (binary search over ascending chart times). */
export function indexAtChartTime(times: readonly number[], time: number): number {
  let low = 0;
  let high = times.length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const value = times[mid] as number;
    if (value === time) return mid;
    if (value < time) low = mid + 1;
    else high = mid - 1;
  }
  return -1;
}

const pad = (value: number): string => String(value).padStart(2, '0');

/**
 * Chart seconds as the axis reads them (wall-clock time of the display zone): "2026-03-09 14:30",
 * "2026-03-09" for daily and weekly candles, "2026-03" for monthly ones.
 */
export function formatChartTime(seconds: number, style: 'minute' | 'day' | 'month'): string {
  const date = new Date(seconds * 1000);
  const month = `${String(date.getUTCFullYear())}-${pad(date.getUTCMonth() + 1)}`;
  if (style === 'month') return month;
  const day = `${month}-${pad(date.getUTCDate())}`;
  return style === 'day' ? day : `${day} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
}

/** Index of the last time ≤ `time` in ascending `times`, or -1 when all are later. */
export function indexAtOrBefore(times: readonly number[], time: number): number {
  let low = 0;
  let high = times.length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    if ((times[mid] as number) <= time) low = mid + 1;
    else high = mid - 1;
  }
  return high;
}
