import { describe, expect, it } from 'vitest';
import { snapPrice } from './magnet';

const candle = { time: 0, open: 10, high: 14, low: 8, close: 12 };

describe('snapPrice', () => {
  it('takes the bar price nearest on screen', () => {
    const linear = (price: number) => 200 - price * 10;
    expect(snapPrice(candle, linear(13.9), linear)).toBe(14);
    expect(snapPrice(candle, linear(7), linear)).toBe(8);
    expect(snapPrice(candle, linear(11.2), linear)).toBe(12);
    expect(snapPrice(candle, linear(10.9), linear)).toBe(10);
  });
  it('judges nearness in pixels, so a log scale can pick another price than a linear one', () => {
    // 8.95 is nearer 8 than 10 by price (0.95 against 1.05) but nearer 10 by ratio.
    const linear = (price: number) => 1000 - price * 10;
    const log = (price: number) => 1000 - Math.log(price) * 1000;
    expect(snapPrice(candle, linear(8.95), linear)).toBe(8);
    expect(snapPrice(candle, log(8.95), log)).toBe(10);
  });
  it('skips prices off the scale', () => {
    expect(snapPrice(candle, 0, (price) => (price === 14 ? null : price))).toBe(8);
  });
});
