import { describe, expect, it } from 'vitest';
import { allBarsComplete, barEnd, earliestNextOpen, newestPageEnd, windowSettled } from './kline-window-policy.ts';

const NOW = Date.parse('2026-11-25T15:00:00Z');
const END = Date.parse('2026-11-24T23:59:59.999Z');

describe('newestPageEnd', () => {
  const now = Date.parse('2026-11-25T15:01:30.250Z');

  it('intraday intervals: just before the current period on the epoch grid', () => {
    expect(newestPageEnd('1m', now, 'UTC')).toBe(Date.UTC(2026, 10, 25, 15, 1) - 1);
    expect(newestPageEnd('3m', now, 'UTC')).toBe(Date.UTC(2026, 10, 25, 15, 0) - 1);
    expect(newestPageEnd('5m', now, 'UTC')).toBe(Date.UTC(2026, 10, 25, 15, 0) - 1);
    expect(newestPageEnd('1h', now, 'UTC')).toBe(Date.UTC(2026, 10, 25, 15, 0) - 1);
    expect(newestPageEnd('4h', now, 'UTC')).toBe(Date.UTC(2026, 10, 25, 12, 0) - 1);
  });

  it('1d, 1w and 1M: two hours before the current day, week (Monday) or month starts in the market', () => {
    const hour = 3_600_000;
    // 15:01 UTC on Wednesday 25 November: 10:01 in New York, 23:01 in Hong Kong.
    expect(newestPageEnd('1d', now, 'America/New_York')).toBe(Date.parse('2026-11-25T05:00:00Z') - 2 * hour - 1);
    expect(newestPageEnd('1d', now, 'Asia/Hong_Kong')).toBe(Date.parse('2026-11-24T16:00:00Z') - 2 * hour - 1);
    expect(newestPageEnd('1d', now, 'UTC')).toBe(Date.parse('2026-11-25T00:00:00Z') - 2 * hour - 1);
    expect(newestPageEnd('1w', now, 'America/New_York')).toBe(Date.parse('2026-11-23T05:00:00Z') - 2 * hour - 1);
    // 1 November 00:00 in New York is still daylight-saving time (UTC−4).
    expect(newestPageEnd('1M', now, 'America/New_York')).toBe(Date.parse('2026-11-01T04:00:00Z') - 2 * hour - 1);
    expect(newestPageEnd('1M', now, 'Asia/Shanghai')).toBe(Date.parse('2026-10-31T16:00:00Z') - 2 * hour - 1);
  });

  it("1d: the market's day, not the UTC one: at 03:00 UTC Hong Kong is in its day and New York in its evening", () => {
    const early = Date.parse('2026-11-25T03:00:00Z');
    expect(newestPageEnd('1d', early, 'Asia/Hong_Kong')).toBe(Date.parse('2026-11-24T14:00:00Z') - 1);
    expect(newestPageEnd('1d', early, 'America/New_York')).toBe(Date.parse('2026-11-24T03:00:00Z') - 1);
  });

  it('is the same instant for every moment of one period, and moves with the next', () => {
    const start = Date.UTC(2026, 10, 25, 15, 15);
    const ends = [0, 1, 60_000, 15 * 60_000 - 1].map((offset) => newestPageEnd('15m', start + offset, 'UTC'));
    expect(new Set(ends)).toEqual(new Set([start - 1]));
    expect(newestPageEnd('15m', start + 15 * 60_000, 'UTC')).toBe(start + 15 * 60_000 - 1);
  });
});

describe('bar ends and completeness', () => {
  it('ends intraday bars one interval after they open, 1d and 1w a day and a week later', () => {
    const open = Date.parse('2026-11-25T14:30:00Z');
    expect(barEnd(open, '1m')).toBe(open + 60_000);
    expect(barEnd(open, '15m')).toBe(open + 15 * 60_000);
    expect(barEnd(open, '4h')).toBe(open + 4 * 3_600_000);
    expect(barEnd(open, '1d')).toBe(open + 86_400_000);
    expect(barEnd(open, '1w')).toBe(open + 7 * 86_400_000);
  });

  it('ends a 1M bar at the next month start of its own zone (plus an hour of daylight-saving slack)', () => {
    // New York (EDT, UTC-4 on 1 October), Hong Kong (UTC+8), UTC.
    expect(barEnd(Date.parse('2026-10-01T04:00:00Z'), '1M')).toBe(Date.parse('2026-11-01T05:00:00Z'));
    expect(barEnd(Date.parse('2026-09-30T16:00:00Z'), '1M')).toBe(Date.parse('2026-10-31T17:00:00Z'));
    expect(barEnd(Date.parse('2026-12-01T00:00:00Z'), '1M')).toBe(Date.parse('2027-01-01T01:00:00Z'));
  });

  it('calls a window settled once the bar containing end_time must have ended', () => {
    expect(windowSettled({ interval: '1m', endTime: NOW - 60_001 }, NOW)).toBe(true);
    expect(windowSettled({ interval: '1m', endTime: NOW - 1 }, NOW)).toBe(false);
    expect(windowSettled({ interval: '1d', endTime: END }, NOW)).toBe(false);
    expect(windowSettled({ interval: '1d', endTime: NOW - 86_400_000 }, NOW)).toBe(true);
  });

  it('calls a window settled when no bar can open between its newest bar and end_time', () => {
    const hour = 3_600_000;
    // Hong Kong's day bar of 24 November opened at 16:00 UTC on the 23rd; the app's newest page at
    // 03:00 UTC on the 25th ends two hours before Hong Kong's 25th began (16:00 UTC on the 24th).
    const early = Date.parse('2026-11-25T03:00:00Z');
    const newest = Date.parse('2026-11-23T16:00:00Z');
    const pageEnd = Date.parse('2026-11-24T14:00:00Z') - 1;
    expect(windowSettled({ interval: '1d', endTime: pageEnd }, early)).toBe(false);
    expect(windowSettled({ interval: '1d', endTime: pageEnd }, early, newest)).toBe(true);
    // An end_time a bar could still open before (here the forming day's open) is not settled.
    expect(windowSettled({ interval: '1d', endTime: newest + 23 * hour }, early, newest)).toBe(false);
    expect(windowSettled({ interval: '1d', endTime: newest + 23 * hour - 1 }, early, newest)).toBe(true);
    // Intraday bars settle by the end_time rule only.
    expect(windowSettled({ interval: '1h', endTime: early - 1 }, early, early - hour)).toBe(false);
  });

  it('puts the earliest next open a daylight-saving hour before the bar end (two for 1M, whose end carries one)', () => {
    const open = Date.parse('2026-10-01T04:00:00Z');
    expect(earliestNextOpen(open, '1d')).toBe(open + 23 * 3_600_000);
    expect(earliestNextOpen(open, '1w')).toBe(open + 7 * 86_400_000 - 3_600_000);
    expect(earliestNextOpen(open, '1M')).toBe(Date.parse('2026-11-01T03:00:00Z'));
    expect(earliestNextOpen(open, '4h')).toBeUndefined();
  });

  it('requires every bar complete', () => {
    const bars = [NOW - 3 * 60_000, NOW - 2 * 60_000, NOW - 60_000];
    expect(allBarsComplete(bars, '1m', NOW)).toBe(true);
    expect(allBarsComplete([...bars, NOW - 30_000], '1m', NOW)).toBe(false);
  });
});
