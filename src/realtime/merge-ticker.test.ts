import { describe, expect, it } from 'vitest';
import type { Ticker } from '../api/quote-schemas';
import { mergeTicker } from './merge-ticker';
import type { TickerPush } from './types';

const http: Ticker = {
  symbol: 'AAPL.US',
  name: 'Apple Inc.',
  type: 'stock',
  last_price: '200.00',
  prev_close: '198.50',
  open: '199.00',
  price_change_24h: '1.50',
  price_change_percent_24h: '0.76',
  volume_24h: '1000',
  timestamp: 1_000,
};

describe('mergeTicker', () => {
  it('takes the price from the push, the name and previous close from the snapshot, and recomputes the change', () => {
    const push: TickerPush = { symbol: 'AAPL.US', type: 'stock', last_price: '201.25', volume_24h: '1500', high_24h: '201.30', low_24h: '198.9', timestamp: 2_000 };
    expect(mergeTicker(http, push)).toEqual({
      symbol: 'AAPL.US',
      name: 'Apple Inc.',
      type: 'stock',
      last_price: '201.25',
      prev_close: '198.50',
      open: '199.00',
      volume_24h: '1500',
      high_24h: '201.30',
      low_24h: '198.9',
      price_change_24h: '2.75',
      price_change_percent_24h: '1.39', // 2.75 / 198.5 = 1.3854 %
      timestamp: 2_000,
    });
  });

  it('keeps the change figures the push brings (A-shares, crypto)', () => {
    const push: TickerPush = { symbol: 'AAPL.US', last_price: '197.00', price_change_24h: '-1.5', price_change_percent_24h: '-0.76', timestamp: 2_000 };
    const merged = mergeTicker(http, push);
    expect(merged?.price_change_24h).toBe('-1.5');
    expect(merged?.price_change_percent_24h).toBe('-0.76');
  });

  it('drops the stale change when neither side can recompute it', () => {
    const { prev_close: _prevClose, ...withoutPrevClose } = http;
    const merged = mergeTicker(withoutPrevClose, { symbol: 'AAPL.US', last_price: '210', timestamp: 2_000 });
    expect(merged?.last_price).toBe('210');
    expect(merged?.price_change_24h).toBeUndefined();
    expect(merged?.price_change_percent_24h).toBeUndefined();
  });

  it('a negative change with a zero previous close gives the change but no percent', () => {
    const merged = mergeTicker({ ...http, prev_close: '0' }, { symbol: 'AAPL.US', last_price: '-0.5', timestamp: 2_000 });
    expect(merged?.price_change_24h).toBe('-0.5');
    expect(merged?.price_change_percent_24h).toBeUndefined();
  });

  it('uses the precision of the prices: 1.08215 from 1.0800 is +0.00215', () => {
    const merged = mergeTicker({ symbol: 'EURUSD', last_price: '1.0800', prev_close: '1.0800', timestamp: 1 }, { symbol: 'EURUSD', last_price: '1.08215', spread: '0.00002', timestamp: 2 });
    expect(merged).toEqual({ symbol: 'EURUSD', last_price: '1.08215', prev_close: '1.0800', price_change_24h: '0.00215', price_change_percent_24h: '0.20', timestamp: 2 });
  });

  it('a snapshot newer than the push wins (HTTP resumed after the socket went down)', () => {
    expect(mergeTicker({ ...http, timestamp: 3_000 }, { symbol: 'AAPL.US', last_price: '150', timestamp: 2_000 })).toEqual({ ...http, timestamp: 3_000 });
  });

  it('either side alone', () => {
    expect(mergeTicker(http, undefined)).toBe(http);
    expect(mergeTicker(undefined, undefined)).toBeUndefined();
    expect(mergeTicker(undefined, { symbol: 'X', last_price: '1', spread: '0.1', timestamp: 1 })).toEqual({ symbol: 'X', last_price: '1', timestamp: 1 });
  });
});
