import { describe, expect, it } from 'vitest';
import { zonedTimeToUtc } from '#shared/time-zone.ts';
import { summarize, toPlotPoints } from './intraday-points';
import { linearScale, niceTicks, priceDomain } from './price-scale';
import type { TimeAxis } from './time-axis';

const HKT = 'Asia/Hong_Kong';
const hk = (hour: number, minute: number): number => zonedTimeToUtc(2026, 11, 25, hour, minute, HKT);

const AXIS: TimeAxis = {
  tradingDay: '20261125',
  timeZone: HKT,
  minutes: 330,
  segments: [
    { start: hk(9, 30), end: hk(12, 0), phase: 'open', offset: 0, minutes: 150 },
    { start: hk(13, 0), end: hk(16, 0), phase: 'open', offset: 150, minutes: 180 },
  ],
};

function line(ms: number, price: string, volume: number, avg = price) {
  return { timestamp: ms, price, volume, turnover: String(Number(price) * volume), avg_price: avg };
}

describe('toPlotPoints', () => {
  it('places the minutes on their slots, sorted, colouring each by its move', () => {
    const points = toPlotPoints(AXIS, [line(hk(13, 0), '99', 300), line(hk(9, 30), '101', 100), line(hk(9, 31), '100.5', 200)], 100);
    expect(points.map((p) => [p.slot, p.price, p.up])).toEqual([
      [0, 101, true], // above the previous close
      [1, 100.5, false],
      [150, 99, false],
    ]);
  });

  it('counts a flat minute as up, and the first minute as up without a previous close', () => {
    const points = toPlotPoints(AXIS, [line(hk(9, 30), '100', 1), line(hk(9, 31), '100', 1)]);
    expect(points.map((p) => p.up)).toEqual([true, true]);
  });

  it('leaves out lines off the axis and folds a line at the close into the last minute', () => {
    const points = toPlotPoints(AXIS, [line(hk(12, 30), '1', 1), line(hk(15, 59), '100', 10), line(hk(16, 0), '100.2', 5)]);
    expect(points).toEqual([{ slot: 329, time: hk(15, 59), price: 100.2, avg: 100.2, volume: 15, up: true }]);
  });
});

describe('summarize', () => {
  it('gives the last price, the change versus the previous close and the day totals', () => {
    const summary = summarize([line(hk(9, 31), '102', 200), line(hk(9, 30), '101', 100)], 100);
    expect(summary).toEqual({ last: 102, time: hk(9, 31), change: 2, changePercent: 2, volume: 300, turnover: 101 * 100 + 102 * 200 });
  });

  it('has no change without a previous close, and nothing for an empty day', () => {
    expect(summarize([line(hk(9, 30), '5', 1)])?.change).toBeUndefined();
    expect(summarize([], 100)).toBeUndefined();
  });
});

describe('price scale', () => {
  it('spans prices, averages and the previous close with a margin', () => {
    const points = toPlotPoints(AXIS, [line(hk(9, 30), '101', 1, '100.5'), line(hk(9, 31), '104', 1, '102')]);
    expect(priceDomain(points, 100, 0.25)).toEqual({ min: 99, max: 105 });
    expect(priceDomain([], undefined)).toBeUndefined();
    expect(priceDomain([], 50)).toEqual({ min: 49.75, max: 50.25 });
  });

  it('picks round ticks without floating-point noise', () => {
    expect(niceTicks({ min: 99, max: 105 }, 4)).toEqual([100, 102, 104]);
    expect(niceTicks({ min: 0.1, max: 0.45 }, 4)).toEqual([0.1, 0.2, 0.3, 0.4]);
    expect(niceTicks({ min: 1, max: 1 }, 4)).toEqual([]);
    // A whole-number price never gets half-unit labels that would print twice.
    expect(niceTicks({ min: 10.1, max: 11.9 }, 6, 1)).toEqual([11]);
  });

  it('maps the domain onto pixels, top above bottom', () => {
    const y = linearScale({ min: 100, max: 110 }, 200, 0);
    expect(y(100)).toBe(200);
    expect(y(110)).toBe(0);
    expect(y(105)).toBe(100);
  });
});
