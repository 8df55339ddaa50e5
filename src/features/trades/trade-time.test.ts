import { describe, expect, it } from 'vitest';
import { formatClock, formatFullTime } from './trade-time';

// 2026-11-25T02:29:50.838Z
const AT = Date.UTC(2026, 10, 25, 2, 29, 50, 838);

describe('trade times', () => {
  it('reads the clock in the market time zone', () => {
    expect(formatClock(AT, 'Asia/Hong_Kong')).toBe('10:29:50');
    expect(formatClock(AT, 'America/New_York')).toBe('21:29:50');
    expect(formatClock(AT, 'UTC')).toBe('02:29:50');
  });
  it('gives the full date, milliseconds and zone for hover', () => {
    expect(formatFullTime(AT, 'Asia/Hong_Kong')).toBe('2026-11-25 10:29:50.838 (Asia/Hong_Kong)');
    expect(formatFullTime(AT, 'America/New_York')).toBe('2026-11-24 21:29:50.838 (America/New_York)');
  });
});
