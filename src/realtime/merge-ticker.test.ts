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
    const push: TickerPush = {
      symbol: 'AAPL.US',
      type: 'stock',
      last_price: '201.25',
      volume_24h: '1500',
      high_24h: '201.30',
      low_24h: '198.9',
      timestamp: 2_000,
    };
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
    const merged = mergeTicker(
      { symbol: 'EURUSD', last_price: '1.0800', prev_close: '1.0800', timestamp: 1 },
      { symbol: 'EURUSD', last_price: '1.08215', spread: '0.00002', timestamp: 2 },
    );
    expect(merged).toEqual({
      symbol: 'EURUSD',
      last_price: '1.08215',
      prev_close: '1.0800',
      price_change_24h: '0.00215',
      price_change_percent_24h: '0.20',
      timestamp: 2,
    });
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

describe('mergeTicker: US extended hours', () => {
  const overnight: TickerPush = {
    symbol: 'AAPL.US',
    type: 'stock',
    last_price: '201.25',
    volume_24h: '4200',
    high_24h: '201.50',
    low_24h: '199.80',
    trade_session: 'overnight',
    quote_volume: '845000.00',
    timestamp: 5_000,
  };

  it("puts an extended push into that session's quote and leaves the regular figures as they were", () => {
    const merged = mergeTicker(http, overnight);
    expect(merged?.last_price).toBe('200.00');
    expect(merged?.price_change_24h).toBe('1.50');
    expect(merged?.volume_24h).toBe('1000');
    // The session follows the regular close it had no quote of yet: the regular last price.
    expect(merged?.overnight_quote).toEqual({
      last_done: '201.25',
      timestamp: 5_000,
      volume: 4200,
      quote_volume: '845000.00',
      high: '201.50',
      low: '199.80',
      prev_close: '200.00',
    });
  });

  it("keeps the snapshot quote's reference price, and a newer snapshot quote wins", () => {
    const quote = { last_done: '200.90', timestamp: 4_000, volume: 100, high: '201.00', low: '200.10', prev_close: '199.00' };
    expect(mergeTicker({ ...http, overnight_quote: quote }, overnight)?.overnight_quote?.prev_close).toBe('199.00');
    const newer = { ...quote, timestamp: 9_000 };
    expect(mergeTicker({ ...http, overnight_quote: newer }, overnight)?.overnight_quote).toBe(newer);
  });

  it('an extended push alone shows nothing, and a session this client does not know changes nothing', () => {
    expect(mergeTicker(undefined, overnight)).toBeUndefined();
    expect(mergeTicker(http, { ...overnight, trade_session: 'lunch_auction' })).toBe(http);
  });
});
