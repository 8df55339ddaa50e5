import { describe, expect, it } from 'vitest';
import { addDaysYmd } from '#shared/time-zone.ts';
import { VENUES } from '#shared/venue-sessions.ts';
import { getTradingDay } from '../../server/sim/calendar/trading-days.ts';
import { dayKind as simDayKind } from '../../server/sim/calendar/closures.ts';
import { marketStatus } from './market-status';
import { isWeekendYmd, type DayKind } from './trade-days';
import { instrumentSchedule, venueSchedule, venueSessionsOn } from './venue-schedule';

const EVERY_WEEKDAY = (ymd: string): DayKind => (isWeekendYmd(ymd) ? 'closed' : 'full');
/** Shanghai is UTC+8 all year. */
const shanghai = (month: number, day: number, hour: number, minute = 0): number => Date.UTC(2026, month - 1, day, hour - 8, minute);

const futures = (now: number, dayKind = EVERY_WEEKDAY) => marketStatus({ schedule: venueSchedule('CN_FUTURES'), dayKind, now });

describe('instrumentSchedule', () => {
  it('follows the stock market by suffix, and bare codes by their product type', () => {
    expect(instrumentSchedule('AAPL.US', undefined)).toEqual({ kind: 'table', market: 'US' });
    expect(instrumentSchedule('700.HK', 'stock')).toEqual({ kind: 'table', market: 'HK' });
    expect(instrumentSchedule('AU2612', 'futures')).toEqual({ kind: 'venue', venue: 'CN_FUTURES', calendar: 'CN' });
    expect(instrumentSchedule('EURUSD', 'forex')).toEqual({ kind: 'venue', venue: 'FOREX' });
    expect(instrumentSchedule('BTCUSDT', 'crypto')).toEqual({ kind: 'always' });
  });

  it('knows nothing of a bare code without its type, or of an index (its home exchange is not in any answer)', () => {
    expect(instrumentSchedule('AU2612', undefined)).toBeUndefined();
    expect(instrumentSchedule('SPX', 'indices')).toBeUndefined();
  });
});

describe('venueSessionsOn: the simulator’s own sessions', () => {
  // Every day of 2026 (Spring Festival, Golden Week, weekends), with the simulator's own calendar.
  for (const venue of ['CN_FUTURES', 'FOREX'] as const) {
    it(`${venue}: the same pieces as the simulator's trading days, every day of 2026`, () => {
      const dayKind = (ymd: string): DayKind => simDayKind(venue, ymd);
      for (let ymd = '20260101'; ymd <= '20261231'; ymd = addDaysYmd(ymd, 1)) {
        const kind = simDayKind(venue, ymd);
        const ours = kind === 'closed' ? [] : venueSessionsOn(VENUES[venue], ymd, kind, dayKind).map(({ start, end }) => [start, end]);
        const theirs = (getTradingDay(venue, ymd)?.pieces ?? []).map(({ start, end }) => [start, end]);
        expect(ours, ymd).toEqual(theirs);
      }
    });
  }
});

describe('marketStatus of China futures (Shanghai, on the CN calendar)', () => {
  it('is in the night session on a weekday evening, which closes at 23:00', () => {
    const status = futures(shanghai(11, 25, 21, 30));
    expect(status.phase).toBe('night');
    expect(status.label).toBe('Night session');
    expect(status.nextChange).toEqual({ at: shanghai(11, 25, 23), phase: 'closed' });
  });

  it('is closed overnight until the 09:00 day session, and after 15:00 until the night session', () => {
    expect(futures(shanghai(11, 25, 23, 30))).toMatchObject({ phase: 'closed', nextChange: { at: shanghai(11, 26, 9), phase: 'open' } });
    expect(futures(shanghai(11, 25, 15, 30))).toMatchObject({ phase: 'closed', nextChange: { at: shanghai(11, 25, 21), phase: 'night' } });
  });

  it('has a short break at 10:15 and a lunch from 11:30 to 13:30', () => {
    expect(futures(shanghai(11, 25, 10, 20))).toMatchObject({ phase: 'break', label: 'Break', nextChange: { at: shanghai(11, 25, 10, 30), phase: 'open' } });
    expect(futures(shanghai(11, 25, 12))).toMatchObject({ phase: 'lunch', nextChange: { at: shanghai(11, 25, 13, 30), phase: 'open' } });
    expect(futures(shanghai(11, 25, 14))).toMatchObject({ phase: 'open', nextChange: { at: shanghai(11, 25, 15), phase: 'closed' } });
  });

  it('holds Friday night’s session for Monday, and none before a long holiday', () => {
    expect(futures(shanghai(11, 27, 22)).phase).toBe('night');
    // Golden Week: closed 1–7 October; no night session on 30 September.
    const goldenWeek = (ymd: string): DayKind => (ymd >= '20261001' && ymd <= '20261007' ? 'closed' : EVERY_WEEKDAY(ymd));
    expect(futures(shanghai(9, 30, 22), goldenWeek)).toMatchObject({ phase: 'closed', nextChange: { at: shanghai(10, 8, 9), phase: 'open' } });
  });
});

describe('marketStatus of forex (UTC, Sunday 22:00 to Friday 22:00)', () => {
  const forex = (now: number) => marketStatus({ schedule: venueSchedule('FOREX'), dayKind: EVERY_WEEKDAY, now });

  it('is open from Sunday evening to Friday evening in one stretch', () => {
    expect(forex(Date.UTC(2026, 10, 23, 12))).toMatchObject({ phase: 'open', nextChange: { at: Date.UTC(2026, 10, 27, 22), phase: 'closed' } });
    expect(forex(Date.UTC(2026, 10, 22, 22, 30))).toMatchObject({ phase: 'open', since: Date.UTC(2026, 10, 22, 22) });
  });

  it('is shut over the weekend until Sunday 22:00', () => {
    expect(forex(Date.UTC(2026, 10, 28, 12))).toMatchObject({ phase: 'weekend', nextChange: { at: Date.UTC(2026, 10, 29, 22), phase: 'open' } });
  });
});
