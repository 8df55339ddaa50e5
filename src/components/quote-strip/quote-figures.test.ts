import { describe, expect, it } from 'vitest';
import type { Ticker } from '../../api/quote-schemas';
import type { Candle } from '#shared/candle.ts';
import { amplitude, quoteFigures, yearRange } from './quote-figures';

const DAY = 24 * 60 * 60 * 1000;
const ticker = (fields: Partial<Ticker> = {}): Ticker => ({
  symbol: 'AAPL.US',
  last_price: '222.05',
  open: '221.50',
  high_24h: '223.10',
  low_24h: '220.40',
  prev_close: '222.74',
  volume_24h: '52000000',
  quote_volume_24h: '11544000000',
  timestamp: 0,
  ...fields,
});
const candle = (day: number, low: number, high: number, openInterest?: number): Candle => ({
  time: day * DAY,
  open: low,
  high,
  low,
  close: high,
  volume: 1,
  ...(openInterest !== undefined && { openInterest }),
});

describe('quote figures', () => {
  it('reads open, high, low, previous close and the ranges at the ticker’s precision', () => {
    const figures = quoteFigures({ ticker: ticker(), dailies: [candle(1, 100, 150), candle(200, 120, 260), candle(400, 180, 230)] });
    const text = Object.fromEntries(figures.map((figure) => [figure.key, figure.text]));
    expect(text).toMatchObject({ open: '221.50', high: '223.10', low: '220.40', prevClose: '222.74', dayRange: '220.40 – 223.10' });
    // Day 1 is more than 365 days before day 400: the year's range starts after it.
    expect(text.yearRange).toBe('120.00 – 260.00');
    // (223.10 − 220.40) ÷ 222.74 = 1.21 %
    expect(text.amplitude).toBe('1.21%');
    expect(text.volume).toBe('52.0M');
    expect(text.turnover).toBe('11.5B');
  });

  it('gives turnover rate only with share counts, bid and ask only when the ticker has them, open interest only for futures', () => {
    const plain = quoteFigures({ ticker: ticker() }).map((figure) => figure.key);
    expect(plain).not.toContain('turnoverRate');
    expect(plain).not.toContain('bid');
    expect(plain).not.toContain('openInterest');
    const rich = quoteFigures({
      ticker: ticker({ bid_price: '222.04', ask_price: '222.06' }),
      tradableShares: 15_000_000_000,
      dailies: [candle(1, 1, 2, 123_456)],
      futures: true,
    });
    const text = Object.fromEntries(rich.map((figure) => [figure.key, figure.text]));
    // 52,000,000 ÷ 15,000,000,000 = 0.35 %
    expect(text).toMatchObject({ turnoverRate: '0.35%', bid: '222.04', ask: '222.06', openInterest: '123K' });
    expect(quoteFigures({ ticker: ticker(), dailies: [candle(1, 1, 2, 5)], futures: false }).map((figure) => figure.key)).not.toContain('openInterest');
  });

  it('the 52-week range takes in today from the ticker (the dailies are completed days); a future’s open interest is the forming day’s', () => {
    const days = [candle(1, 221, 222, 100_000), candle(2, 219, 221, 110_000)];
    const widened = Object.fromEntries(quoteFigures({ ticker: ticker(), dailies: days }).map((figure) => [figure.key, figure.text]));
    // Today's high (223.10) is above every completed day's; today's low (220.40) is not below 219.
    expect(widened.yearRange).toBe('219.00 – 223.10');
    const live = Object.fromEntries(
      quoteFigures({ ticker: ticker(), dailies: days, futures: true, formingDaily: candle(3, 220, 223, 150_000) }).map((figure) => [figure.key, figure.text]),
    );
    expect(live.openInterest).toBe('150K');
    // Without the forming day (not yet known), the last completed day's.
    expect(Object.fromEntries(quoteFigures({ ticker: ticker(), dailies: days, futures: true }).map((figure) => [figure.key, figure.text])).openInterest).toBe(
      '110K',
    );
  });

  it('leaves out what the ticker lacks instead of showing zeros', () => {
    const keys = quoteFigures({ ticker: { symbol: 'X', last_price: '1', timestamp: 0 } }).map((figure) => figure.key);
    expect(keys).toEqual([]);
  });

  it('amplitude needs a positive previous close; the year range reads only the last 365 days', () => {
    expect(amplitude(10, 8, 0)).toBeUndefined();
    expect(amplitude(10, 8, undefined)).toBeUndefined();
    expect(amplitude(11, 9, 10)).toBeCloseTo(20);
    expect(yearRange([])).toBeUndefined();
    expect(yearRange([candle(0, 1, 500), candle(366, 50, 60), candle(700, 40, 70)])).toEqual({ low: 40, high: 70 });
  });
});
