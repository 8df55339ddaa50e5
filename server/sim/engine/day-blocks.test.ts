/**
 * The direct day path (foldMinutes, behind dailyCandle) against the minute fold it replaced:
 * every piece's minute block computed and folded bar by bar. Equal to the bit, every field,
 * every trading day of a year, so daily candles keep agreeing with 1m K-lines, intraday,
 * tickers and trades.
 */
import { describe, expect, it } from 'vitest';
import { lookupSymbol } from '../catalog/lookup.ts';
import { tradingDaysBackward } from '../calendar/trading-days.ts';
import type { TradingDay } from '../calendar/types.ts';
import { emptyCandle, foldBlock, type Candle } from './candle.ts';
import { dailyCandle, pieceMinutes } from './day-blocks.ts';
import { modelOf, type InstrumentModel } from './instrument-model.ts';
import { computeMinuteBlock, foldMinutes } from './minute-bars.ts';

function modelFor(symbol: string): InstrumentModel {
  const found = lookupSymbol(symbol);
  if (found.kind !== 'found') throw new Error(`${symbol}: ${found.kind}`);
  return modelOf(found.instrument);
}

/** The trading days of the year up to 20 November 2026 on which the instrument was listed. */
function yearOfDays(model: InstrumentModel): TradingDay[] {
  const days: TradingDay[] = [];
  for (const day of tradingDaysBackward(model.instrument.venue, '20261120')) {
    if (day.day <= '20251120' || day.day < model.instrument.listedSince) break;
    days.push(day);
  }
  return days;
}

/** The daily candle as the engine folded it before the direct path: whole minute blocks. */
function minuteFold(model: InstrumentModel, day: TradingDay): Candle {
  const last = day.pieces[day.pieces.length - 1];
  const candle = emptyCandle(day.dayStart, last ? last.end : day.dayStart);
  for (const piece of day.pieces) {
    const { first, end } = pieceMinutes(piece);
    const block = computeMinuteBlock(model, first, end, first, end);
    foldBlock(candle, block, 0, block.count);
  }
  return candle;
}

describe.each([
  { symbol: '700.HK', what: 'an HK stock: lunch break, HKEX spread table, dividends' },
  { symbol: 'AAPL.US', what: 'a US stock: half days, dividends' },
  { symbol: 'AU2612', what: 'a future: night session, open interest' },
  { symbol: 'BTCUSDT', what: 'a crypto pair: 1,440 minutes a day, flat volume curve' },
])('the direct day path of $symbol ($what)', ({ symbol }) => {
  const model = modelFor(symbol);
  const days = yearOfDays(model);

  it('gives every daily candle of a year exactly as the minute fold does', () => {
    expect(days.length).toBeGreaterThan(200);
    for (const day of days) expect(dailyCandle(model, day), day.day).toStrictEqual(minuteFold(model, day));
  });

  it('folds any stretch of a piece as its minute block does (the day so far, a forming candle)', () => {
    for (const [n, day] of days.entries()) {
      if (n % 5 !== 0) continue;
      for (const piece of day.pieces) {
        const { first, end } = pieceMinutes(piece);
        const from = first + (n % (end - first));
        const to = Math.max(from, end - (n % 7));
        const direct = emptyCandle(0, 0);
        foldMinutes(direct, model, from, to, first, end);
        const folded = emptyCandle(0, 0);
        foldBlock(folded, computeMinuteBlock(model, from, to, first, end), 0, to - from);
        expect(direct, `${day.day} ${String(from)}–${String(to)}`).toStrictEqual(folded);
      }
    }
  });
});

/**
 * Numbers the engine gave before the direct path (its minute arithmetic was then written out in
 * computeMinuteBlock alone): 20 November 2026's candle and the year's sums, newest day first.
 * The comparison above shares the minute arithmetic with the fold; these pin the arithmetic.
 */
const BEFORE: Record<string, { candle: Partial<Candle>; quanta: number; turnover: number; days: number }> = {
  '700.HK': {
    candle: { open: 505, high: 505.5, low: 499.8, close: 502.5, quanta: 539_488, turnover: 27_120_344_185, openInterest: 0 },
    quanta: 131_398_886,
    turnover: 4_150_050_277_002.5,
    days: 246,
  },
  'AAPL.US': {
    candle: { open: 226.12, high: 227.21, low: 224.59, close: 225.08, quanta: 132_969_903, turnover: 30_027_816_437.98, openInterest: 0 },
    quanta: 35_191_927_130,
    turnover: 9_878_474_671_201.975,
    days: 251,
  },
  AU2612: {
    candle: { open: 589.88, high: 591.48, low: 588.18, close: 588.92, quanta: 403_172, turnover: 237_841_100.06, openInterest: 1_619_583 },
    quanta: 93_807_015,
    turnover: 55_371_042_507.48004,
    days: 226,
  },
  BTCUSDT: {
    candle: { open: 96_302.4, high: 97_170.41, low: 88_834.92, close: 90_134.8, quanta: 507_301_292, turnover: 4_717_744_447.439989, openInterest: 0 },
    quanta: 183_507_766_784,
    turnover: 1_941_567_942_590.959,
    days: 365,
  },
};

describe('the daily candles of a year', () => {
  it.each(Object.entries(BEFORE))('of %s are the numbers the engine gave before the direct path', (symbol, before) => {
    const model = modelFor(symbol);
    const candles = yearOfDays(model).map((day) => dailyCandle(model, day));
    expect(candles[0]).toMatchObject(before.candle);
    expect(candles).toHaveLength(before.days);
    expect(candles.reduce((sum, candle) => sum + candle.quanta, 0)).toBe(before.quanta);
    expect(candles.reduce((sum, candle) => sum + candle.turnover, 0)).toBe(before.turnover);
  });

  it('holds what makes each market different', () => {
    const future = modelFor('AU2612');
    const futureDays = yearOfDays(future);
    // Night sessions: the trading day starts the evening before its date.
    expect(futureDays.some((day) => (day.pieces[0]?.start ?? Infinity) < day.dayStart)).toBe(true);
    expect(futureDays.every((day) => dailyCandle(future, day).openInterest > 0)).toBe(true);
    const hk = modelFor('700.HK');
    const hkDays = yearOfDays(hk);
    expect(hkDays.every((day) => day.pieces.length >= 1) && hkDays.some((day) => day.pieces.length === 2)).toBe(true);
    // A dividend inside the year: raw prices change segment within the checked days.
    const first = hkDays[hkDays.length - 1]?.dayStart ?? 0;
    expect(hk.events.some((event) => event.timestamp > first)).toBe(true);
  });
});
