import { describe, expect, it } from 'vitest';
import type { Candle } from '#shared/candle.ts';
import { candlePrecision, DEFAULT_DECIMALS } from './candle-precision';

const candle = (open: number, high: number, low: number, close: number): Candle => ({ time: 0, open, high, low, close, volume: 1 });

describe('candlePrecision', () => {
  it('reads the most decimals any recent price needs', () => {
    expect(candlePrecision([candle(187.5, 188.25, 187, 188)])).toBe(2);
    expect(candlePrecision([candle(1.0832, 1.08345, 1.083, 1.0833)])).toBe(5);
    expect(candlePrecision([candle(420, 421, 419, 420)])).toBe(0);
  });

  it('reads the newest 200 candles only', () => {
    const older = candle(1.2345, 1.2345, 1.2345, 1.2345);
    const recent = Array.from({ length: 200 }, () => candle(1.25, 1.5, 1, 1.25));
    expect(candlePrecision([older, ...recent])).toBe(2);
    expect(candlePrecision([older, ...recent.slice(1)])).toBe(4);
    expect(candlePrecision([...recent.slice(1), older])).toBe(4);
  });

  it('falls back to two decimals without candles', () => {
    expect(candlePrecision([])).toBe(DEFAULT_DECIMALS);
  });
});
