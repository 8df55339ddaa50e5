// A watchlist in replay keeps its names: a replayed ticker (folded from bars, which carry none)
// takes the live ticker's name, from the page's cached live tickers, else from one live request
// for the symbols the page lacks, never asked twice; its live prices are never used.
import { QueryClient } from '@tanstack/react-query';
import { beforeAll, describe, expect, it } from 'vitest';
import { fetchTickers } from '../../api/quote-endpoints';
import { startSimulator, type SimHandle } from '../../api/sim-fetch.test-support';
import { queryKeys } from '../../queries/query-keys';
import { createTestClock } from '../../time/test-clock.test-support';
import { createReplayApi } from './replay-api';
import { createReplayNames } from './replay-names';
import { countedSource } from './sim-record.test-support';

const AT = Date.parse('2026-11-24T10:00:00+08:00');
let sim: SimHandle;

beforeAll(() => {
  sim = startSimulator('2026-11-25T22:00:00Z');
});

describe('replayed tickers’ names', () => {
  it('come from the cached live tickers first, then from one live request for the rest, never twice', async () => {
    const source = countedSource(sim);
    const queryClient = new QueryClient();
    queryClient.setQueryData(queryKeys.tickers.one({ kind: 'live' }, '700.HK', 'stock'), { symbol: '700.HK', name: 'From the page', last_price: '1' });
    const api = createReplayApi({
      api: source.api,
      clock: createTestClock(AT),
      sourceNow: () => sim.clock.now(),
      names: createReplayNames(queryClient, source.api),
    });

    const first = await fetchTickers(api, { symbols: ['700.HK', '5.HK'], type: 'stock' });
    const byName = Object.fromEntries(first.map((ticker) => [ticker.symbol, ticker.name]));
    expect(byName['700.HK']).toBe('From the page');
    const live = await fetchTickers(source.api, { symbols: ['5.HK'], type: 'stock' });
    expect(byName['5.HK']).toBe(live[0]?.name);
    expect(byName['5.HK']).toBeTruthy();
    // The price is the replay's, not the live one.
    expect(first.find((ticker) => ticker.symbol === '5.HK')?.timestamp).toBeLessThanOrEqual(AT);

    const asked = source.calls.filter((path) => path.startsWith('/v1/market/ticker?')).length;
    await fetchTickers(api, { symbols: ['700.HK', '5.HK'], type: 'stock' });
    // One live name request (5.HK's) and the check above: none more on the second read.
    expect(source.calls.filter((path) => path.startsWith('/v1/market/ticker?')).length).toBe(asked);
    expect(source.calls.filter((path) => path.startsWith('/v1/market/ticker?symbols=5.HK')).length).toBe(2);
  });

  it('leave a ticker nameless, not failed, when the live request fails', async () => {
    const source = countedSource(sim);
    const failing = { ...source.api, get: () => Promise.reject(new Error('down')) } as typeof source.api;
    const api = createReplayApi({
      api: source.api,
      clock: createTestClock(AT),
      sourceNow: () => sim.clock.now(),
      names: createReplayNames(new QueryClient(), failing),
    });
    const [ticker] = await fetchTickers(api, { symbols: ['700.HK'], type: 'stock' });
    expect(ticker?.symbol).toBe('700.HK');
    expect(ticker?.name).toBeUndefined();
  });
});
