import { describe, expect, it } from 'vitest';
import type { Candle } from '#shared/candle.ts';
import { toChartSeries } from '../../lib/time-mapper';
import { chartPalette } from './chart-palette';
import { formatChartTime, indexAtChartTime, toBar, toHistogram, toLine, toVolume } from './series-data';

const palette = chartPalette('dark', 'green-up');
// 2026-03-09 13:30 UTC = 09:30 in New York (EDT since 2026-03-08).
const OPEN = Date.UTC(2026, 2, 9, 13, 30);
const candles: Candle[] = [
  { time: OPEN, open: 10, high: 12, low: 9, close: 11, volume: 1500, quoteVolume: 16_000 },
  { time: OPEN + 60_000, open: 11, high: 11.5, low: 10, close: 10.5, volume: 900 },
];

describe('candles to chart points', () => {
  const bars = toChartSeries(candles, 'market', 'America/New_York');

  it('maps candles to bars on the chart clock (wall-clock time of the display zone)', () => {
    expect(bars.map((bar) => toBar(bar))).toEqual([
      { time: Date.UTC(2026, 2, 9, 9, 30) / 1000, open: 10, high: 12, low: 9, close: 11 },
      { time: Date.UTC(2026, 2, 9, 9, 31) / 1000, open: 11, high: 11.5, low: 10, close: 10.5 },
    ]);
  });

  it('colours volume by the candle’s direction', () => {
    expect(bars.map((bar) => toVolume(bar, palette))).toEqual([
      { time: bars[0]?.time, value: 1500, color: palette.volumeUp },
      { time: bars[1]?.time, value: 900, color: palette.volumeDown },
    ]);
  });

  it('keeps indicator warm-up as whitespace on the same times', () => {
    expect(toLine([1, 2, 3], [undefined, 5, Number.NaN])).toEqual([{ time: 1 }, { time: 2, value: 5 }, { time: 3 }]);
    expect(toHistogram([1, 2, 3], [undefined, 0.5, -0.5], 'up', 'down')).toEqual([
      { time: 1 },
      { time: 2, value: 0.5, color: 'up' },
      { time: 3, value: -0.5, color: 'down' },
    ]);
  });
});

describe('indexAtChartTime', () => {
  it('finds a candle by its chart time', () => {
    const times = [10, 20, 30, 40];
    expect(indexAtChartTime(times, 10)).toBe(0);
    expect(indexAtChartTime(times, 40)).toBe(3);
    expect(indexAtChartTime(times, 25)).toBe(-1);
    expect(indexAtChartTime([], 25)).toBe(-1);
  });
});

describe('formatChartTime', () => {
  it('reads chart seconds as the axis does', () => {
    const seconds = Date.UTC(2026, 2, 9, 9, 5) / 1000;
    expect(formatChartTime(seconds, 'minute')).toBe('2026-03-09 09:05');
    expect(formatChartTime(seconds, 'day')).toBe('2026-03-09');
    expect(formatChartTime(seconds, 'month')).toBe('2026-03');
  });
});
