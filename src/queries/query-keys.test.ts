import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from './query-keys';

describe('queryKeys', () => {
  it('nest under their domain, so invalidation by prefix reaches exactly that domain', async () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.klines.history('AAPL.US', '1d', 'none'), 1);
    client.setQueryData(queryKeys.klines.latest('AAPL.US', '1d', 'none'), 2);
    client.setQueryData(queryKeys.tickers.one('AAPL.US'), 3);
    await client.invalidateQueries({ queryKey: queryKeys.klines.all });
    expect(client.getQueryState(queryKeys.klines.history('AAPL.US', '1d', 'none'))?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.klines.latest('AAPL.US', '1d', 'none'))?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.tickers.one('AAPL.US'))?.isInvalidated).toBe(false);
    expect(queryKeys.klines.history('AAPL.US', '1d', 'none').slice(0, 2)).toEqual(queryKeys.klines.all);
  });

  it('tell series apart by symbol, interval, adjust and type', () => {
    const keys = [
      queryKeys.klines.history('AAPL.US', '1d', 'none'),
      queryKeys.klines.history('AAPL.US', '1d', 'forward'),
      queryKeys.klines.history('AAPL.US', '1h', 'none'),
      queryKeys.klines.history('BTCUSD', '1d', null, 'crypto'),
      queryKeys.klines.history('BTCUSD', '1d', null, 'forex'),
    ];
    expect(new Set(keys.map((key) => JSON.stringify(key))).size).toBe(keys.length);
  });

  it('treat symbol lists as sets', () => {
    expect(queryKeys.stockInfo.list(['B.US', 'A.US', 'B.US'])).toEqual(queryKeys.stockInfo.list(['A.US', 'B.US']));
    expect(queryKeys.exFactors.list(['700.HK', 'AAPL.US'])).toEqual(queryKeys.exFactors.list(['AAPL.US', '700.HK']));
  });
});
