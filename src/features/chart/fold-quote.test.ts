import { describe, expect, it } from 'vitest';
import type { Candle } from '#shared/candle.ts';
import { foldQuote, type FoldState } from './fold-quote';

const MINUTE = 60_000;
const T = Date.UTC(2026, 10, 25, 15, 0);
const bar = (time: number, overrides: Partial<Candle> = {}): Candle => ({ time, open: 100, high: 101, low: 99, close: 100.5, volume: 500, ...overrides });

describe('foldQuote', () => {
  it('inside the forming period: close follows, high and low widen, volume grows by the day-volume change', () => {
    const start: FoldState = { candle: bar(T), dayVolume: 10_000 };
    const up = foldQuote(start, { price: 102, time: T + 10_000, dayVolume: 10_040 }, '1m');
    expect(up).toEqual({ candle: { ...bar(T), high: 102, close: 102, volume: 540 }, dayVolume: 10_040 });
    const down = foldQuote(up, { price: 98.5, time: T + 20_000, dayVolume: 10_040 }, '1m');
    expect(down.candle).toEqual({ ...bar(T), high: 102, low: 98.5, close: 98.5, volume: 540 });
    const inside = foldQuote(down, { price: 100, time: T + 30_000, dayVolume: 10_050 }, '1m');
    expect(inside.candle).toMatchObject({ high: 102, low: 98.5, close: 100, volume: 550 });
  });

  it('counts no volume for the first quote (no baseline) nor when the day volume shrinks (a new day)', () => {
    const first = foldQuote({ candle: bar(T) }, { price: 100, time: T + 1, dayVolume: 9_999 }, '5m');
    expect(first).toEqual({ candle: { ...bar(T), close: 100 }, dayVolume: 9_999 });
    const reset = foldQuote(first, { price: 100, time: T + 2, dayVolume: 12 }, '5m');
    expect(reset).toEqual({ candle: { ...bar(T), close: 100 }, dayVolume: 12 });
    const noVolume = foldQuote(reset, { price: 100.2, time: T + 3 }, '5m');
    expect(noVolume).toEqual({ candle: { ...bar(T), close: 100.2 }, dayVolume: 12 });
  });

  it('past the forming period opens the next bar at its period start, with the volume traded since', () => {
    const state: FoldState = { candle: bar(T, { openInterest: 42 }), dayVolume: 1_000 };
    const next = foldQuote(state, { price: 103, time: T + MINUTE + 5_000, dayVolume: 1_070 }, '1m');
    expect(next).toEqual({ candle: { time: T + MINUTE, open: 103, high: 103, low: 103, close: 103, volume: 70, openInterest: 42 }, dayVolume: 1_070 });
  });

  it('over a gap the new bar opens in the period holding the quote, counted from the forming bar', () => {
    // A US 1h bar opens at 09:30 New York (14:30 UTC): the periods are 15:30, 16:30, … not the epoch hours.
    const open = Date.UTC(2026, 10, 25, 14, 30);
    const next = foldQuote({ candle: bar(open) }, { price: 99, time: Date.UTC(2026, 10, 25, 16, 45) }, '1h');
    expect(next.candle.time).toBe(Date.UTC(2026, 10, 25, 16, 30));
    const threeMinutes = foldQuote({ candle: bar(T) }, { price: 99, time: T + 7 * MINUTE + 1 }, '3m');
    expect(threeMinutes.candle.time).toBe(T + 6 * MINUTE);
  });

  it('daily and longer bars only move: rolling waits for the HTTP reconcile', () => {
    const day = Date.UTC(2026, 10, 25, 5);
    for (const interval of ['1d', '1w', '1M'] as const) {
      const later = foldQuote({ candle: bar(day), dayVolume: 100 }, { price: 104, time: day + 3 * 86_400_000, dayVolume: 160 }, interval);
      expect(later.candle).toEqual({ ...bar(day), high: 104, close: 104, volume: 560 });
    }
  });

  it('ignores quotes older than the forming bar and prices that are not numbers', () => {
    const state: FoldState = { candle: bar(T), dayVolume: 5 };
    expect(foldQuote(state, { price: 200, time: T - 1, dayVolume: 9 }, '1m')).toBe(state);
    expect(foldQuote(state, { price: Number.NaN, time: T + 1 }, '1m')).toBe(state);
  });
});
