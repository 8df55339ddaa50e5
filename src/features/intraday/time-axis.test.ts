import { describe, expect, it } from 'vitest';
import { zonedTimeToUtc } from '#shared/time-zone.ts';
import { buildTimeAxis, slotOf, timeOfSlot, tradingDayOf, type TimeAxis } from './time-axis';

const NY = 'America/New_York';
const HKT = 'Asia/Hong_Kong';
const SHA = 'Asia/Shanghai';

/** The session tables exactly as the simulator's /v1/market/trading-sessions returns them. */
const US_SESSIONS = [
  { begin_time: 400, end_time: 930, trade_session: 1 },
  { begin_time: 930, end_time: 1600 },
  { begin_time: 1600, end_time: 2000, trade_session: 2 },
  { begin_time: 2000, end_time: 400, trade_session: 3 },
];
const HK_SESSIONS = [
  { begin_time: 930, end_time: 1200 },
  { begin_time: 1300, end_time: 1600 },
];
const CN_SESSIONS = [
  { begin_time: 930, end_time: 1130, trade_session: 0 },
  { begin_time: 1300, end_time: 1500, trade_session: 0 },
];

/** 2026-11-25 (a Wednesday) at hh:mm in `zone`, ms UTC. */
function at(hour: number, minute: number, zone: string, day = 25): number {
  return zonedTimeToUtc(2026, 11, day, hour, minute, zone);
}

function required(axis: TimeAxis | undefined): TimeAxis {
  if (axis === undefined) throw new Error('expected an axis');
  return axis;
}

describe('the US axis', () => {
  const axis = required(buildTimeAxis({ market: 'US', sessions: US_SESSIONS, timeZone: NY, timestamps: [at(9, 30, NY), at(9, 31, NY), at(10, 15, NY)] }));

  it('spans the 390 regular minutes of the day, even though lines stop at 10:15', () => {
    expect(axis.minutes).toBe(390);
    expect(axis.tradingDay).toBe('20261125');
    expect(axis.segments).toEqual([{ start: at(9, 30, NY), end: at(16, 0, NY), phase: 'open', offset: 0, minutes: 390 }]);
  });

  it('gives each minute its slot, the close joining the last minute, nothing off the session', () => {
    expect(slotOf(axis, at(9, 30, NY))).toBe(0);
    expect(slotOf(axis, at(10, 15, NY))).toBe(45);
    expect(slotOf(axis, at(15, 59, NY))).toBe(389);
    expect(slotOf(axis, at(16, 0, NY))).toBe(389);
    expect(slotOf(axis, at(9, 29, NY))).toBeUndefined();
    expect(slotOf(axis, at(16, 1, NY))).toBeUndefined();
    expect(timeOfSlot(axis, 389)).toBe(at(15, 59, NY));
    expect(timeOfSlot(axis, 390)).toBeUndefined();
  });

  it('keeps 390 minutes on the first trading day after the change to daylight saving time', () => {
    const dst = required(buildTimeAxis({ market: 'US', sessions: US_SESSIONS, timeZone: NY, timestamps: [zonedTimeToUtc(2026, 3, 9, 9, 30, NY)] }));
    expect(dst.minutes).toBe(390);
    expect(dst.segments[0]?.start).toBe(Date.UTC(2026, 2, 9, 13, 30));
  });
});

describe('the HK axis', () => {
  const axis = required(buildTimeAxis({ market: 'HK', sessions: HK_SESSIONS, timeZone: HKT, timestamps: [at(9, 30, HKT), at(11, 30, HKT)] }));

  it('has 330 minutes with the lunch break closed up', () => {
    expect(axis.minutes).toBe(330);
    expect(axis.segments.map((s) => [s.offset, s.minutes, s.phase])).toEqual([
      [0, 150, 'open'],
      [150, 180, 'open'],
    ]);
  });

  it('puts 13:00 right after 11:59 and nothing in the break', () => {
    expect(slotOf(axis, at(11, 59, HKT))).toBe(149);
    expect(slotOf(axis, at(13, 0, HKT))).toBe(150);
    expect(slotOf(axis, at(12, 0, HKT))).toBe(149); // a line at the morning close joins its last minute
    expect(slotOf(axis, at(12, 30, HKT))).toBeUndefined();
    expect(timeOfSlot(axis, 150)).toBe(at(13, 0, HKT));
    expect(slotOf(axis, at(15, 59, HKT))).toBe(329);
  });
});

describe('the CN axis', () => {
  it('has 240 minutes, the afternoon starting at slot 120', () => {
    const axis = required(buildTimeAxis({ market: 'CN', sessions: CN_SESSIONS, timeZone: SHA, timestamps: [at(9, 30, SHA)] }));
    expect(axis.minutes).toBe(240);
    expect(axis.segments.map((s) => s.offset)).toEqual([0, 120]);
    expect(slotOf(axis, at(11, 29, SHA))).toBe(119);
    expect(slotOf(axis, at(13, 0, SHA))).toBe(120);
    expect(slotOf(axis, at(14, 59, SHA))).toBe(239);
  });
});

describe('US extended hours', () => {
  it('adds the pre-market and after-hours sessions that hold lines, in order', () => {
    const axis = required(buildTimeAxis({ market: 'US', sessions: US_SESSIONS, timeZone: NY, timestamps: [at(8, 0, NY), at(9, 30, NY), at(17, 30, NY)] }));
    expect(axis.segments.map((s) => [s.phase, s.offset, s.minutes])).toEqual([
      ['pre-market', 0, 330],
      ['open', 330, 390],
      ['after-hours', 720, 240],
    ]);
    expect(axis.minutes).toBe(960);
    expect(slotOf(axis, at(8, 0, NY))).toBe(240);
    expect(slotOf(axis, at(9, 30, NY))).toBe(330);
    expect(slotOf(axis, at(17, 30, NY))).toBe(720 + 90);
  });

  it('adds only the extended session that has lines', () => {
    const axis = required(buildTimeAxis({ market: 'US', sessions: US_SESSIONS, timeZone: NY, timestamps: [at(7, 0, NY), at(10, 0, NY)] }));
    expect(axis.segments.map((s) => s.phase)).toEqual(['pre-market', 'open']);
    expect(axis.minutes).toBe(330 + 390);
  });

  it('puts an overnight line of the evening before at the start of the next trading day', () => {
    const evening = at(21, 0, NY, 24);
    expect(tradingDayOf('US', US_SESSIONS, evening, NY)).toBe('20261125');
    const axis = required(buildTimeAxis({ market: 'US', sessions: US_SESSIONS, timeZone: NY, timestamps: [evening, at(9, 30, NY)] }));
    expect(axis.tradingDay).toBe('20261125');
    expect(axis.segments.map((s) => [s.phase, s.minutes])).toEqual([
      ['overnight', 480],
      ['open', 390],
    ]);
    expect(slotOf(axis, evening)).toBe(60);
  });

  it('does not extend for a line stamped at the regular close', () => {
    const axis = required(buildTimeAxis({ market: 'US', sessions: US_SESSIONS, timeZone: NY, timestamps: [at(9, 30, NY), at(16, 0, NY)] }));
    expect(axis.segments.map((s) => s.phase)).toEqual(['open']);
  });
});

describe('no axis', () => {
  it('without lines or without regular sessions', () => {
    expect(buildTimeAxis({ market: 'HK', sessions: HK_SESSIONS, timeZone: HKT, timestamps: [] })).toBeUndefined();
    expect(
      buildTimeAxis({ market: 'US', sessions: [{ begin_time: 400, end_time: 930, trade_session: 1 }], timeZone: NY, timestamps: [at(5, 0, NY)] }),
    ).toBeUndefined();
  });
});
