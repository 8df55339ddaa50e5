import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Candle } from '#shared/candle.ts';
import { addDaysYmd, parseYmd, zonedTimeToUtc } from '#shared/time-zone.ts';
import { alignCloses, alignmentOf } from './compare-align';

const NY = 'America/New_York';
const HK = 'Asia/Hong_Kong';

/** The UTC ms of local midnight of `ymd` in `zone`: how the service stamps a 1d (1w, 1M) candle. */
function midnight(ymd: string, zone: string): number {
  const p = parseYmd(ymd);
  if (!p) throw new RangeError(ymd);
  return zonedTimeToUtc(p.year, p.month, p.day, 0, 0, zone);
}

const candle = (time: number, close: number): Candle => ({ time, open: close, high: close, low: close, close, volume: 1 });

describe('alignment of daily and longer candles: by date, each in its market’s zone', () => {
  it('meets AAPL.US and 700.HK on the same dates, with gaps where Hong Kong was closed', () => {
    // US: Thanksgiving (26th) closed. HK: the 24th a (made-up) holiday; the 26th is open there.
    const us = ['20261123', '20261124', '20261125', '20261127'].map((ymd) => midnight(ymd, NY));
    const hk = [
      candle(midnight('20261123', HK), 500),
      candle(midnight('20261125', HK), 510),
      candle(midnight('20261126', HK), 515),
      candle(midnight('20261127', HK), 520),
    ];
    // The same date is 13 hours apart as instants: by time nothing would meet.
    expect(hk[0]?.time).toBe((us[0] ?? 0) - 13 * 3_600_000);
    expect(alignCloses(us, hk, alignmentOf('1d', NY, HK))).toEqual([500, undefined, 510, 520]);
  });

  it('meets dates across a daylight-saving change of one market only', () => {
    // New York leaves DST on 1 November 2026; Hong Kong has none.
    const days = ['20261029', '20261030', '20261102', '20261103'];
    const hk = days.map((ymd, i) => candle(midnight(ymd, HK), 100 + i));
    expect(
      alignCloses(
        days.map((ymd) => midnight(ymd, NY)),
        hk,
        alignmentOf('1d', NY, HK),
      ),
    ).toEqual([100, 101, 102, 103]);
  });

  it('meets weeks and months at their first calendar day', () => {
    const weeks = ['20261102', '20261109', '20261116'];
    const hk = weeks.map((ymd, i) => candle(midnight(ymd, HK), 10 + i));
    expect(
      alignCloses(
        weeks.map((ymd) => midnight(ymd, NY)),
        hk,
        alignmentOf('1w', NY, HK),
      ),
    ).toEqual([10, 11, 12]);
    const months = ['20260901', '20261001', '20261101'];
    const utc = months.slice(1).map((ymd, i) => candle(midnight(ymd, 'UTC'), 20 + i));
    expect(
      alignCloses(
        months.map((ymd) => midnight(ymd, HK)),
        utc,
        alignmentOf('1M', HK, 'UTC'),
      ),
    ).toEqual([undefined, 20, 21]);
  });

  it('aligns again with the same alignment as candles change (a live line): dates read before are reused, not stale', () => {
    const alignment = alignmentOf('1d', NY, 'Europe/London');
    const us = ['20261123', '20261124'].map((ymd) => midnight(ymd, NY));
    const london = (closes: number[]) => ['20261123', '20261124'].map((ymd, i) => candle(midnight(ymd, 'Europe/London'), closes[i] ?? 0));
    expect(alignCloses(us, london([1, 2]), alignment)).toEqual([1, 2]);
    expect(alignCloses(us, london([1, 3]), alignment)).toEqual([1, 3]);
    expect(alignCloses([...us, midnight('20261125', NY)], [...london([1, 3]), candle(midnight('20261125', 'Europe/London'), 4)], alignment)).toEqual([1, 3, 4]);
  });

  const ZONES = [NY, HK, 'UTC', 'Europe/London', 'Asia/Tokyo', 'Asia/Shanghai', 'Australia/Sydney'];
  const START = '20260101';
  /** Sets of day numbers (from START) as ascending ymd strings. */
  const days = fc
    .uniqueArray(fc.integer({ min: 0, max: 400 }), { maxLength: 60 })
    .map((list) => [...list].sort((a, b) => a - b).map((n) => addDaysYmd(START, n)));

  it('property: a bar gets the close of the compared candle of its own date, else a gap', () => {
    fc.assert(
      fc.property(days, days, fc.constantFrom(...ZONES), fc.constantFrom(...ZONES), (mainDays, otherDays, mainZone, otherZone) => {
        const other = otherDays.map((ymd, i) => candle(midnight(ymd, otherZone), i + 1));
        const closeOf = new Map(otherDays.map((ymd, i) => [ymd, i + 1]));
        const aligned = alignCloses(
          mainDays.map((ymd) => midnight(ymd, mainZone)),
          other,
          alignmentOf('1d', mainZone, otherZone),
        );
        expect(aligned).toEqual(mainDays.map((ymd) => closeOf.get(ymd)));
      }),
    );
  });
});

describe('alignment of intraday candles: by real time', () => {
  const HOUR = 3_600_000;
  const base = Date.UTC(2026, 10, 24);

  it('gives a bar the compared candle whose period holds its start', () => {
    // A US 1h bar opens at 14:30 UTC; crypto's hours open on the hour.
    const us = [14.5, 15.5, 16.5, 20.5].map((h) => base + h * HOUR);
    const crypto = [14, 15, 16, 17].map((h, i) => candle(base + h * HOUR, 1 + i));
    expect(alignCloses(us, crypto, alignmentOf('1h', NY, 'UTC'))).toEqual([1, 2, 3, undefined]);
    // A period ends where the next begins: a bar at 18:00 is past 17:00's.
    expect(alignCloses([base + 18 * HOUR], crypto, alignmentOf('1h', NY, 'UTC'))).toEqual([undefined]);
  });

  it('leaves gaps where the other market was closed (Hong Kong’s day is the US night)', () => {
    const us = [14.5, 15, 15.5].map((h) => base + h * HOUR);
    const hk = [1.5, 2, 2.5, 7.5].map((h, i) => candle(base + h * HOUR, 1 + i));
    expect(alignCloses(us, hk, alignmentOf('30m', NY, HK))).toEqual([undefined, undefined, undefined]);
  });

  it('property: a bar gets the close of the candle whose period holds its start, or a gap when none does', () => {
    const period = 5 * 60_000;
    const starts = fc
      .uniqueArray(fc.integer({ min: 0, max: 60 }), { maxLength: 60 })
      .map((list) => [...list].sort((a, b) => a - b).map((n) => base + n * period));
    const bars = fc
      .uniqueArray(fc.integer({ min: -10, max: 320 }), { maxLength: 80 })
      .map((list) => [...list].sort((a, b) => a - b).map((n) => base + n * 60_000));
    fc.assert(
      fc.property(starts, bars, (otherStarts, mainTimes) => {
        const other = otherStarts.map((time, i) => candle(time, i + 1));
        const expected = mainTimes.map((time) => other.find((item) => item.time <= time && time < item.time + period)?.close);
        expect(alignCloses(mainTimes, other, alignmentOf('5m', NY, HK))).toEqual(expected);
      }),
    );
  });
});
