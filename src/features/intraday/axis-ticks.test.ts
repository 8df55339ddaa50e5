import { describe, expect, it } from 'vitest';
import { zonedTimeToUtc } from '#shared/time-zone.ts';
import { axisTicks, formatClock, thinTicks } from './axis-ticks';
import type { TimeAxis } from './time-axis';

const HKT = 'Asia/Hong_Kong';
const NY = 'America/New_York';

function hk(hour: number, minute: number): number {
  return zonedTimeToUtc(2026, 11, 25, hour, minute, HKT);
}

const HK_AXIS: TimeAxis = {
  tradingDay: '20261125',
  timeZone: HKT,
  minutes: 330,
  segments: [
    { start: hk(9, 30), end: hk(12, 0), phase: 'open', offset: 0, minutes: 150 },
    { start: hk(13, 0), end: hk(16, 0), phase: 'open', offset: 150, minutes: 180 },
  ],
};

describe('axisTicks', () => {
  it('labels the session boundaries, the closed-up lunch break and the round hours', () => {
    expect(axisTicks(HK_AXIS).map((t) => [t.position, t.label, t.major])).toEqual([
      [0, '09:30', true],
      [30, '10:00', false],
      [90, '11:00', false],
      [150, '12:00/13:00', true],
      [210, '14:00', false],
      [270, '15:00', false],
      [330, '16:00', true],
    ]);
  });

  it('reads the hours in the market zone (New York)', () => {
    const open = zonedTimeToUtc(2026, 11, 25, 9, 30, NY);
    const axis: TimeAxis = {
      tradingDay: '20261125',
      timeZone: NY,
      minutes: 390,
      segments: [{ start: open, end: open + 390 * 60_000, phase: 'open', offset: 0, minutes: 390 }],
    };
    const labels = axisTicks(axis).map((t) => t.label);
    expect(labels).toEqual(['09:30', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00']);
    expect(formatClock(open, NY)).toBe('09:30');
  });
});

describe('thinTicks', () => {
  it('keeps everything when there is room', () => {
    expect(thinTicks(axisTicks(HK_AXIS), 3, 40)).toHaveLength(7);
  });

  it('drops round hours before boundaries on a narrow chart', () => {
    // 1 px per minute, 50 px apart: 09:30, 12:00/13:00 and 16:00 stay; 10:00 is too close to 09:30.
    const labels = thinTicks(axisTicks(HK_AXIS), 1, 50).map((t) => t.label);
    expect(labels).toEqual(['09:30', '11:00', '12:00/13:00', '14:00', '15:00', '16:00']);
    expect(thinTicks(axisTicks(HK_AXIS), 1, 100).map((t) => t.label)).toEqual(['09:30', '12:00/13:00', '16:00']);
  });
});
