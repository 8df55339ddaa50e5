/**
 * The daily candle (its pieces' frames, behind dailyCandle) against the fold of its minutes:
 * every piece's minute block computed and folded bar by bar. Equal to the bit, every field,
 * every trading day of a year, so daily candles keep agreeing with 1m K-lines, intraday,
 * tickers and trades; and any stretch of minutes folded directly equals its block.
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

/** The daily candle as the fold of its pieces' whole minute blocks. */
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
])('the daily candles of $symbol ($what)', ({ symbol }) => {
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
 * Numbers of the frame model (piece-frame.ts; since December 2026, when daily candles stopped
 * folding every minute): 20 November 2026's candle and the year's sums, newest day first. The
 * comparison above shares the minute arithmetic with the fold; these pin the arithmetic, so a
 * change to it is a deliberate one. Opens and closes are the path's, as before the frames.
 */
const PINNED: Record<string, { candle: Partial<Candle>; quanta: number; turnover: number; days: number }> = {
  '700.HK': {
    candle: { open: 505, high: 505.5, low: 499.4, close: 502.5, quanta: 520_710, turnover: 26_185_623_334.63, openInterest: 0 },
    quanta: 131_671_760,
    turnover: 4_169_620_018_343.621,
    days: 246,
  },
  'AAPL.US': {
    candle: { open: 226.12, high: 226.69, low: 224.74, close: 225.08, quanta: 128_521_569, turnover: 29_029_237_998.44, openInterest: 0 },
    quanta: 36_075_621_438,
    turnover: 10_115_945_873_583.564,
    days: 251,
  },
  AU2612: {
    candle: { open: 589.88, high: 591.5, low: 588.76, close: 588.92, quanta: 340_629, turnover: 200_971_747.69, openInterest: 1_619_583 },
    quanta: 93_925_921,
    turnover: 55_445_820_142.65002,
    days: 226,
  },
  BTCUSDT: {
    candle: { open: 96_302.4, high: 97_214.57, low: 88_850.82, close: 90_134.8, quanta: 670_195_571, turnover: 6_230_172_381.75, openInterest: 0 },
    quanta: 181_528_411_196,
    turnover: 1_923_918_689_681.6697,
    days: 365,
  },
};

describe('the daily candles of a year', () => {
  it.each(Object.entries(PINNED))('of %s are the pinned numbers of the frame model', (symbol, pinned) => {
    const model = modelFor(symbol);
    const candles = yearOfDays(model).map((day) => dailyCandle(model, day));
    expect(candles[0]).toMatchObject(pinned.candle);
    expect(candles).toHaveLength(pinned.days);
    expect(candles.reduce((sum, candle) => sum + candle.quanta, 0)).toBe(pinned.quanta);
    expect(candles.reduce((sum, candle) => sum + candle.turnover, 0)).toBe(pinned.turnover);
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
