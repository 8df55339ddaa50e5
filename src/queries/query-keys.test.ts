import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { LIVE_SOURCE, type FeedSource } from './market-feed/market-feed';
import { queryKeys } from './query-keys';

const REPLAY: FeedSource = { kind: 'replay', id: 'session-1' };

/** Per market data domain: its `all`, and one key of it in the live and in the replay source. */
const BY_DOMAIN = [
  [queryKeys.klines.all, queryKeys.klines.history(LIVE_SOURCE, 'AAPL.US', '1d', 'none'), queryKeys.klines.history(REPLAY, 'AAPL.US', '1d', 'none')],
  [queryKeys.tickers.all, queryKeys.tickers.one(LIVE_SOURCE, 'AAPL.US'), queryKeys.tickers.one(REPLAY, 'AAPL.US')],
  [queryKeys.trades.all, queryKeys.trades.list(LIVE_SOURCE, 'AAPL.US', 100), queryKeys.trades.list(REPLAY, 'AAPL.US', 100)],
  [queryKeys.depth.all, queryKeys.depth.one(LIVE_SOURCE, 'AAPL.US'), queryKeys.depth.one(REPLAY, 'AAPL.US')],
  [queryKeys.intraday.all, queryKeys.intraday.one(LIVE_SOURCE, 'AAPL.US'), queryKeys.intraday.one(REPLAY, 'AAPL.US')],
  [queryKeys.stockInfo.all, queryKeys.stockInfo.list(LIVE_SOURCE, ['AAPL.US']), queryKeys.stockInfo.list(REPLAY, ['AAPL.US'])],
  [queryKeys.exFactors.all, queryKeys.exFactors.list(LIVE_SOURCE, ['AAPL.US']), queryKeys.exFactors.list(REPLAY, ['AAPL.US'])],
  [queryKeys.hkTickers.all, queryKeys.hkTickers.of(LIVE_SOURCE), queryKeys.hkTickers.of(REPLAY)],
  [queryKeys.tradingSessions.all, queryKeys.tradingSessions.of(LIVE_SOURCE), queryKeys.tradingSessions.of(REPLAY)],
  [
    queryKeys.tradeDays.all,
    queryKeys.tradeDays.range(LIVE_SOURCE, 'US', '2026-11-01', '2026-11-30'),
    queryKeys.tradeDays.range(REPLAY, 'US', '2026-11-01', '2026-11-30'),
  ],
] as const;

describe('queryKeys', () => {
  it('nest under their domain, so invalidation by prefix reaches exactly that domain', async () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.klines.history(LIVE_SOURCE, 'AAPL.US', '1d', 'none'), 1);
    client.setQueryData(queryKeys.klines.latest(LIVE_SOURCE, 'AAPL.US', '1d', 'none'), 2);
    client.setQueryData(queryKeys.tickers.one(LIVE_SOURCE, 'AAPL.US'), 3);
    await client.invalidateQueries({ queryKey: queryKeys.klines.all });
    expect(client.getQueryState(queryKeys.klines.history(LIVE_SOURCE, 'AAPL.US', '1d', 'none'))?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.klines.latest(LIVE_SOURCE, 'AAPL.US', '1d', 'none'))?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.tickers.one(LIVE_SOURCE, 'AAPL.US'))?.isInvalidated).toBe(false);
    expect(queryKeys.klines.history(LIVE_SOURCE, 'AAPL.US', '1d', 'none').slice(0, 2)).toEqual(queryKeys.klines.all);
  });

  it('tell series apart by symbol, interval, adjust and type', () => {
    const keys = [
      queryKeys.klines.history(LIVE_SOURCE, 'AAPL.US', '1d', 'none'),
      queryKeys.klines.history(LIVE_SOURCE, 'AAPL.US', '1d', 'forward'),
      queryKeys.klines.history(LIVE_SOURCE, 'AAPL.US', '1h', 'none'),
      queryKeys.klines.history(LIVE_SOURCE, 'BTCUSD', '1d', null, 'crypto'),
      queryKeys.klines.history(LIVE_SOURCE, 'BTCUSD', '1d', null, 'forex'),
    ];
    expect(new Set(keys.map((key) => JSON.stringify(key))).size).toBe(keys.length);
  });

  it('treat symbol lists as sets', () => {
    expect(queryKeys.stockInfo.list(LIVE_SOURCE, ['B.US', 'A.US', 'B.US'])).toEqual(queryKeys.stockInfo.list(LIVE_SOURCE, ['A.US', 'B.US']));
    expect(queryKeys.exFactors.list(LIVE_SOURCE, ['700.HK', 'AAPL.US'])).toEqual(queryKeys.exFactors.list(LIVE_SOURCE, ['AAPL.US', '700.HK']));
  });

  it('keep the answers of a live and a replay feed in separate entries, both under their domain', () => {
    const client = new QueryClient();
    for (const [all, live, replay] of BY_DOMAIN) {
      client.setQueryData(live, 'live');
      client.setQueryData(replay, 'replay');
      expect(client.getQueryData(live)).toBe('live');
      expect(client.getQueryData(replay)).toBe('replay');
      expect(
        client
          .getQueryCache()
          .findAll({ queryKey: all })
          .map((query) => query.state.data),
      ).toEqual(['live', 'replay']);
    }
    expect(client.getQueryCache().getAll()).toHaveLength(BY_DOMAIN.length * 2);
  });

  it('reach one source of a domain from `[...all, source]`', async () => {
    const client = new QueryClient();
    const live = queryKeys.klines.history(LIVE_SOURCE, 'AAPL.US', '1d', 'none');
    const replay = queryKeys.klines.history(REPLAY, 'AAPL.US', '1d', 'none');
    client.setQueryData(live, 1);
    client.setQueryData(replay, 2);
    await client.invalidateQueries({ queryKey: [...queryKeys.klines.all, REPLAY] });
    expect(client.getQueryState(replay)?.isInvalidated).toBe(true);
    expect(client.getQueryState(live)?.isInvalidated).toBe(false);
  });
});
