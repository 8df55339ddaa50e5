import { describe, expect, it } from 'vitest';
import { awayFromLatest, centredOn, chartTimeOfDate, placeOfDay } from './view-moves';

const DAY = 86_400;
const day = (text: string): number => Date.UTC(Number(text.slice(0, 4)), Number(text.slice(5, 7)) - 1, Number(text.slice(8, 10))) / 1000;

describe('chartTimeOfDate', () => {
  it('reads a typed date as the chart time of its midnight', () => {
    expect(chartTimeOfDate('2025-11-25')).toBe(day('2025-11-25'));
    expect(chartTimeOfDate(' 2024-02-29 ')).toBe(day('2024-02-29'));
  });
  it('reads the other ways a date is typed (lib/typed-date): slashes, dots, no separator, one digit, Chinese', () => {
    for (const text of ['2025/11/25', '2025.11.25', '20251125', '2025年11月25日', '2025 - 11 - 25'])
      expect(chartTimeOfDate(text), text).toBe(day('2025-11-25'));
    expect(chartTimeOfDate('2025-1-5')).toBe(day('2025-01-05'));
  });
  it('refuses what is no date', () => {
    expect(chartTimeOfDate('2025-02-30')).toBeUndefined();
    expect(chartTimeOfDate('2025-13-01')).toBeUndefined();
    // Year last, in the browser's order (English, month first, here): no 25th month.
    expect(chartTimeOfDate('25/11/2025')).toBeUndefined();
    expect(chartTimeOfDate('2025-11')).toBeUndefined();
    expect(chartTimeOfDate('2025-11-25-1')).toBeUndefined();
    expect(chartTimeOfDate('')).toBeUndefined();
  });
});

describe('placeOfDay', () => {
  // Daily bars Monday to Friday, two weeks.
  const dailies = ['2025-11-03', '2025-11-04', '2025-11-05', '2025-11-06', '2025-11-07', '2025-11-10', '2025-11-11'].map(day);

  it('finds the bar of a trading day', () => {
    expect(placeOfDay(dailies, day('2025-11-05'))).toEqual({ kind: 'bars', first: 2, last: 2 });
  });
  it('takes the bar before a day without one (a weekend): the nearest earlier session', () => {
    expect(placeOfDay(dailies, day('2025-11-08'))).toEqual({ kind: 'bars', first: 4, last: 4 });
  });
  it('says latest for a day after the latest bar’s, the latest bar’s own day', () => {
    expect(placeOfDay(dailies, day('2025-12-01'))).toEqual({ kind: 'latest' });
    expect(placeOfDay(dailies, day('2025-11-11'))).toEqual({ kind: 'bars', first: 6, last: 6 });
  });
  it('says older for a day before the first bar', () => {
    expect(placeOfDay(dailies, day('2025-11-02'))).toEqual({ kind: 'older' });
    expect(placeOfDay([], day('2025-11-02'))).toEqual({ kind: 'older' });
  });
  it('spans every bar of the day on an intraday chart', () => {
    const start = day('2025-11-04');
    const hourly = [start - 3_600, start + 9 * 3_600, start + 10 * 3_600, start + 15 * 3_600, start + DAY + 9 * 3_600];
    expect(placeOfDay(hourly, start)).toEqual({ kind: 'bars', first: 1, last: 3 });
  });
  it('takes the weekly bar holding the day', () => {
    const weeks = ['2025-11-03', '2025-11-10', '2025-11-17'].map(day);
    expect(placeOfDay(weeks, day('2025-11-12'))).toEqual({ kind: 'bars', first: 1, last: 1 });
  });
});

describe('centredOn', () => {
  it('keeps the view as wide and puts the bars in its middle', () => {
    expect(centredOn(100, 100, 80)).toEqual({ from: 60, to: 140 });
    expect(centredOn(10, 14, 20)).toEqual({ from: 2, to: 22 });
  });
  it('widens to show every bar of the day', () => {
    expect(centredOn(0, 39, 20)).toEqual({ from: -0.5, to: 39.5 });
  });
});

describe('awayFromLatest', () => {
  it('is away once the latest bar is past the right edge, not while the space right of it shrinks', () => {
    expect(awayFromLatest(3)).toBe(false);
    expect(awayFromLatest(0)).toBe(false);
    expect(awayFromLatest(-0.5)).toBe(true);
  });
});
