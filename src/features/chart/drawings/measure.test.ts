import { describe, expect, it } from 'vitest';
import { barsBetween, formatDuration, measureLabel, measureStats } from './measure';

const DAY = 86_400_000;
const candles = [0, 1, 2, 3, 4].map((i) => ({ time: i * DAY, open: 1, high: 1, low: 1, close: 1 }));

describe('measure', () => {
  it('counts bars between two times, signed by direction', () => {
    expect(barsBetween(candles, 0, 3 * DAY)).toBe(3);
    expect(barsBetween(candles, 3 * DAY, 0)).toBe(-3);
    expect(barsBetween(candles, DAY / 2, 2 * DAY)).toBe(2);
    expect(barsBetween(candles, 0, 10 * DAY)).toBe(4);
  });
  it('gives Δ price, Δ %, bars and time', () => {
    const stats = measureStats({ time: 0, price: 100 }, { time: 2 * DAY, price: 110 }, candles);
    expect(stats).toEqual({ priceChange: 10, percentChange: 10, bars: 2, duration: 2 * DAY });
    expect(measureLabel(stats, 2)).toBe('+10.00 (+10.00%) · 2 bars · 2d');
    expect(measureLabel(measureStats({ time: 0, price: 100 }, { time: DAY + 3_600_000, price: 95 }, candles), 1)).toBe('−5.0 (−5.00%) · 1 bar · 1d 1h');
  });
  it('formats durations by their two largest units', () => {
    expect(formatDuration(45 * 60_000)).toBe('45m');
    expect(formatDuration(3 * DAY + 4 * 3_600_000 + 5 * 60_000)).toBe('3d 4h');
    expect(formatDuration(0)).toBe('0m');
  });
});
