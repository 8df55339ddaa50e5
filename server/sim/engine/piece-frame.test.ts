/**
 * The frame a piece's minutes are drawn in: its volume and turnover shared out exactly, its high
 * and low touched once each and never passed, every minute a well-formed bar.
 */
import { describe, expect, it } from 'vitest';
import { lookupSymbol } from '../catalog/lookup.ts';
import { tradingDaysBackward } from '../calendar/trading-days.ts';
import { emptyCandle, foldBlock } from './candle.ts';
import { pieceMinutes } from './day-blocks.ts';
import { dayToDate, locateLastTrade } from './forming.ts';
import { modelOf, type InstrumentModel } from './instrument-model.ts';
import { computeMinuteBlock } from './minute-bars.ts';
import { MINIMUM_QUANTA, computePieceFrame, shareOut } from './piece-frame.ts';

function modelFor(symbol: string): InstrumentModel {
  const found = lookupSymbol(symbol);
  if (found.kind !== 'found') throw new Error(`${symbol}: ${found.kind}`);
  return modelOf(found.instrument);
}

describe('shareOut', () => {
  it('gives integer parts that sum to the total exactly, in proportion to the weights', () => {
    const out = new Float64Array(4);
    shareOut(1_000_003, new Float64Array([1, 2, 3, 4]), 4, out);
    expect([...out]).toEqual([100_000, 200_001, 300_001, 400_001]);
    expect(out.reduce((sum, part) => sum + part, 0)).toBe(1_000_003);
  });

  it('gives everything to the last part when no weight is positive', () => {
    const out = new Float64Array(3);
    shareOut(7, new Float64Array([0, 0, 0]), 3, out);
    expect([...out]).toEqual([0, 0, 7]);
  });
});

describe.each(['700.HK', 'AAPL.US', 'AU2612', 'BTCUSDT', 'EURUSD'])('the minutes of %s inside their frames', (symbol) => {
  const model = modelFor(symbol);
  const days = [...tradingDaysBackward(model.instrument.venue, '20261120')].slice(0, 15);

  it('open and close at the frame, never pass its high or low and touch both', () => {
    for (const day of days) {
      for (const piece of day.pieces) {
        const { first, end } = pieceMinutes(piece);
        const frame = computePieceFrame(model, first, end);
        const block = computeMinuteBlock(model, first, end, first, end);
        const where = `${day.day} ${String(first)}`;
        expect(block.open[0], where).toBe(frame.open);
        expect(block.close[block.count - 1], where).toBe(frame.close);
        expect(Math.max(...block.high), where).toBe(frame.high);
        expect(Math.min(...block.low), where).toBe(frame.low);
        expect(block.high[frame.highMinute - first], where).toBe(frame.high);
        expect(block.low[frame.lowMinute - first], where).toBe(frame.low);
        expect(
          block.quanta.reduce((sum, quanta) => sum + quanta, 0),
          where,
        ).toBe(frame.quanta);
        const cents = block.turnover.reduce((sum, turnover) => sum + Math.round(turnover * 100), 0);
        expect(cents, where).toBe(frame.turnoverCents);
      }
    }
  });

  it('draws every minute as a well-formed bar that chains to the next', () => {
    for (const day of days) {
      for (const piece of day.pieces) {
        const { first, end } = pieceMinutes(piece);
        const block = computeMinuteBlock(model, first, end, first, end);
        for (let i = 0; i < block.count; i++) {
          const [open, high, low, close] = [block.open[i] ?? 0, block.high[i] ?? 0, block.low[i] ?? 0, block.close[i] ?? 0];
          expect(high).toBeGreaterThanOrEqual(Math.max(open, close));
          expect(low).toBeLessThanOrEqual(Math.min(open, close));
          expect(low).toBeGreaterThan(0);
          expect(block.quanta[i]).toBeGreaterThanOrEqual(MINIMUM_QUANTA);
          expect(Number.isInteger(block.quanta[i])).toBe(true);
          if (i > 0) expect(open).toBe(block.close[i - 1]);
        }
      }
    }
  });
});

describe('the day so far between sessions', () => {
  it('is the fold of the minutes traded (whole pieces, read from their frames)', () => {
    const model = modelFor('700.HK');
    const day = [...tradingDaysBackward(model.instrument.venue, '20261120')][0];
    if (!day) throw new Error('no day');
    // At the lunch break (the morning done) and after the close (the whole day).
    for (const [at, pieces] of [
      [(day.pieces[0]?.end ?? 0) + 30 * 60_000, 1],
      [(day.pieces[1]?.end ?? 0) + 3 * 3_600_000, 2],
    ] as const) {
      const position = locateLastTrade(model, at);
      expect(position?.inProgress).toBe(false);
      if (!position) continue;
      const folded = emptyCandle(day.dayStart, day.pieces[1]?.end ?? 0);
      for (const piece of day.pieces.slice(0, pieces)) {
        const { first, end } = pieceMinutes(piece);
        const block = computeMinuteBlock(model, first, end, first, end);
        foldBlock(folded, block, 0, block.count);
      }
      expect(dayToDate(model, position, at)).toStrictEqual(folded);
    }
  });
});
