import { describe, expect, it } from 'vitest';
import { usExtendedPieces, tradingSessionsTable } from './sessions.ts';
import { must, utc } from './test-helpers.ts';

describe('tradingSessionsTable', () => {
  it('describes US, HK and CN sessions in local hhmm', () => {
    expect(tradingSessionsTable()).toEqual([
      {
        market: 'US',
        trading_sessions: [
          { begin_time: 400, end_time: 930, trade_session: 1 },
          { begin_time: 930, end_time: 1600 },
          { begin_time: 1600, end_time: 2000, trade_session: 2 },
          { begin_time: 2000, end_time: 400, trade_session: 3 },
        ],
      },
      {
        market: 'HK',
        trading_sessions: [
          { begin_time: 930, end_time: 1200 },
          { begin_time: 1300, end_time: 1600 },
        ],
      },
      {
        market: 'CN',
        trading_sessions: [
          { begin_time: 930, end_time: 1130 },
          { begin_time: 1300, end_time: 1500 },
        ],
      },
    ]);
  });

  it('omits trade_session on normal-trading entries', () => {
    const normal = tradingSessionsTable().flatMap(({ trading_sessions }) => trading_sessions.filter((entry) => entry.begin_time === 930));
    expect(normal).toHaveLength(3);
    for (const entry of normal) expect(Object.keys(entry)).toEqual(['begin_time', 'end_time']);
  });

  it('returns a fresh copy', () => {
    const first = tradingSessionsTable();
    must(first[0]?.trading_sessions[0]).begin_time = 0;
    first.pop();
    expect(tradingSessionsTable()).toHaveLength(3);
    expect(tradingSessionsTable()[0]?.trading_sessions[0]?.begin_time).toBe(400);
  });
});

describe('usExtendedPieces', () => {
  it('gives pre-market and after-hours in UTC on a full day', () => {
    expect(usExtendedPieces('20261125')).toEqual({
      pre: [utc(2026, 11, 25, 9), utc(2026, 11, 25, 14, 30)],
      after: [utc(2026, 11, 25, 21), utc(2026, 11, 26, 1)],
    });
    // Daylight time: an hour earlier in UTC.
    expect(usExtendedPieces('20260309')).toEqual({
      pre: [utc(2026, 3, 9, 8), utc(2026, 3, 9, 13, 30)],
      after: [utc(2026, 3, 9, 20), utc(2026, 3, 10)],
    });
  });

  it('ends after-hours at 17:00 ET on a half day', () => {
    expect(usExtendedPieces('20261127')).toEqual({
      pre: [utc(2026, 11, 27, 9), utc(2026, 11, 27, 14, 30)],
      after: [utc(2026, 11, 27, 18), utc(2026, 11, 27, 22)],
    });
  });

  it('is undefined on holidays and weekends', () => {
    expect(usExtendedPieces('20261126')).toBeUndefined();
    expect(usExtendedPieces('20261128')).toBeUndefined();
  });
});
