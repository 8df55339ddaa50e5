import { describe, expect, it } from 'vitest';
import type { IntradayPoint as IntradayLine } from '../../api/quote-schemas';
import { followTick } from './live-line';

const MINUTE = 60_000;
const T = Date.UTC(2026, 10, 25, 15, 0);
const LINES: IntradayLine[] = [
  { timestamp: T - MINUTE, price: '100', volume: 500, turnover: '50000', avg_price: '100' },
  { timestamp: T, price: '101', volume: 200, turnover: '20200', avg_price: '100.285714' },
];

describe('followTick', () => {
  it('same minute: the last point takes the price and the volume traded since the push before', () => {
    const next = followTick(LINES, { price: '101.5', time: T + 30_000, dayVolume: 1_050, previousDayVolume: 1_000 });
    expect(next).toHaveLength(2);
    expect(next[1]).toEqual({ timestamp: T, price: '101.5', volume: 250, turnover: '25275', avg_price: '100.285714' });
    expect(next[0]).toBe(LINES[0]);
  });

  it('a new minute appends a point', () => {
    const next = followTick(LINES, { price: '102', time: T + MINUTE + 5_000, dayVolume: 1_010, previousDayVolume: 1_000 });
    expect(next).toHaveLength(3);
    expect(next[2]).toEqual({ timestamp: T + MINUTE, price: '102', volume: 10, turnover: '1020', avg_price: '100.285714' });
  });

  it('older pushes, unchanged prices without volume, and empty lines change nothing', () => {
    expect(followTick(LINES, { price: '99', time: T - 1 })).toBe(LINES);
    expect(followTick(LINES, { price: '101', time: T + 10_000 })).toBe(LINES);
    expect(followTick([], { price: '99', time: T })).toEqual([]);
    expect(followTick(LINES, { price: 'x', time: T + 1 })).toBe(LINES);
  });
});
