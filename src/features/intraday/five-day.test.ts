import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Candle } from '#shared/candle.ts';
import { localInstant } from '../../lib/trading-sessions';
import { assembleFiveDays, candlesToLines, type FiveDayInput, type TradeDay } from './five-day';

const HKT = 'Asia/Hong_Kong';
const HK_SESSIONS = [
  { begin_time: 930, end_time: 1200 },
  { begin_time: 1300, end_time: 1600 },
];
/** Regular minutes of a full HK day: 150 + 180. */
const HK_DAY = 330;
const WEEK: TradeDay[] = ['20261123', '20261124', '20261125', '20261126', '20261127'].map((ymd) => ({ ymd, half: false }));
const FRIDAY_BEFORE: TradeDay = { ymd: '20261120', half: false };

/** A 1m K-line at hh:mm (local) of `ymd`, closing at `close`, `volume` traded at `price`. */
function bar(ymd: string, hhmm: number, close: number, volume = 100, price = close): Candle {
  const time = localInstant(ymd, Math.floor(hhmm / 100) * 60 + (hhmm % 100), HKT);
  return { time, open: close, high: close, low: close, close, volume, quoteVolume: price * volume };
}

/** Every regular minute of an HK day, the close rising by 0.01 a minute from `base`. */
function fullDay(ymd: string, base: number): Candle[] {
  const out: Candle[] = [];
  let close = base;
  for (const [from, to] of [
    [930, 1200],
    [1300, 1600],
  ] as const) {
    for (let m = Math.floor(from / 100) * 60 + (from % 100); m < Math.floor(to / 100) * 60 + (to % 100); m++) {
      out.push(bar(ymd, Math.floor(m / 60) * 100 + (m % 60), close));
      close = Math.round((close + 0.01) * 100) / 100;
    }
  }
  return out;
}

function input(candles: Candle[], extra: Partial<FiveDayInput> = {}): FiveDayInput {
  return { market: 'HK', sessions: HK_SESSIONS, timeZone: HKT, days: WEEK, before: FRIDAY_BEFORE, candles, ...extra };
}

describe('candlesToLines', () => {
  it('averages cumulative quote volume over cumulative volume', () => {
    const lines = candlesToLines([bar('20261125', 930, 10, 100, 10), bar('20261125', 931, 11, 300, 12)]);
    expect(Number(lines[0]?.avg_price)).toBe(10);
    expect(Number(lines[1]?.avg_price)).toBeCloseTo((10 * 100 + 12 * 300) / 400, 10);
    expect(lines.map((line) => line.price)).toEqual(['10', '11']);
  });

  it('has no average before the first trade nor without quote volume', () => {
    const silent = { ...bar('20261125', 930, 10), volume: 0, quoteVolume: 0 };
    const { quoteVolume: _dropped, ...bare } = bar('20261125', 931, 10);
    const lines = candlesToLines([silent, bare]);
    expect(Number(lines[0]?.avg_price) > 0).toBe(false);
    expect(Number(lines[1]?.avg_price) > 0).toBe(false);
  });
});

describe('assembleFiveDays', () => {
  const all = [...fullDay('20261120', 9), ...WEEK.flatMap((day, i) => fullDay(day.ymd, 10 + i))];

  it('lays five whole days side by side, each on its own closed-up axis', () => {
    const line = assembleFiveDays(input(all));
    expect(line.days.map((day) => day.ymd)).toEqual(WEEK.map((day) => day.ymd));
    expect(line.minutes).toBe(5 * HK_DAY);
    line.days.forEach((day, i) => {
      expect(day.offset).toBe(i * HK_DAY);
      expect(day.missing).toBe(false);
      expect(day.points).toHaveLength(HK_DAY);
      expect(day.points[0]?.slot).toBe(i * HK_DAY);
      expect(day.points.at(-1)?.slot).toBe((i + 1) * HK_DAY - 1);
      // 13:00 follows 11:59 directly: the lunch break takes no slots.
      expect(day.points[150]?.time).toBe(localInstant(day.ymd, 13 * 60, HKT));
    });
  });

  it("takes each day's previous close from the day before's last close", () => {
    const line = assembleFiveDays(input(all));
    const closes = [FRIDAY_BEFORE, ...WEEK].map(
      (day) => all.filter((c) => localInstant(day.ymd, 0, HKT) <= c.time && c.time < localInstant(day.ymd, 1440, HKT)).at(-1)?.close,
    );
    expect(line.days.map((day) => day.prevClose)).toEqual(closes.slice(0, 5));
    expect(line.days[0]?.prevClose).toBeCloseTo(9 + 3.29, 6);
  });

  it('restarts the average every day', () => {
    const line = assembleFiveDays(input(all));
    for (const day of line.days) expect(day.points[0]?.avg).toBe(day.points[0]?.price);
  });

  it('marks a day without K-lines missing and invents nothing for it or from it', () => {
    const line = assembleFiveDays(input(all.filter((c) => localInstant('20261125', 0, HKT) > c.time || c.time >= localInstant('20261126', 0, HKT))));
    const wednesday = line.days[2];
    expect(wednesday?.missing).toBe(true);
    expect(wednesday?.points).toEqual([]);
    expect(wednesday?.axis.minutes).toBe(HK_DAY);
    // Thursday's previous close would be Wednesday's: unknown.
    expect(line.days[3]?.prevClose).toBeUndefined();
    expect(line.days[3]?.missing).toBe(false);
    expect(line.minutes).toBe(5 * HK_DAY);
  });

  it('leaves out K-lines outside the regular sessions', () => {
    const line = assembleFiveDays(input([bar('20261123', 915, 1), bar('20261123', 1230, 2), bar('20261123', 1600, 3), bar('20261123', 1000, 4)]));
    expect(line.days[0]?.points.map((p) => p.price)).toEqual([4, 3]);
  });

  it('draws the current day from the intraday lines instead of its K-lines', () => {
    const time = localInstant('20261127', 9 * 60 + 30, HKT);
    const line = assembleFiveDays(
      input(all, { current: { ymd: '20261127', lines: [{ timestamp: time, price: '99', volume: 5, turnover: '495', avg_price: '99' }] } }),
    );
    const friday = line.days[4];
    expect(friday?.points).toHaveLength(1);
    expect(friday?.points[0]).toMatchObject({ slot: 4 * HK_DAY, price: 99, avg: 99 });
    expect(friday?.prevClose).toBe(line.days[3]?.points.at(-1)?.price);
  });

  it('gives a half day its morning only', () => {
    const days = WEEK.map((day) => (day.ymd === '20261124' ? { ...day, half: true } : day));
    const line = assembleFiveDays(input(all, { days }));
    expect(line.days[1]?.axis.minutes).toBe(150);
    expect(line.days[1]?.points).toHaveLength(150);
    expect(line.days[2]?.offset).toBe(HK_DAY + 150);
  });

  it('keeps every day inside its own slots, averages inside its prices, missing exactly when bare (property)', () => {
    const minute = fc.integer({ min: 0, max: HK_DAY - 1 }).map((m) => (m < 150 ? 9 * 60 + 30 + m : 13 * 60 + m - 150));
    const barArb = fc.record({
      day: fc.integer({ min: 0, max: 4 }),
      minute,
      close: fc.double({ min: 1, max: 100, noNaN: true }),
      volume: fc.integer({ min: 0, max: 1000 }),
    });
    fc.assert(
      fc.property(fc.array(barArb, { maxLength: 60 }), (specs) => {
        const candles = specs.map(({ day, minute: m, close, volume }) => bar(WEEK[day]?.ymd ?? '', Math.floor(m / 60) * 100 + (m % 60), close, volume));
        const line = assembleFiveDays(input(candles, { before: undefined }));
        expect(line.days).toHaveLength(5);
        line.days.forEach((day, i) => {
          const own = specs.filter((s) => s.day === i);
          expect(day.missing).toBe(own.length === 0);
          if (i === 0) expect(day.prevClose).toBeUndefined();
          for (const point of day.points) {
            expect(point.slot).toBeGreaterThanOrEqual(day.offset);
            expect(point.slot).toBeLessThan(day.offset + day.axis.minutes);
            if (Number.isFinite(point.avg)) {
              expect(point.avg).toBeGreaterThanOrEqual(Math.min(...own.map((s) => s.close)) - 1e-9);
              expect(point.avg).toBeLessThanOrEqual(Math.max(...own.map((s) => s.close)) + 1e-9);
            }
          }
          expect(new Set(day.points.map((p) => p.slot)).size).toBe(day.points.length);
        });
      }),
    );
  });
});
