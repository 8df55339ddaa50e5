import { describe, expect, it } from 'vitest';
import { addDaysYmd, formatZonedClock, daysBetweenYmd, parseYmd, timeZoneOffsetMs, weekdayOfYmd, ymdInZone, zonedParts, zonedTimeToUtc } from './time-zone.ts';

describe('time-zone', () => {
  it('knows New York DST and standard offsets', () => {
    expect(timeZoneOffsetMs(Date.UTC(2026, 6, 1, 12), 'America/New_York')).toBe(-4 * 3_600_000);
    expect(timeZoneOffsetMs(Date.UTC(2026, 11, 1, 12), 'America/New_York')).toBe(-5 * 3_600_000);
  });

  it('converts wall-clock market times to UTC across the DST change', () => {
    // 2026-03-08 is the US spring-forward Sunday; the Friday before is EST, the Monday after EDT.
    expect(zonedTimeToUtc(2026, 3, 6, 9, 30, 'America/New_York')).toBe(Date.UTC(2026, 2, 6, 14, 30));
    expect(zonedTimeToUtc(2026, 3, 9, 9, 30, 'America/New_York')).toBe(Date.UTC(2026, 2, 9, 13, 30));
    expect(zonedTimeToUtc(2026, 11, 26, 9, 30, 'Asia/Hong_Kong')).toBe(Date.UTC(2026, 10, 26, 1, 30));
    // 02:30 does not exist on spring-forward day: resolves one hour later.
    expect(zonedTimeToUtc(2026, 3, 8, 2, 30, 'America/New_York')).toBe(Date.UTC(2026, 2, 8, 7, 30));
    // 01:30 happens twice on fall-back day (2026-11-01): the first one (EDT) wins.
    expect(zonedTimeToUtc(2026, 11, 1, 1, 30, 'America/New_York')).toBe(Date.UTC(2026, 10, 1, 5, 30));
  });

  it('reads zoned calendar fields', () => {
    const parts = zonedParts(Date.UTC(2026, 10, 26, 20, 0), 'Asia/Shanghai');
    expect(parts).toMatchObject({ year: 2026, month: 11, day: 27, hour: 4, minute: 0, weekday: 5 });
    expect(ymdInZone(Date.UTC(2026, 10, 27, 3, 0), 'America/New_York')).toBe('20261126');
  });

  it('does YYYYMMDD arithmetic and rejects impossible dates', () => {
    expect(parseYmd('20260230')).toBeUndefined();
    expect(parseYmd('2026111')).toBeUndefined();
    expect(addDaysYmd('20261231', 1)).toBe('20270101');
    expect(daysBetweenYmd('20261101', '20261201')).toBe(30);
    expect(weekdayOfYmd('20261126')).toBe(4);
  });

  it('formats wall-clock times in a zone, with or without seconds', () => {
    const at = Date.UTC(2026, 10, 25, 1, 30, 5);
    expect(formatZonedClock(at, 'Asia/Hong_Kong')).toBe('09:30');
    expect(formatZonedClock(at, 'America/New_York', true)).toBe('20:30:05');
  });
});

describe("New York's offset without Intl", () => {
  /** The offset as Intl's zone data gives it. */
  function intlOffset(ms: number): number {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/New_York',
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    }).formatToParts(new Date(ms));
    const value = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
    return Date.UTC(value('year'), value('month') - 1, value('day'), value('hour'), value('minute'), value('second')) - ms;
  }

  it('agrees with Intl every 7 hours from 2007 to 2040, and a second either side of each change', () => {
    const mismatches: string[] = [];
    const check = (ms: number) => {
      if (timeZoneOffsetMs(ms, 'America/New_York') !== intlOffset(ms)) mismatches.push(new Date(ms).toISOString());
    };
    for (let ms = Date.UTC(2007, 0, 1); ms < Date.UTC(2040, 0, 1); ms += 7 * 3_600_000) check(ms);
    // 2026: EDT from 8 March 07:00 UTC to 1 November 06:00 UTC.
    for (const change of [Date.UTC(2026, 2, 8, 7), Date.UTC(2026, 10, 1, 6), Date.UTC(2007, 2, 11, 7), Date.UTC(2007, 10, 4, 6)]) {
      check(change - 1000);
      check(change);
    }
    expect(mismatches).toEqual([]);
  });

  it('leaves years before the 2007 rule to Intl (20 March 2006 was still EST, DST began in April then)', () => {
    expect(timeZoneOffsetMs(Date.UTC(2006, 2, 20, 12), 'America/New_York')).toBe(-5 * 3_600_000);
    expect(timeZoneOffsetMs(Date.UTC(2006, 3, 10, 12), 'America/New_York')).toBe(-4 * 3_600_000);
  });
});
