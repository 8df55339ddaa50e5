// Bars folded from 1-minute bars as they stood at an instant.
import { describe, expect, it } from 'vitest';
import { barTimeOf, foldMinutes, foldRows, minutesEndedBy, type KlineRow } from './fold-minutes.ts';
import { sessionCalendar } from './session-calendar.ts';

const hk = (local: string): number => Date.parse(`${local}+08:00`);
const HK = sessionCalendar('HK');

function minute(local: string, open: number, high: number, low: number, close: number, volume: string, turnover?: string): KlineRow {
  return {
    time: hk(local),
    open: String(open),
    high: String(high),
    low: String(low),
    close: String(close),
    volume,
    ...(turnover !== undefined && { quote_volume: turnover }),
  };
}

const MINUTES: KlineRow[] = [
  minute('2026-11-24T11:28', 10, 10.5, 9.9, 10.2, '100', '1000.1'),
  minute('2026-11-24T11:29', 10.2, 10.3, 10.1, 10.3, '200', '2000.2'),
  minute('2026-11-24T11:30', 10.3, 11, 10.2, 10.9, '300', '3000.3'),
  minute('2026-11-24T11:59', 10.9, 10.9, 9.5, 9.6, '400', '4000.4'),
  minute('2026-11-24T13:00', 9.7, 9.8, 9.6, 9.8, '500', '5000.5'),
];

describe('folding 1-minute bars', () => {
  it('keeps the minutes ended by an instant', () => {
    expect(minutesEndedBy(MINUTES, hk('2026-11-24T11:30:59'))).toHaveLength(2);
    expect(minutesEndedBy(MINUTES, hk('2026-11-24T11:31'))).toHaveLength(3);
    expect(minutesEndedBy(MINUTES, hk('2026-11-24T11:28'))).toHaveLength(0);
  });

  it('folds open, high, low, close and exact sums', () => {
    expect(foldRows(MINUTES.slice(0, 4), 7)).toEqual({ time: 7, open: '10', high: '11', low: '9.5', close: '9.6', volume: '1000', quote_volume: '10001' });
    expect(() => foldRows([], 0)).toThrow(RangeError);
  });

  it('keeps the last open interest and leaves out a turnover no minute has', () => {
    const futures = [
      { time: 0, open: '1', high: '2', low: '1', close: '2', volume: '3', open_interest: '10' },
      { time: 60_000, open: '2', high: '2', low: '1', close: '1', volume: '4', open_interest: '12' },
    ];
    expect(foldRows(futures, 0)).toEqual({ time: 0, open: '1', high: '2', low: '1', close: '1', volume: '7', open_interest: '12' });
  });

  it('cuts hours at the session’s breaks and truncates the forming bar at the instant', () => {
    const at = hk('2026-11-24T13:00:30');
    expect(foldMinutes(MINUTES, '1h', at, HK)).toEqual([
      { time: hk('2026-11-24T10:30'), open: '10', high: '10.5', low: '9.9', close: '10.3', volume: '300', quote_volume: '3000.3' },
      { time: hk('2026-11-24T11:30'), open: '10.3', high: '11', low: '9.5', close: '9.6', volume: '700', quote_volume: '7000.7' },
    ]);
    const forming = foldMinutes(MINUTES, '1h', hk('2026-11-24T11:31'), HK).at(-1);
    expect(forming).toEqual({ time: hk('2026-11-24T11:30'), open: '10.3', high: '11', low: '10.2', close: '10.9', volume: '300', quote_volume: '3000.3' });
    expect(foldMinutes(MINUTES, '1d', hk('2026-11-25T00:00'), HK)).toEqual([
      { time: hk('2026-11-24T00:00'), open: '10', high: '11', low: '9.5', close: '9.8', volume: '1500', quote_volume: '15001.5' },
    ]);
    expect(foldMinutes(MINUTES, '3m', hk('2026-11-25T00:00'), HK).map((bar) => bar.time)).toEqual(
      ['11:27', '11:30', '11:57', '13:00'].map((clock) => hk(`2026-11-24T${clock}`)),
    );
  });

  it('puts a minute outside the known sessions in the epoch bucket or its local period', () => {
    const late = hk('2026-11-24T16:07');
    expect(barTimeOf(HK, '5m', late)).toBe(hk('2026-11-24T16:05'));
    expect(barTimeOf(HK, '1d', late)).toBe(hk('2026-11-24T00:00'));
    expect(barTimeOf(HK, '1w', late)).toBe(hk('2026-11-23T00:00'));
  });
});
