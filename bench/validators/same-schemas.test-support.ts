/**
 * What each backend of bench/validators.ts must do alike, so the bench compares the same schemas:
 * the app's schemas (src/api) built on it accept the service's payloads and refuse broken ones.
 */
import { expect } from 'vitest';
import { klineSeriesSchema } from '../../src/api/kline-schemas.ts';
import { hkTickersSchema, tickerSchema } from '../../src/api/quote-schemas.ts';
import { tradeDaysSchema } from '../../src/api/reference-schemas.ts';

export function expectSameSchemas(): void {
  const ticker = { symbol: 'AAPL.US', last_price: '222.09', timestamp: 1_764_000_000_000, volume_24h: '1e6', extra: 'dropped' };
  expect(tickerSchema.parse(ticker)).toEqual({ symbol: 'AAPL.US', last_price: '222.09', timestamp: 1_764_000_000_000, volume_24h: '1e6' });
  expect(() => tickerSchema.parse({ ...ticker, last_price: '12,5' })).toThrow();
  expect(() => tickerSchema.parse({ ...ticker, timestamp: 1.5 })).toThrow();
  expect(hkTickersSchema.parse([{ symbol: '700', name: '騰訊控股', type: 'stock', last_price: '505.5', timestamp: 1 }])).toHaveLength(1);
  expect(() => hkTickersSchema.parse({})).toThrow();
  const series = { symbol: 'AAPL.US', interval: '1d', klines: [{ time: 1, open: '1', high: '2', low: '0.5', close: '1.5', volume: '10' }] };
  expect(klineSeriesSchema.parse(series).klines[0]?.close).toBe('1.5');
  expect(() => klineSeriesSchema.parse({ ...series, klines: [{ time: 1 }] })).toThrow();
  // A default filled in where the payload leaves the key out.
  expect(tradeDaysSchema.parse({ market: 'US', trade_days: ['20261125'] })).toMatchObject({ half_trade_days: [] });
}
