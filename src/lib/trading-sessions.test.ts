import { describe, expect, it } from 'vitest';
import { halfDaySessions, sessionsOn, type TradingSession } from './trading-sessions';

const US: TradingSession[] = [
  { begin_time: 400, end_time: 930, trade_session: 1 },
  { begin_time: 930, end_time: 1600 },
  { begin_time: 1600, end_time: 2000, trade_session: 2 },
  { begin_time: 2000, end_time: 400, trade_session: 3 },
];
const HK: TradingSession[] = [
  { begin_time: 930, end_time: 1200 },
  { begin_time: 1300, end_time: 1600 },
];

describe('halfDaySessions', () => {
  it('closes the US at 13:00 with after-hours 13:00–17:00', () => {
    expect(halfDaySessions('US', US)).toEqual([
      { begin_time: 400, end_time: 930, trade_session: 1 },
      { begin_time: 930, end_time: 1300 },
      { begin_time: 1300, end_time: 1700, trade_session: 2 },
      { begin_time: 2000, end_time: 400, trade_session: 3 },
    ]);
  });

  it('keeps the HK morning only and CN unchanged', () => {
    expect(halfDaySessions('HK', HK)).toEqual([{ begin_time: 930, end_time: 1200 }]);
    const cn = [
      { begin_time: 930, end_time: 1130 },
      { begin_time: 1300, end_time: 1500 },
    ];
    expect(halfDaySessions('CN', cn)).toEqual(cn);
  });
});

describe('sessionsOn', () => {
  it('lays a US day out in UTC, the overnight session starting the evening before', () => {
    const day = sessionsOn('US', US, '20261124', 'full', 'America/New_York');
    expect(day.map((s) => [s.phase, s.start, s.end])).toEqual([
      ['overnight', Date.UTC(2026, 10, 24, 1), Date.UTC(2026, 10, 24, 9)],
      ['pre-market', Date.UTC(2026, 10, 24, 9), Date.UTC(2026, 10, 24, 14, 30)],
      ['open', Date.UTC(2026, 10, 24, 14, 30), Date.UTC(2026, 10, 24, 21)],
      ['after-hours', Date.UTC(2026, 10, 24, 21), Date.UTC(2026, 10, 25, 1)],
    ]);
    expect(day.every((s) => s.tradingDay === '20261124' && !s.half)).toBe(true);
  });

  it('follows DST: Monday 9 Mar 2026 opens at 13:30Z, its overnight session began 00:00Z', () => {
    const day = sessionsOn('US', US, '20260309', 'full', 'America/New_York');
    expect(day[0]).toMatchObject({ phase: 'overnight', start: Date.UTC(2026, 2, 9, 0), end: Date.UTC(2026, 2, 9, 8) });
    expect(day[2]).toMatchObject({ phase: 'open', start: Date.UTC(2026, 2, 9, 13, 30) });
  });

  it('marks half days, handles 2400 and skips unknown session kinds', () => {
    const day = sessionsOn('HK', [...HK, { begin_time: 1700, end_time: 2400, trade_session: 9 }], '20261224', 'half', 'Asia/Hong_Kong');
    expect(day).toEqual([{ phase: 'open', start: Date.UTC(2026, 11, 24, 1, 30), end: Date.UTC(2026, 11, 24, 4), tradingDay: '20261224', half: true }]);
    const late = sessionsOn('CN', [{ begin_time: 2100, end_time: 2400 }], '20261124', 'full', 'Asia/Shanghai');
    expect(late[0]).toMatchObject({ start: Date.UTC(2026, 10, 24, 13), end: Date.UTC(2026, 10, 24, 16) });
  });
});
