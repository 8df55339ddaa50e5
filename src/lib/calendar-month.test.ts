import { describe, expect, it } from 'vitest';
import { calendarMonth, tradeDaysWindow } from './calendar-month';
import type { TradeDaysAnswer } from './trade-days';

/** 26 Nov 2026, 01:48 UTC: requests may begin from 26 Nov 2025 to 26 Nov 2026. */
const NOW = Date.UTC(2026, 10, 26, 1, 48);

// The simulator's answer for US, 1–30 Nov 2026.
const US_NOV: TradeDaysAnswer = {
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
};

describe('tradeDaysWindow', () => {
  it('asks for the whole month when it lies in the window', () => {
    expect(tradeDaysWindow(2026, 11, NOW)).toEqual({ begDay: '20261101', endDay: '20261130' });
    expect(tradeDaysWindow(2026, 10, NOW)).toEqual({ begDay: '20261001', endDay: '20261031' }); // 31 days
  });

  it('clips the month a year ago to its last queryable days', () => {
    expect(tradeDaysWindow(2025, 11, NOW)).toEqual({ begDay: '20251126', endDay: '20251130' });
    expect(tradeDaysWindow(2025, 10, NOW)).toBeUndefined();
  });

  it('starts next month’s request today, as beg_day may not be in the future', () => {
    expect(tradeDaysWindow(2026, 12, NOW)).toEqual({ begDay: '20261126', endDay: '20261226' });
    expect(tradeDaysWindow(2027, 1, NOW)).toBeUndefined();
  });

  it('counts a year back from a leap day as the simulator does', () => {
    const leapDay = Date.UTC(2028, 1, 29, 12);
    expect(tradeDaysWindow(2027, 2, leapDay)).toBeUndefined();
    expect(tradeDaysWindow(2027, 3, leapDay)).toEqual({ begDay: '20270301', endDay: '20270331' });
  });

  it('reads today in UTC', () => {
    // 23:30 UTC on 31 Oct is already 1 Nov in Asia but still October for the window.
    expect(tradeDaysWindow(2026, 11, Date.UTC(2026, 9, 31, 23, 30))).toEqual({ begDay: '20261031', endDay: '20261130' });
  });
});

describe('calendarMonth', () => {
  it('lays the month out Monday first with each day’s kind', () => {
    const weeks = calendarMonth(2026, 11, [US_NOV], NOW);
    expect(weeks).toHaveLength(6);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    // 1 Nov 2026 is a Sunday: the grid opens on Monday 26 Oct.
    expect(weeks[0]?.[0]).toEqual({ ymd: '20261026', day: 26, inMonth: false, kind: 'unknown' });
    expect(weeks[0]?.[6]).toEqual({ ymd: '20261101', day: 1, inMonth: true, kind: 'weekend' });
    const byDay = new Map(weeks.flat().map((d) => [d.ymd, d.kind]));
    expect(byDay.get('20261125')).toBe('full');
    expect(byDay.get('20261126')).toBe('holiday');
    expect(byDay.get('20261127')).toBe('half');
    expect(byDay.get('20261128')).toBe('weekend');
    expect(byDay.get('20261130')).toBe('full');
    expect(byDay.get('20261201')).toBe('unknown');
    expect(weeks[5]?.[6]).toMatchObject({ ymd: '20261206', inMonth: false });
  });

  it('marks days no accepted request can cover as unavailable', () => {
    const old = calendarMonth(2025, 11, [], NOW).flat();
    expect(old.find((d) => d.ymd === '20251125')?.kind).toBe('unavailable');
    expect(old.find((d) => d.ymd === '20251126')?.kind).toBe('unknown');
    expect(old.find((d) => d.ymd === '20251129')?.kind).toBe('weekend');
    const next = calendarMonth(2026, 12, [], NOW).flat();
    expect(next.find((d) => d.ymd === '20261224')?.kind).toBe('unknown');
    expect(next.find((d) => d.ymd === '20261228')?.kind).toBe('unavailable');
    expect(
      calendarMonth(2027, 1, [], NOW)
        .flat()
        .every((d) => d.kind === 'unavailable'),
    ).toBe(true);
  });

  it('uses four weeks when the month fills them exactly', () => {
    // February 2027 starts on a Monday and has 28 days.
    const weeks = calendarMonth(2027, 2, [], NOW);
    expect(weeks).toHaveLength(4);
    expect(weeks.flat().every((d) => d.inMonth)).toBe(true);
  });
});
