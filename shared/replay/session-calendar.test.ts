// A venue's sessions as a replay walks them: pieces, the next session minute, the last one ended.
import { describe, expect, it } from 'vitest';
import { firstMinuteFrom, lastMinuteBefore, pieceAt, sessionCalendar } from './session-calendar.ts';

const at = (local: string, offset: string): number => Date.parse(`${local}${offset}`);
const hk = (local: string): number => at(local, '+08:00');
const ny = (local: string): number => at(local, '-05:00');

describe('a session calendar', () => {
  const HK = sessionCalendar('HK');

  it('holds HK’s morning and afternoon pieces, none in the lunch break', () => {
    expect(HK.piecesOf('20261124')).toEqual([
      { tradingDay: '20261124', start: hk('2026-11-24T09:30'), end: hk('2026-11-24T12:00') },
      { tradingDay: '20261124', start: hk('2026-11-24T13:00'), end: hk('2026-11-24T16:00') },
    ]);
    expect(pieceAt(HK, hk('2026-11-24T11:59'))?.start).toBe(hk('2026-11-24T09:30'));
    expect(pieceAt(HK, hk('2026-11-24T12:15'))).toBeUndefined();
    expect(HK.piecesOf('20261128')).toEqual([]);
  });

  it('finds the next session minute and the last one ended', () => {
    expect(firstMinuteFrom(HK, hk('2026-11-24T10:45:30'))).toBe(hk('2026-11-24T10:45'));
    expect(firstMinuteFrom(HK, hk('2026-11-24T12:15'))).toBe(hk('2026-11-24T13:00'));
    expect(firstMinuteFrom(HK, hk('2026-11-27T16:00'))).toBe(hk('2026-11-30T09:30'));
    expect(lastMinuteBefore(HK, hk('2026-11-24T10:45:30'))).toBe(hk('2026-11-24T10:44'));
    expect(lastMinuteBefore(HK, hk('2026-11-24T12:15'))).toBe(hk('2026-11-24T11:59'));
    expect(lastMinuteBefore(HK, hk('2026-11-24T09:30'))).toBe(hk('2026-11-23T15:59'));
    expect(lastMinuteBefore(HK, hk('2026-11-29T12:00'))).toBe(hk('2026-11-27T15:59'));
  });

  it('takes the caller’s trading days (a holiday has no pieces)', () => {
    const closedFriday = sessionCalendar('HK', (ymd) => ymd !== '20261127' && !['20261128', '20261129'].includes(ymd));
    expect(lastMinuteBefore(closedFriday, hk('2026-11-29T12:00'))).toBe(hk('2026-11-26T15:59'));
  });

  it('follows New York’s daylight saving', () => {
    const US = sessionCalendar('US');
    expect(US.piecesOf('20261124')[0]?.start).toBe(ny('2026-11-24T09:30'));
    expect(US.piecesOf('20260715')[0]?.start).toBe(at('2026-07-15T09:30', '-04:00'));
  });

  it('puts China futures’ Friday night in Monday’s trading day', () => {
    const futures = sessionCalendar('CN_FUTURES');
    const friday2130 = hk('2026-11-27T21:30');
    expect(pieceAt(futures, friday2130)).toEqual({ tradingDay: '20261130', start: hk('2026-11-27T21:00'), end: hk('2026-11-27T23:00') });
    expect(firstMinuteFrom(futures, hk('2026-11-27T23:00'))).toBe(hk('2026-11-30T09:00'));
    expect(lastMinuteBefore(futures, hk('2026-11-30T08:00'))).toBe(hk('2026-11-27T22:59'));
  });

  it('opens a forex day at 22:00 UTC the evening before', () => {
    const forex = sessionCalendar('FOREX');
    expect(pieceAt(forex, Date.parse('2026-11-29T22:30:00Z'))?.tradingDay).toBe('20261130');
    expect(lastMinuteBefore(forex, Date.parse('2026-11-29T12:00:00Z'))).toBe(Date.parse('2026-11-27T21:59:00Z'));
  });
});
