import { describe, expect, it } from 'vitest';
import type { AdjustFactor } from '#shared/adjust.ts';
import type { Candle } from '#shared/candle.ts';
import { adjustCandles, adjustSeries, aggregateCandles, bucketStart, mergeCandles, toCandle } from './candles';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 25, 14, 30); // a multiple of 3 minutes

function candle(time: number, close: number, extra: Partial<Candle> = {}): Candle {
  return { time, open: close, high: close, low: close, close, volume: 1, ...extra };
}

describe('toCandle', () => {
  it('turns the decimal strings of a K-line into numbers, keeping optional fields only when present', () => {
    expect(toCandle({ time: T0, open: '1.5', high: '2', low: '1', close: '1.25', volume: '100', quote_volume: '150.5' })).toEqual({
      time: T0,
      open: 1.5,
      high: 2,
      low: 1,
      close: 1.25,
      volume: 100,
      quoteVolume: 150.5,
    });
    const futures = toCandle({ time: T0, open: '7137', high: '7140', low: '7130', close: '7139', volume: '238', open_interest: '120345' });
    expect(futures.openInterest).toBe(120345);
    expect('quoteVolume' in futures).toBe(false);
  });
});

describe('aggregateCandles', () => {
  it('folds 1m candles into epoch-aligned 3m buckets: first open, max high, min low, last close, summed volumes', () => {
    const minutes: Candle[] = [
      { time: T0, open: 10, high: 11, low: 9.5, close: 10.5, volume: 100, quoteVolume: 1000 },
      { time: T0 + MINUTE, open: 10.5, high: 12, low: 10, close: 11, volume: 50, quoteVolume: 550 },
      { time: T0 + 2 * MINUTE, open: 11, high: 11.5, low: 9, close: 9.8, volume: 25, quoteVolume: 245 },
      { time: T0 + 3 * MINUTE, open: 9.8, high: 10, low: 9.7, close: 9.9, volume: 10, quoteVolume: 99 },
    ];
    expect(aggregateCandles(minutes, 3 * MINUTE)).toEqual([
      { time: T0, open: 10, high: 12, low: 9, close: 9.8, volume: 175, quoteVolume: 1795 },
      { time: T0 + 3 * MINUTE, open: 9.8, high: 10, low: 9.7, close: 9.9, volume: 10, quoteVolume: 99 },
    ]);
  });

  it('starts buckets on epoch multiples even when the first candle is inside one', () => {
    const out = aggregateCandles([candle(T0 + MINUTE, 1), candle(T0 + 2 * MINUTE, 2), candle(T0 + 3 * MINUTE, 3)], 3 * MINUTE);
    expect(out.map((c) => c.time)).toEqual([T0, T0 + 3 * MINUTE]);
    expect(out[0]).toMatchObject({ open: 1, close: 2, volume: 2 });
  });

  it('keeps the last open interest and leaves quote volume out when no input has it', () => {
    const out = aggregateCandles([candle(T0, 1, { openInterest: 500 }), candle(T0 + MINUTE, 2, { openInterest: 480 })], 3 * MINUTE);
    expect(out).toEqual([{ time: T0, open: 1, high: 2, low: 1, close: 2, volume: 2, openInterest: 480 }]);
  });

  it('does not modify its input', () => {
    const input = [candle(T0, 1), candle(T0 + MINUTE, 2)];
    aggregateCandles(input, 3 * MINUTE);
    expect(input[0]).toEqual(candle(T0, 1));
  });

  it('bucketStart is floor to the bucket', () => {
    expect(bucketStart(T0 + 2 * MINUTE + 59_999, 3 * MINUTE)).toBe(T0);
  });
});

describe('mergeCandles', () => {
  it('unions by time, the second series winning, ascending', () => {
    const a = [candle(1, 1), candle(2, 2), candle(3, 3)];
    const b = [candle(3, 30), candle(4, 40)];
    expect(mergeCandles(a, b).map((c) => [c.time, c.close])).toEqual([
      [1, 1],
      [2, 2],
      [3, 30],
      [4, 40],
    ]);
  });

  it('sorts and de-duplicates unsorted input (the later duplicate wins)', () => {
    const merged = mergeCandles([candle(3, 3), candle(1, 1), candle(3, 33)], [candle(2, 2)]);
    expect(merged.map((c) => [c.time, c.close])).toEqual([
      [1, 1],
      [2, 2],
      [3, 33],
    ]);
  });

  it('interleaves and handles empty sides', () => {
    expect(mergeCandles([candle(1, 1), candle(5, 5)], [candle(3, 3), candle(5, 50), candle(7, 7)]).map((c) => c.close)).toEqual([1, 3, 50, 7]);
    expect(mergeCandles([], [candle(2, 2)]).map((c) => c.time)).toEqual([2]);
    expect(mergeCandles([candle(2, 2)], []).map((c) => c.time)).toEqual([2]);
  });
});

describe('adjustCandles', () => {
  const factors: AdjustFactor[] = [
    { timestamp: 1_000, adjust: 'forward', factor_a: 0.5, factor_b: -0.1 },
    { timestamp: 1_000, adjust: 'backward', factor_a: 2, factor_b: 0.2 },
    { timestamp: 2_000, adjust: 'forward', factor_a: 1, factor_b: -0.33333 },
    { timestamp: 2_000, adjust: 'backward', factor_a: 1, factor_b: 0.33333 },
  ];
  const series = [candle(500, 10, { open: 9, high: 11, low: 8, volume: 7 }), candle(1_000, 10), candle(1_500, 10), candle(2_500, 10)];

  it('forward: factors after the candle, oldest first, rounded to 4 decimals; volume unchanged', () => {
    const out = adjustCandles(series, factors, 'forward');
    // (10 × 0.5 − 0.1) − 0.33333 = 4.56667
    expect(out[0]).toEqual({ time: 500, open: 4.0667, high: 5.0667, low: 3.5667, close: 4.5667, volume: 7 });
    expect(out[1]?.close).toBe(9.6667); // the 1000 event is not after 1000
    expect(out[3]?.close).toBe(10);
  });

  it('backward: factors at or before the candle, newest first', () => {
    const out = adjustCandles(series, factors, 'backward');
    expect(out[0]?.close).toBe(10);
    expect(out[1]?.close).toBe(20.2);
    // (10 + 0.33333) × 2 + 0.2 = 20.86666
    expect(out[3]?.close).toBe(20.8667);
  });

  it('none, or no factors of the direction: the candles unchanged', () => {
    expect(adjustCandles(series, factors, 'none')).toEqual(series);
    expect(adjustCandles(series, [], 'forward')).toEqual(series);
  });
  it('a whole series is adjusted once for a second reader of the same candles and factors (the app after the early chart)', () => {
    const first = adjustSeries(series, factors, 'forward', 2);
    expect(first).toEqual(adjustCandles(series, factors, 'forward', 2));
    expect(adjustSeries(series, factors, 'forward', 2)).toBe(first);
    // Other decimals, another direction, other factors or other candles: adjusted afresh.
    expect(adjustSeries(series, factors, 'forward', 4)).toEqual(adjustCandles(series, factors, 'forward', 4));
    expect(adjustSeries(series, factors, 'backward', 4)).toEqual(adjustCandles(series, factors, 'backward', 4));
    expect(adjustSeries(series, factors.slice(0, 2), 'backward', 4)).toEqual(adjustCandles(series, factors.slice(0, 2), 'backward', 4));
    expect(adjustSeries([...series], factors, 'forward', 2)).not.toBe(first);
  });
});
