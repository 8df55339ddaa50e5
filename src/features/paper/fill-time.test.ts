import { describe, expect, it } from 'vitest';
import { fillTimeText } from './fill-time';

// 2026-11-24 02:05:30 UTC: 10:05:30 in Hong Kong, 21:05:30 the day before in New York.
const TIME = Date.UTC(2026, 10, 24, 2, 5, 30);

describe('fillTimeText', () => {
  it('reads on the instrument’s market clock, or UTC, as the chart’s zone choice says', () => {
    expect(fillTimeText({ time: TIME, symbol: '700.HK', type: 'stock' }, 'market', false)).toBe('11-24 10:05:30');
    expect(fillTimeText({ time: TIME, symbol: 'AAPL.US', type: 'stock' }, 'market', false)).toBe('11-23 21:05:30');
    expect(fillTimeText({ time: TIME, symbol: '700.HK', type: 'stock' }, 'utc', false)).toBe('11-24 02:05:30');
  });

  it('keeps the clock alone while dates are hidden (a blind replay)', () => {
    expect(fillTimeText({ time: TIME, symbol: '700.HK', type: 'stock' }, 'market', true)).toBe('10:05:30');
  });
});
