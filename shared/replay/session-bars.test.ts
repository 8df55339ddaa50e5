// Bars cut as the simulator cuts them: from each session piece's start, never across a break.
import { describe, expect, it } from 'vitest';
import type { Interval } from '../contract.ts';
import { sessionBarOf } from './session-bars.ts';
import { sessionCalendar } from './session-calendar.ts';

const hk = (local: string): number => Date.parse(`${local}+08:00`);
const ny = (local: string): number => Date.parse(`${local}-05:00`);
const HK = sessionCalendar('HK');
const US = sessionCalendar('US');

describe('session bars', () => {
  it('opens HK’s hours at 09:30, 10:30, 11:30 (cut at 12:00) and 13:00', () => {
    const bar = (local: string, interval: Interval = '1h') => sessionBarOf(HK, interval, hk(local));
    expect(bar('2026-11-24T09:30')).toEqual({ time: hk('2026-11-24T09:30'), close: hk('2026-11-24T10:30'), tradingDay: '20261124' });
    expect(bar('2026-11-24T11:59')).toEqual({ time: hk('2026-11-24T11:30'), close: hk('2026-11-24T12:00'), tradingDay: '20261124' });
    expect(bar('2026-11-24T13:00')?.time).toBe(hk('2026-11-24T13:00'));
    expect(bar('2026-11-24T15:59')).toEqual({ time: hk('2026-11-24T15:00'), close: hk('2026-11-24T16:00'), tradingDay: '20261124' });
    expect(bar('2026-11-24T14:07', '5m')?.time).toBe(hk('2026-11-24T14:05'));
    expect(bar('2026-11-24T13:59', '4h')).toEqual({ time: hk('2026-11-24T13:00'), close: hk('2026-11-24T16:00'), tradingDay: '20261124' });
    expect(bar('2026-11-24T12:15')).toBeUndefined();
  });

  it('cuts New York’s last hour at the close', () => {
    expect(sessionBarOf(US, '1h', ny('2026-11-24T15:45'))).toEqual({ time: ny('2026-11-24T15:30'), close: ny('2026-11-24T16:00'), tradingDay: '20261124' });
  });

  it('opens daily, weekly and monthly bars at local midnights, closing with the last session', () => {
    const minute = hk('2026-11-24T10:00');
    expect(sessionBarOf(HK, '1d', minute)).toEqual({ time: hk('2026-11-24T00:00'), close: hk('2026-11-24T16:00'), tradingDay: '20261124' });
    expect(sessionBarOf(HK, '1w', minute)).toEqual({ time: hk('2026-11-23T00:00'), close: hk('2026-11-27T16:00'), tradingDay: '20261124' });
    expect(sessionBarOf(HK, '1M', minute)).toEqual({ time: hk('2026-11-01T00:00'), close: hk('2026-11-30T16:00'), tradingDay: '20261124' });
    expect(sessionBarOf(HK, '1M', hk('2027-02-10T10:00'))?.close).toBe(hk('2027-02-26T16:00'));
  });

  it('puts a night minute in the next trading day’s daily bar', () => {
    const futures = sessionCalendar('CN_FUTURES');
    expect(sessionBarOf(futures, '1d', hk('2026-11-27T21:30'))?.time).toBe(hk('2026-11-30T00:00'));
    expect(sessionBarOf(futures, '1h', hk('2026-11-27T22:10'))?.time).toBe(hk('2026-11-27T22:00'));
  });
});
