import { describe, expect, it } from 'vitest';
import { ymdInZone, zonedTimeToUtc } from '#shared/time-zone.ts';
import { must, utc } from './test-helpers.ts';
import { getTradingDay, isHalfDay, isTradingDay, tradeDays, tradingDayOf, tradingDaysBackward, tradingDaysForward } from './trading-days.ts';
import type { TradingDay, VenueId } from './types.ts';
import { VENUE_IDS, VENUES } from './venue-specs.ts';
import { venueTimeZone } from './venues.ts';

const spans = (day: TradingDay | undefined): Array<[number, number]> => must(day, 'trading day').pieces.map((piece) => [piece.start, piece.end]);

function take<T>(iterable: Iterable<T>, count: number): T[] {
  const out: T[] = [];
  for (const item of iterable) {
    if (out.length === count) break;
    out.push(item);
  }
  return out;
}

describe('venueTimeZone', () => {
  it('maps venues to their zones', () => {
    expect(venueTimeZone('US')).toBe('America/New_York');
    expect(venueTimeZone('HK')).toBe('Asia/Hong_Kong');
    expect(venueTimeZone('CN_FUTURES')).toBe('Asia/Shanghai');
    expect(venueTimeZone('FOREX')).toBe('UTC');
    expect(venueTimeZone('EU')).toBe('Europe/Berlin');
  });
});

describe('US', () => {
  it('closes on Thanksgiving 2026 and closes early (13:00 ET = 18:00 UTC) the day after', () => {
    expect(isTradingDay('US', '20261126')).toBe(false);
    expect(getTradingDay('US', '20261126')).toBeUndefined();
    expect(isHalfDay('US', '20261127')).toBe(true);
    const friday = must(getTradingDay('US', '20261127'));
    expect(friday.half).toBe(true);
    expect(friday.dayStart).toBe(utc(2026, 11, 27, 5));
    expect(spans(friday)).toEqual([[utc(2026, 11, 27, 14, 30), utc(2026, 11, 27, 18)]]);
    expect(spans(getTradingDay('US', '20261125'))).toEqual([[utc(2026, 11, 25, 14, 30), utc(2026, 11, 25, 21)]]);
  });

  it('shifts UTC pieces by an hour across the March 2026 DST change', () => {
    const before = must(getTradingDay('US', '20260306'));
    const after = must(getTradingDay('US', '20260309'));
    expect(before.dayStart).toBe(utc(2026, 3, 6, 5));
    expect(after.dayStart).toBe(utc(2026, 3, 9, 4));
    expect(spans(before)).toEqual([[utc(2026, 3, 6, 14, 30), utc(2026, 3, 6, 21)]]);
    expect(spans(after)).toEqual([[utc(2026, 3, 9, 13, 30), utc(2026, 3, 9, 20)]]);
  });

  it('uses the rules outside the published years', () => {
    expect(isTradingDay('US', '20240329')).toBe(false); // Good Friday 2024
    expect(isHalfDay('US', '20281124')).toBe(true); // day after Thanksgiving 2028
    expect(isTradingDay('US', '20281225')).toBe(false);
  });
});

describe('HK', () => {
  it('has a lunch break', () => {
    const day = must(getTradingDay('HK', '20261126'));
    expect(day.half).toBe(false);
    expect(day.dayStart).toBe(utc(2026, 11, 25, 16));
    expect(spans(day)).toEqual([
      [utc(2026, 11, 26, 1, 30), utc(2026, 11, 26, 4)],
      [utc(2026, 11, 26, 5), utc(2026, 11, 26, 8)],
    ]);
  });

  it('trades the morning only on the 24 Dec 2026 half day', () => {
    const day = must(getTradingDay('HK', '20261224'));
    expect(day.half).toBe(true);
    expect(spans(day)).toEqual([[utc(2026, 12, 24, 1, 30), utc(2026, 12, 24, 4)]]);
    expect(isTradingDay('HK', '20261225')).toBe(false);
  });

  it('closes for the 2026 Lunar New Year', () => {
    expect(isHalfDay('HK', '20260216')).toBe(true);
    expect(['20260217', '20260218', '20260219'].some((day) => isTradingDay('HK', day))).toBe(false);
    expect(isTradingDay('HK', '20260220')).toBe(true);
  });
});

describe('CN', () => {
  it('has morning and afternoon pieces and no half days', () => {
    const day = must(getTradingDay('CN', '20261126'));
    expect(day.dayStart).toBe(utc(2026, 11, 25, 16));
    expect(spans(day)).toEqual([
      [utc(2026, 11, 26, 1, 30), utc(2026, 11, 26, 3, 30)],
      [utc(2026, 11, 26, 5), utc(2026, 11, 26, 7)],
    ]);
    expect(isHalfDay('CN', '20261231')).toBe(false);
    expect(isTradingDay('CN', '20261231')).toBe(true);
  });
});

describe('CN_FUTURES', () => {
  it("holds Friday's night session as part of Monday's trading day", () => {
    const monday = must(getTradingDay('CN_FUTURES', '20261130'));
    expect(monday.dayStart).toBe(utc(2026, 11, 29, 16));
    expect(spans(monday)).toEqual([
      [utc(2026, 11, 27, 13), utc(2026, 11, 27, 15)], // Fri 21:00–23:00 Beijing time
      [utc(2026, 11, 30, 1), utc(2026, 11, 30, 2, 15)],
      [utc(2026, 11, 30, 2, 30), utc(2026, 11, 30, 3, 30)],
      [utc(2026, 11, 30, 5, 30), utc(2026, 11, 30, 7)],
    ]);
    expect(monday.pieces.every((piece) => piece.tradingDay === '20261130')).toBe(true);
    expect(tradingDayOf('CN_FUTURES', utc(2026, 11, 27, 13, 30))).toBe('20261130');
  });

  it('has no night session before the 2026 Spring Festival closure', () => {
    // Last trading day before the holiday: Friday 13 Feb; the next one: Tuesday 24 Feb.
    expect(isTradingDay('CN_FUTURES', '20260223')).toBe(false);
    const after = must(getTradingDay('CN_FUTURES', '20260224'));
    expect(after.pieces).toHaveLength(3);
    expect(after.pieces[0]?.start).toBe(utc(2026, 2, 24, 1));
    // The Friday before still had the Thursday night session.
    const friday = must(getTradingDay('CN_FUTURES', '20260213'));
    expect(friday.pieces).toHaveLength(4);
    expect(friday.pieces[0]?.start).toBe(utc(2026, 2, 12, 13));
    // The day after the holiday brings the night session back.
    expect(must(getTradingDay('CN_FUTURES', '20260225')).pieces[0]?.start).toBe(utc(2026, 2, 24, 13));
  });

  it('has no night session when a Friday holiday makes the gap four days', () => {
    // Fri 25 Sep 2026 (Mid-Autumn) is closed: Mon 28 Sep follows Thu 24 Sep.
    expect(must(getTradingDay('CN_FUTURES', '20260928')).pieces).toHaveLength(3);
  });
});

describe('CRYPTO', () => {
  it('trades every day, one UTC-day piece anchored at UTC midnight', () => {
    const saturday = must(getTradingDay('CRYPTO', '20261128'));
    expect(saturday.dayStart).toBe(utc(2026, 11, 28));
    expect(saturday.pieces).toEqual([{ tradingDay: '20261128', start: utc(2026, 11, 28), end: utc(2026, 11, 29), anchor: utc(2026, 11, 28) }]);
    expect(isTradingDay('CRYPTO', '20261225')).toBe(true);
  });
});

describe('FOREX', () => {
  it('opens Sunday 22:00 UTC for Monday and closes Friday 22:00 UTC', () => {
    const monday = must(getTradingDay('FOREX', '20261130'));
    expect(monday.dayStart).toBe(utc(2026, 11, 30));
    expect(monday.pieces).toEqual([{ tradingDay: '20261130', start: utc(2026, 11, 29, 22), end: utc(2026, 11, 30, 22), anchor: utc(2026, 11, 29, 22) }]);
    expect(tradingDayOf('FOREX', utc(2026, 11, 29, 22))).toBe('20261130');
    expect(tradingDayOf('FOREX', utc(2026, 11, 29, 23))).toBe('20261130');
    expect(tradingDayOf('FOREX', utc(2026, 11, 29, 21, 59))).toBe('20261129');
    expect(spans(getTradingDay('FOREX', '20261127'))).toEqual([[utc(2026, 11, 26, 22), utc(2026, 11, 27, 22)]]);
    expect(tradingDayOf('FOREX', utc(2026, 11, 27, 22))).toBe('20261128');
    expect(isTradingDay('FOREX', '20261128')).toBe(false);
    expect(isTradingDay('FOREX', '20261129')).toBe(false);
  });
});

describe('tradingDayOf', () => {
  it('uses the local calendar date of exchange venues', () => {
    expect(tradingDayOf('US', utc(2026, 11, 27, 4, 59) + 59_999)).toBe('20261126');
    expect(tradingDayOf('US', utc(2026, 11, 27, 5))).toBe('20261127');
    expect(tradingDayOf('US', utc(2026, 3, 9, 4))).toBe('20260309'); // EDT midnight
    expect(tradingDayOf('HK', utc(2026, 11, 26, 15, 59))).toBe('20261126');
    expect(tradingDayOf('HK', utc(2026, 11, 26, 16))).toBe('20261127');
    expect(tradingDayOf('CN', utc(2026, 11, 28, 3))).toBe('20261128'); // Saturday: no trading, same rule
    expect(tradingDayOf('CRYPTO', utc(2026, 11, 28, 23, 59))).toBe('20261128');
  });

  it.each(['US', 'UK', 'EU', 'JP', 'HK'] as const)('matches the %s local date around DST changes', (venue) => {
    const timeZone = venueTimeZone(venue);
    for (const [from, to] of [
      [utc(2026, 3, 7), utc(2026, 3, 10)],
      [utc(2026, 3, 28), utc(2026, 3, 31)],
      [utc(2026, 10, 24), utc(2026, 10, 27)],
      [utc(2026, 10, 31), utc(2026, 11, 3)],
    ] as const) {
      for (let t = from; t < to; t += 17 * 60_000) {
        expect(tradingDayOf(venue, t), new Date(t).toISOString()).toBe(ymdInZone(t, timeZone));
      }
    }
  });

  it('moves futures instants from 21:00 Beijing time to the next trading day', () => {
    expect(tradingDayOf('CN_FUTURES', utc(2026, 11, 27, 12, 59))).toBe('20261127'); // Fri 20:59
    expect(tradingDayOf('CN_FUTURES', utc(2026, 11, 27, 13))).toBe('20261130'); // Fri 21:00
    expect(tradingDayOf('CN_FUTURES', utc(2026, 11, 26, 15, 59))).toBe('20261127'); // Thu 23:59
    expect(tradingDayOf('CN_FUTURES', utc(2026, 2, 13, 13, 30))).toBe('20260224'); // before Spring Festival
  });

  it('agrees with the tradingDay of every piece, at its first and last minute', () => {
    for (const venue of VENUE_IDS) {
      for (const day of take(tradingDaysForward(venue, '20251215'), 400)) {
        for (const piece of day.pieces) {
          expect(tradingDayOf(venue, piece.start), `${venue} ${day.day}`).toBe(day.day);
          expect(tradingDayOf(venue, piece.end - 60_000), `${venue} ${day.day}`).toBe(day.day);
        }
      }
    }
  });
});

describe('trading day invariants', () => {
  it.each(VENUE_IDS)('%s pieces are ascending, disjoint, minute-aligned and anchored', (venue: VenueId) => {
    for (const day of take(tradingDaysForward(venue, '20240101'), 1100)) {
      let previousEnd = -Infinity;
      for (const piece of day.pieces) {
        expect(piece.tradingDay).toBe(day.day);
        expect(piece.start % 60_000).toBe(0);
        expect(piece.end % 60_000).toBe(0);
        expect(piece.end).toBeGreaterThan(piece.start);
        expect(piece.start).toBeGreaterThanOrEqual(previousEnd);
        expect(piece.anchor).toBe(piece.start);
        previousEnd = piece.end;
      }
      expect(day.pieces.length).toBeGreaterThan(0);
    }
  });

  it.each(['US', 'UK', 'EU'] as const)('%s pieces match zonedTimeToUtc across DST changes', (venue) => {
    const { timeZone, regular, half } = VENUES[venue];
    for (const day of take(tradingDaysForward(venue, '20240101'), 800)) {
      const y = Number(day.day.slice(0, 4));
      const m = Number(day.day.slice(4, 6));
      const d = Number(day.day.slice(6, 8));
      const local = (minutes: number): number => zonedTimeToUtc(y, m, d, Math.floor(minutes / 60), minutes % 60, timeZone);
      expect(day.dayStart).toBe(local(0));
      expect(spans(day)).toEqual((day.half ? half : regular).map(([from, to]) => [local(from), local(to)]));
    }
  });

  it('memoises getTradingDay and rejects malformed dates', () => {
    expect(getTradingDay('US', '20261125')).toBe(getTradingDay('US', '20261125'));
    expect(getTradingDay('US', '20260230')).toBeUndefined();
    expect(isTradingDay('US', '2026112')).toBe(false);
    expect(isHalfDay('US', 'nonsense')).toBe(false);
  });
});

describe('iteration', () => {
  it('walks back over weekends and holidays', () => {
    const days = take(tradingDaysBackward('US', '20261130'), 6).map((day) => day.day);
    expect(days).toEqual(['20261130', '20261127', '20261125', '20261124', '20261123', '20261120']);
  });

  it('walks forward over weekends, holidays and the new year', () => {
    const days = take(tradingDaysForward('HK', '20261224'), 6).map((day) => [day.day, day.half]);
    expect(days).toEqual([
      ['20261224', true],
      ['20261228', false],
      ['20261229', false],
      ['20261230', false],
      ['20261231', true],
      ['20270104', false],
    ]);
    const cn = take(tradingDaysForward('CN', '20260213'), 2).map((day) => day.day);
    expect(cn).toEqual(['20260213', '20260224']);
  });

  it('starts from a non-trading day without yielding it', () => {
    expect(take(tradingDaysBackward('US', '20261126'), 1)[0]?.day).toBe('20261125');
    expect(take(tradingDaysForward('US', '20261128'), 1)[0]?.day).toBe('20261130');
  });

  it('stops at 1990 going back and after 2100 going forward', () => {
    expect([...tradingDaysBackward('US', '19900108')].map((day) => day.day)).toEqual(['19900108', '19900105', '19900104', '19900103', '19900102']);
    expect([...tradingDaysForward('CRYPTO', '21001230')].map((day) => day.day)).toEqual(['21001230', '21001231']);
  });

  it('rejects a malformed start', () => {
    expect(() => tradingDaysBackward('US', '20261332').next()).toThrow(RangeError);
  });
});

describe('tradeDays', () => {
  it('lists full days and half days separately for a US window in Nov 2026', () => {
    expect(tradeDays('US', '20261120', '20261204')).toEqual({
      trade_days: ['20261120', '20261123', '20261124', '20261125', '20261130', '20261201', '20261202', '20261203', '20261204'],
      half_trade_days: ['20261127'],
    });
  });

  it('is inclusive and handles HK half days and CN holidays', () => {
    expect(tradeDays('HK', '20261224', '20261231')).toEqual({
      trade_days: ['20261228', '20261229', '20261230'],
      half_trade_days: ['20261224', '20261231'],
    });
    expect(tradeDays('CN', '20260930', '20261009')).toEqual({
      trade_days: ['20260930', '20261008', '20261009'],
      half_trade_days: [],
    });
    expect(tradeDays('US', '20261127', '20261127')).toEqual({ trade_days: [], half_trade_days: ['20261127'] });
  });

  it('returns empty lists for an inverted range and throws on malformed dates', () => {
    expect(tradeDays('US', '20261130', '20261101')).toEqual({ trade_days: [], half_trade_days: [] });
    expect(() => tradeDays('US', '20261301', '20261302')).toThrow(RangeError);
  });
});
