import { describe, expect, it } from 'vitest';
import type { Candle } from '#shared/candle.ts';
import { diffCandles } from './candle-diff';

const candle = (time: number, close = 10): Candle => ({ time, open: 10, high: 11, low: 9, close, volume: 100 });
const series = (times: number[]) => times.map((t) => candle(t));

describe('diffCandles', () => {
  const held = series([1, 2, 3]);

  it('sees nothing new in the same list or an equal copy', () => {
    expect(diffCandles(held, held)).toEqual({ kind: 'same' });
    expect(
      diffCandles(
        held,
        held.map((c) => ({ ...c })),
      ),
    ).toEqual({ kind: 'same' });
  });

  it('takes a tick of the forming candle as a tail update', () => {
    expect(diffCandles(held, [...held.slice(0, 2), candle(3, 10.5)])).toEqual({ kind: 'tail', from: 2 });
  });

  it('takes a completed period and a new forming candle as a tail update', () => {
    expect(diffCandles(held, [...held.slice(0, 2), candle(3, 10.6), candle(4)])).toEqual({ kind: 'tail', from: 2 });
    expect(diffCandles(held, [...held, candle(4)])).toEqual({ kind: 'tail', from: 3 });
  });

  it('resets on an older page, a shorter list, a changed past candle or a jump', () => {
    expect(diffCandles(held, series([0, 1, 2, 3]))).toEqual({ kind: 'reset' });
    expect(diffCandles(held, series([1, 2]))).toEqual({ kind: 'reset' });
    expect(diffCandles(held, [candle(1), candle(2, 12), candle(3)])).toEqual({ kind: 'reset' });
    expect(diffCandles(held, series([1, 2, 3, 4, 5, 6]))).toEqual({ kind: 'reset' });
    expect(diffCandles(held, series([1, 2, 5]))).toEqual({ kind: 'reset' });
    expect(diffCandles(held, [...held, candle(2.5)])).toEqual({ kind: 'reset' });
  });

  it('resets from nothing, and sees nothing new in two empty lists', () => {
    expect(diffCandles([], held)).toEqual({ kind: 'reset' });
    expect(diffCandles(held, [])).toEqual({ kind: 'reset' });
    expect(diffCandles([], [])).toEqual({ kind: 'same' });
  });
});
