import { describe, expect, it } from 'vitest';
import { exFactorsSchema, klineSeriesSchema, latestKlinesSchema } from './kline-schemas';
import { hkTickersSchema, tickerSchema, tradesSchema } from './quote-schemas';
import { stockInfoSchema, tradeDaysSchema, tradingSessionsSchema } from './reference-schemas';
import { symbolListSchema } from './symbol-schemas';

describe('payload schemas', () => {
  it('accept unknown extra fields', () => {
    const parsed = tickerSchema.parse({ symbol: 'AAPL.US', last_price: '222.09', timestamp: 1, brand_new_field: { x: 1 } });
    expect(parsed).toEqual({ symbol: 'AAPL.US', last_price: '222.09', timestamp: 1 });
    expect(klineSeriesSchema.safeParse({ symbol: 'A', interval: '1d', adjust: 'none', klines: [], next: 'x' }).success).toBe(true);
  });

  it('accept the optional fields of the contract omitted', () => {
    expect(stockInfoSchema.safeParse({ symbol: '600519.SH' }).success).toBe(true);
    expect(tradesSchema.safeParse({ symbol: 'BTCUSDT', trades: [{ id: '1', price: '1', quantity: '2', side: 'buy', timestamp: 1 }] }).success).toBe(true);
    expect(hkTickersSchema.safeParse([{ symbol: '700', name: 'Tencent', type: 'stock', last_price: '505.5', timestamp: 1 }]).success).toBe(true);
    // The latest endpoint's example has no `type`.
    expect(latestKlinesSchema.safeParse([{ symbol: 'AAPL.US', interval: '1m', klines: [] }]).success).toBe(true);
    // half_trade_days may be empty; tolerated when missing.
    expect(tradeDaysSchema.parse({ market: 'HK', trade_days: ['20261125'] }).half_trade_days).toEqual([]);
    // trade_session is omitted on normal trading.
    expect(tradingSessionsSchema.safeParse([{ market: 'HK', trading_sessions: [{ begin_time: 930, end_time: 1200 }] }]).success).toBe(true);
  });

  it('reject what would break the dashboard: prices that are not decimals, missing required fields, bad days', () => {
    const kline = { time: 1, open: '1', high: '1', low: '1', close: '1', volume: '1' };
    expect(klineSeriesSchema.safeParse({ symbol: 'A', interval: '1d', klines: [{ ...kline, close: 'NaN' }] }).success).toBe(false);
    expect(klineSeriesSchema.safeParse({ symbol: 'A', interval: '1d', klines: [{ ...kline, close: 1 }] }).success).toBe(false);
    expect(klineSeriesSchema.safeParse({ symbol: 'A', interval: '1d', klines: [{ ...kline, time: 1.5 }] }).success).toBe(false);
    expect(klineSeriesSchema.safeParse({ symbol: 'A', interval: '1d', klines: [{ ...kline, close: '-0.5e-3' }] }).success).toBe(true);
    expect(tickerSchema.safeParse({ symbol: 'AAPL.US', timestamp: 1 }).success).toBe(false);
    expect(tradeDaysSchema.safeParse({ market: 'US', trade_days: ['2026-11-25'], half_trade_days: [] }).success).toBe(false);
  });

  it('read the ex-factors at data.data[symbol] with a closed set of directions', () => {
    const factor = { timestamp: 1, adjust: 'forward', factor_a: 1, factor_b: -0.47 };
    expect(exFactorsSchema.parse({ data: { 'AAPL.US': [factor] } }).data['AAPL.US']).toEqual([factor]);
    expect(exFactorsSchema.safeParse({ data: { 'AAPL.US': [{ ...factor, adjust: 'sideways' }] } }).success).toBe(false);
  });

  it('parse a symbol-list page', () => {
    const page = {
      products: [{ symbol: 'AAPL.US', name: 'Apple', market: 'US', type: 'stock', currency: 'USD', is_active: true, updated_at: '2026-11-19T20:39:18Z' }],
      summary: { total_products: 1, by_market: { US: 1 }, by_type: { stock: 1 }, last_updated: '2026-11-02T08:00:00+08:00' },
      pagination: { limit: 1, offset: 0, total: 1, count: 1 },
    };
    expect(symbolListSchema.parse(page).products[0]?.symbol).toBe('AAPL.US');
    expect(symbolListSchema.safeParse({ ...page, pagination: { limit: 1 } }).success).toBe(false);
  });
});
