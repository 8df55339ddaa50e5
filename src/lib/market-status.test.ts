import { describe, expect, it } from 'vitest';
import type { SessionMarket } from '#shared/contract.ts';
import { formatCountdown, marketStatus, regularSession, tableSchedule, type MarketStatusInput } from './market-status';
import { dayKindLookup, isWeekendYmd, type DayKind } from './trade-days';
import type { TradingSession } from './trading-sessions';

// The simulator's answers to /v1/market/trading-sessions and /v1/market/trade-days.
const US_SESSIONS: TradingSession[] = [
  { begin_time: 400, end_time: 930, trade_session: 1 },
  { begin_time: 930, end_time: 1600 },
  { begin_time: 1600, end_time: 2000, trade_session: 2 },
  { begin_time: 2000, end_time: 400, trade_session: 3 },
];
const HK_SESSIONS: TradingSession[] = [
  { begin_time: 930, end_time: 1200 },
  { begin_time: 1300, end_time: 1600 },
];
const CN_SESSIONS: TradingSession[] = [
  { begin_time: 930, end_time: 1130 },
  { begin_time: 1300, end_time: 1500 },
];

const US_NOV_2026 = dayKindLookup([
  {
    begDay: '20261101',
    endDay: '20261130',
    trade_days: [
      '20261102',
      '20261103',
      '20261104',
      '20261105',
      '20261106',
      '20261109',
      '20261110',
      '20261111',
      '20261112',
      '20261113',
      '20261116',
      '20261117',
      '20261118',
      '20261119',
      '20261120',
      '20261123',
      '20261124',
      '20261125',
      '20261130',
    ],
    half_trade_days: ['20261127'],
  },
]);
const HK_DEC_2026 = dayKindLookup([
  {
    begDay: '20261126',
    endDay: '20261226',
    trade_days: [
      '20261126',
      '20261127',
      '20261130',
      '20261201',
      '20261202',
      '20261203',
      '20261204',
      '20261207',
      '20261208',
      '20261209',
      '20261210',
      '20261211',
      '20261214',
      '20261215',
      '20261216',
      '20261217',
      '20261218',
      '20261221',
      '20261222',
      '20261223',
    ],
    half_trade_days: ['20261224'],
  },
]);
/** Every weekday trades: for the DST weeks, which hold no holiday. */
const EVERY_WEEKDAY = (ymd: string): DayKind => (isWeekendYmd(ymd) ? 'closed' : 'full');

const utc = (month: number, day: number, hour: number, minute = 0): number => Date.UTC(2026, month - 1, day, hour, minute);

function us(now: number, dayKind = US_NOV_2026): ReturnType<typeof marketStatus> {
  return marketStatus({ schedule: tableSchedule('US', US_SESSIONS), dayKind, now });
}

describe('marketStatus — US (New York, EST in late November: UTC−5)', () => {
  it('is open during the regular session', () => {
    expect(us(utc(11, 25, 15))).toEqual({
      phase: 'open',
      label: 'Open',
      since: utc(11, 25, 14, 30),
      nextChange: { at: utc(11, 25, 21), phase: 'after-hours' },
    });
  });

  it('is in pre-market from 04:00 to 09:30', () => {
    expect(us(utc(11, 25, 10))).toEqual({
      phase: 'pre-market',
      label: 'Pre-market',
      since: utc(11, 25, 9),
      nextChange: { at: utc(11, 25, 14, 30), phase: 'open' },
    });
  });

  it('closes after-hours at 20:00 without an overnight session into a holiday', () => {
    // Wednesday 17:00 ET; Thursday is Thanksgiving, so no overnight session starts at 20:00.
    expect(us(utc(11, 25, 22))).toMatchObject({ phase: 'after-hours', nextChange: { at: utc(11, 26, 1), phase: 'closed' } });
    expect(us(utc(11, 26, 3))).toMatchObject({ phase: 'closed', label: 'Closed', since: utc(11, 26, 1) });
  });

  it('runs the overnight session across midnight', () => {
    // Tuesday 20:00 → Wednesday 04:00 ET, seen at 01:00 ET Wednesday.
    expect(us(utc(11, 25, 6))).toEqual({
      phase: 'overnight',
      label: 'Overnight',
      since: utc(11, 25, 1),
      nextChange: { at: utc(11, 25, 9), phase: 'pre-market' },
    });
  });

  it('is closed for a holiday (Thanksgiving, 26 Nov 2026)', () => {
    expect(us(utc(11, 26, 15))).toEqual({
      phase: 'holiday',
      label: 'Closed — holiday',
      since: utc(11, 26, 1),
      // Thursday 20:00 ET: the overnight session of Friday, a half day.
      nextChange: { at: utc(11, 27, 1), phase: 'overnight' },
    });
  });

  it('closes at 13:00 on a half day (27 Nov 2026), after-hours 13:00–17:00', () => {
    expect(us(utc(11, 27, 17))).toEqual({
      phase: 'open',
      label: 'Open — half day',
      since: utc(11, 27, 14, 30),
      nextChange: { at: utc(11, 27, 18), phase: 'after-hours' },
    });
    expect(us(utc(11, 27, 19))).toMatchObject({ phase: 'after-hours', since: utc(11, 27, 18), nextChange: { at: utc(11, 27, 22), phase: 'closed' } });
    // Friday 18:00 ET: shut until the overnight session opens Sunday 20:00 ET.
    expect(us(utc(11, 27, 23))).toMatchObject({ phase: 'closed', nextChange: { at: utc(11, 30, 1), phase: 'overnight' } });
  });

  it('is closed for the weekend, counting down across it', () => {
    const now = utc(11, 28, 15);
    const status = us(now);
    expect(status).toEqual({
      phase: 'weekend',
      label: 'Closed — weekend',
      since: utc(11, 27, 22),
      nextChange: { at: utc(11, 30, 1), phase: 'overnight' },
    });
    expect(formatCountdown((status.nextChange?.at ?? 0) - now)).toBe('1 d 10 h');
  });

  it('moves the UTC instant of 09:30 with the DST changes of 8 Mar and 1 Nov 2026', () => {
    // Friday 6 Mar (EST): 09:30 is 14:30Z. Monday 9 Mar (EDT): 13:30Z.
    expect(us(utc(3, 6, 14), EVERY_WEEKDAY)).toMatchObject({ phase: 'pre-market', nextChange: { at: utc(3, 6, 14, 30), phase: 'open' } });
    expect(us(utc(3, 9, 13), EVERY_WEEKDAY)).toMatchObject({ phase: 'pre-market', nextChange: { at: utc(3, 9, 13, 30), phase: 'open' } });
    expect(us(utc(3, 9, 13, 45), EVERY_WEEKDAY)).toMatchObject({ phase: 'open', since: utc(3, 9, 13, 30) });
    // The weekend straddles the change: after-hours ends 20:00 EST (01:00Z), overnight opens 20:00 EDT (00:00Z).
    expect(us(utc(3, 8, 12), EVERY_WEEKDAY)).toMatchObject({
      phase: 'weekend',
      since: utc(3, 7, 1),
      nextChange: { at: utc(3, 9, 0), phase: 'overnight' },
    });
    // Friday 30 Oct (EDT): 13:30Z. Monday 2 Nov (EST): 14:30Z.
    expect(us(utc(10, 30, 13, 45), EVERY_WEEKDAY)).toMatchObject({ phase: 'open', since: utc(10, 30, 13, 30) });
    expect(us(utc(11, 2, 14))).toMatchObject({ phase: 'pre-market', nextChange: { at: utc(11, 2, 14, 30), phase: 'open' } });
    expect(us(utc(11, 1, 22))).toMatchObject({ phase: 'weekend', nextChange: { at: utc(11, 2, 1), phase: 'overnight' } });
  });
});

describe('marketStatus — HK and CN (UTC+8)', () => {
  const hk = (now: number): ReturnType<typeof marketStatus> => marketStatus({ schedule: tableSchedule('HK', HK_SESSIONS), dayKind: HK_DEC_2026, now });

  it('has a lunch break in Hong Kong', () => {
    expect(hk(utc(12, 2, 4, 30))).toEqual({
      phase: 'lunch',
      label: 'Lunch break',
      since: utc(12, 2, 4),
      nextChange: { at: utc(12, 2, 5), phase: 'open' },
    });
  });

  it('trades the morning only on a half day (24 Dec 2026)', () => {
    expect(hk(utc(12, 24, 3))).toMatchObject({ phase: 'open', label: 'Open — half day', nextChange: { at: utc(12, 24, 4), phase: 'closed' } });
    // 13:30 HKT: no afternoon session, so not a lunch break. 25 and 26 Dec are holidays and the
    // calendar answer ends on the 26th: Monday 28 Dec is assumed to trade, and said to be assumed.
    expect(hk(utc(12, 24, 5, 30))).toEqual({
      phase: 'closed',
      label: 'Closed',
      since: utc(12, 24, 4),
      nextChange: { at: utc(12, 28, 1, 30), phase: 'open' },
      estimated: true,
    });
    expect(hk(utc(12, 25, 5))).toMatchObject({ phase: 'holiday', since: utc(12, 24, 4) });
  });

  it('has a lunch break in Shanghai and shuts at 15:00', () => {
    const cn = (now: number): ReturnType<typeof marketStatus> => marketStatus({ schedule: tableSchedule('CN', CN_SESSIONS), dayKind: EVERY_WEEKDAY, now });
    expect(cn(utc(11, 25, 4))).toEqual({
      phase: 'lunch',
      label: 'Lunch break',
      since: utc(11, 25, 3, 30),
      nextChange: { at: utc(11, 25, 5), phase: 'open' },
    });
    expect(cn(utc(11, 25, 8))).toMatchObject({ phase: 'closed', since: utc(11, 25, 7), nextChange: { at: utc(11, 26, 1, 30), phase: 'open' } });
  });

  it('searches past a long closure (CN National Day week)', () => {
    // 1–8 Oct 2026 closed (Thursday to the next Thursday): reopens Friday 9 Oct 09:30 CST.
    const dayKind = (ymd: string): DayKind => (ymd >= '20261001' && ymd <= '20261008' ? 'closed' : EVERY_WEEKDAY(ymd));
    const now = utc(10, 3, 4);
    const status = marketStatus({ schedule: tableSchedule('CN', CN_SESSIONS), dayKind, now });
    expect(status).toEqual({
      phase: 'weekend',
      label: 'Closed — weekend',
      since: utc(9, 30, 7),
      nextChange: { at: utc(10, 9, 1, 30), phase: 'open' },
    });
    expect(formatCountdown((status.nextChange?.at ?? 0) - now)).toBe('5 d 21 h');
  });

  it('ignores a half day in CN', () => {
    const status = marketStatus({ schedule: tableSchedule('CN', CN_SESSIONS), dayKind: () => 'half', now: utc(11, 25, 6) });
    expect(status).toMatchObject({ phase: 'open', nextChange: { at: utc(11, 25, 7), phase: 'closed' } });
  });
});

describe('marketStatus — calendar gaps and search limits', () => {
  it('assumes an uncovered weekday trades, and says so', () => {
    const status = us(utc(11, 25, 15), () => 'unknown');
    expect(status).toMatchObject({ phase: 'open', estimated: true });
    // Weekends stay closed whatever the lookup says.
    expect(us(utc(11, 28, 15), () => 'unknown')).toMatchObject({ phase: 'weekend' });
  });

  it('gives no next change when nothing trades within the search window', () => {
    const input: MarketStatusInput = { schedule: tableSchedule('HK', HK_SESSIONS), dayKind: () => 'closed', now: utc(12, 2, 4) };
    const status = marketStatus(input);
    expect(status.phase).toBe('holiday');
    expect(status.nextChange).toBeUndefined();
    expect(status.since).toBeUndefined();
  });
});

describe('marketStatus — constant within each minute', () => {
  // The markets panel computes it once a minute (sessions and days start on whole minutes).
  const cases: [string, SessionMarket, TradingSession[], MarketStatusInput['dayKind'], number][] = [
    ['US, Thanksgiving and the half day after it', 'US', US_SESSIONS, US_NOV_2026, utc(11, 26, 0)],
    ['HK, the Christmas Eve half day', 'HK', HK_SESSIONS, HK_DEC_2026, utc(12, 23, 16)],
    ['CN, lunch breaks', 'CN', CN_SESSIONS, EVERY_WEEKDAY, utc(11, 24, 16)],
  ];
  it.each(cases)('%s: the status at the start of a minute holds to its last millisecond', (_name, market, sessions, dayKind, from) => {
    const at = (now: number) => marketStatus({ schedule: tableSchedule(market, sessions), dayKind, now });
    // Every boundary is on a multiple of five minutes: its minute and the one before it.
    for (let boundary = from; boundary < from + 30 * 3_600_000; boundary += 5 * 60_000) {
      for (const minute of [boundary - 60_000, boundary]) expect(at(minute + 59_999)).toEqual(at(minute));
    }
  });
});

describe('formatCountdown', () => {
  it('shows the two largest units', () => {
    expect(formatCountdown(45_000)).toBe('45 s');
    expect(formatCountdown(5 * 60_000 + 7_000)).toBe('5 m 07 s');
    expect(formatCountdown(2 * 3_600_000 + 5 * 60_000)).toBe('2 h 05 m');
    expect(formatCountdown(3 * 86_400_000 + 2 * 3_600_000 + 59 * 60_000)).toBe('3 d 2 h');
  });

  it('rounds up to the second and never goes negative', () => {
    expect(formatCountdown(44_001)).toBe('45 s');
    expect(formatCountdown(3_599_500)).toBe('1 h 00 m');
    expect(formatCountdown(-5_000)).toBe('0 s');
    expect(formatCountdown(Number.NaN)).toBe('0 s');
  });
});

describe('regularSession — when a market order fills at the price now, or the next regular open', () => {
  const usSession = (now: number) => regularSession({ schedule: tableSchedule('US', US_SESSIONS), dayKind: US_NOV_2026, now });

  it('is open in the regular session only', () => {
    expect(usSession(utc(11, 25, 15))).toEqual({ open: true });
  });

  it('waits for the regular open through the extended sessions, the weekend and a holiday', () => {
    // Wednesday 25 Nov, 16:30 New York: after-hours, then overnight, then Thanksgiving: Friday's half day opens at 09:30.
    expect(usSession(utc(11, 25, 21, 30))).toEqual({ open: false, opensAt: utc(11, 27, 14, 30) });
    // Saturday 28 Nov: Monday 30 Nov 09:30 New York.
    expect(usSession(utc(11, 28, 15))).toEqual({ open: false, opensAt: utc(11, 30, 14, 30) });
    // Pre-market is not the regular session: it opens at 09:30 that day.
    expect(usSession(utc(11, 30, 10))).toEqual({ open: false, opensAt: utc(11, 30, 14, 30) });
  });

  it('reopens after Hong Kong’s lunch', () => {
    expect(regularSession({ schedule: tableSchedule('HK', HK_SESSIONS), dayKind: HK_DEC_2026, now: utc(12, 2, 4, 30) })).toEqual({
      open: false,
      opensAt: utc(12, 2, 5),
    });
  });
});
