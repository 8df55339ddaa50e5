// @vitest-environment happy-dom
// The replay's MarketFeed: answers at its clock's instant under its own source, never a push, and
// every move of the clock reaches the mounted queries (forward they refetch, backward the
// completed history is reset first); back to live leaves none of its queries in the cache.
import { renderHook, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type SimHandle } from '../../api/sim-fetch.test-support';
import { sessionCalendar } from '#shared/replay/session-calendar.ts';
import { LIVE_SOURCE } from '../../queries/market-feed/market-feed';
import { queryKeys } from '../../queries/query-keys';
import { testQueryClient, testServices, wrapperFor } from '../../queries/query-test-support';
import { useTicker } from '../../queries/use-ticker';
import { useLiveChannel } from '../../realtime/hooks';
import { manualTimers } from './manual-timers.test-support';
import { createReplayClock } from './replay-clock';
import { createReplayMarketFeed, followReplayClock, GLIDE_READ_MS, isKeyOf, onReplayMove, removeSourceQueries } from './replay-market-feed';
import { countedSource } from './sim-record.test-support';

const SIM_NOW = '2026-11-25T22:00:00Z';
const hk = (local: string): number => Date.parse(`${local}+08:00`);

let sim: SimHandle;

beforeAll(() => {
  sim = startSimulator(SIM_NOW);
});

function replayAt(at: number) {
  const source = countedSource(sim);
  const timers = manualTimers(0);
  const clock = createReplayClock({ start: at, calendar: sessionCalendar('HK'), limit: () => sim.clock.now(), timers });
  const feed = createReplayMarketFeed({ id: 'r1', api: source.api, clock, sourceNow: () => sim.clock.now() });
  return { feed, clock, timers, calls: source.calls };
}

describe('the replay market feed', () => {
  it('answers tickers at the replay instant, under its own source', async () => {
    const at = hk('2026-11-24T10:30');
    const { feed } = replayAt(at);
    expect(feed.source).toEqual({ kind: 'replay', id: 'r1' });
    const ticker = await feed.tickers.load('700.HK', undefined);
    expect(ticker.symbol).toBe('700.HK');
    expect(ticker.timestamp).toBeLessThanOrEqual(at);
    expect(ticker.timestamp).toBeGreaterThan(at - 5 * 60_000);
  });

  it('never goes live and never pushes: its readers read its snapshots', () => {
    const { feed } = replayAt(hk('2026-11-24T10:30'));
    const pushes: unknown[] = [];
    const release = feed.channels.subscribe('ticker', '700.HK', undefined, (push) => pushes.push(push));
    expect(feed.channels.channelState('ticker', '700.HK', undefined)).toBe('connecting');
    expect(feed.slots.ticker.read('700.HK', undefined)).toBeUndefined();
    release();
    expect(pushes).toEqual([]);
  });

  it('a panel reads the replay through the services, and re-reads when the clock steps', async () => {
    const { feed, clock } = replayAt(hk('2026-11-24T10:30'));
    const services = { ...testServices({ queryClient: testQueryClient() }), clock, feed };
    const stop = followReplayClock(services.queryClient, feed.source, clock);
    const { result } = renderHook(() => ({ ticker: useTicker('700.HK'), state: useLiveChannel('ticker', '700.HK') }), { wrapper: wrapperFor(services) });
    await waitFor(() => {
      expect(result.current.ticker.data?.timestamp).toBeLessThanOrEqual(hk('2026-11-24T10:30'));
    });
    expect(result.current.state).toBe('connecting');
    const first = result.current.ticker.data?.timestamp ?? 0;
    clock.step('1h', 1);
    await waitFor(() => {
      expect(result.current.ticker.data?.timestamp).toBeGreaterThan(first);
    });
    expect(result.current.ticker.data?.timestamp).toBeLessThanOrEqual(clock.now());
    expect(services.queryClient.getQueryData(queryKeys.tickers.one(LIVE_SOURCE, '700.HK'))).toBeUndefined();
    stop();
  });
});

describe('clock moves and the query cache', () => {
  const REPLAY = { kind: 'replay', id: 'r1' } as const;
  const OTHER = { kind: 'replay', id: 'r2' } as const;

  function seeded() {
    const client = testQueryClient();
    for (const source of [REPLAY, OTHER, LIVE_SOURCE]) {
      client.setQueryData(queryKeys.klines.history(source, '700.HK', '1h', null), { pages: [], pageParams: [] });
      client.setQueryData(queryKeys.klines.latest(source, '700.HK', '1h', null), null);
      client.setQueryData(queryKeys.tickers.one(source, '700.HK'), { symbol: '700.HK' });
      client.setQueryData(queryKeys.stockInfo.list(source, ['700.HK']), []);
    }
    return client;
  }

  it('tells a source’s keys from the others’', () => {
    expect(isKeyOf(REPLAY, queryKeys.tickers.one(REPLAY, '700.HK'))).toBe(true);
    expect(isKeyOf(REPLAY, queryKeys.tickers.one(OTHER, '700.HK'))).toBe(false);
    expect(isKeyOf(REPLAY, queryKeys.tickers.one(LIVE_SOURCE, '700.HK'))).toBe(false);
    expect(isKeyOf(LIVE_SOURCE, queryKeys.tickers.one(LIVE_SOURCE, '700.HK'))).toBe(true);
    expect(isKeyOf(REPLAY, ['chartroom', 'catalog'])).toBe(false);
  });

  it('forward: the replay’s snapshots are stale, its history kept; backward: its history is reset too', () => {
    const client = seeded();
    const state = (key: readonly unknown[]) => client.getQueryState(key);
    onReplayMove(client, REPLAY, 1_000, 2_000);
    expect(state(queryKeys.tickers.one(REPLAY, '700.HK'))?.isInvalidated).toBe(true);
    expect(state(queryKeys.klines.latest(REPLAY, '700.HK', '1h', null))?.isInvalidated).toBe(true);
    expect(state(queryKeys.klines.history(REPLAY, '700.HK', '1h', null))?.data).toBeDefined();
    expect(state(queryKeys.tickers.one(LIVE_SOURCE, '700.HK'))?.isInvalidated).toBe(false);
    expect(state(queryKeys.tickers.one(OTHER, '700.HK'))?.isInvalidated).toBe(false);
    // Reference data does not move with the market: not asked again.
    expect(state(queryKeys.stockInfo.list(REPLAY, ['700.HK']))?.isInvalidated).toBe(false);
    onReplayMove(client, REPLAY, 2_000, 1_000);
    expect(state(queryKeys.klines.history(REPLAY, '700.HK', '1h', null))?.data).toBeUndefined();
    expect(state(queryKeys.klines.history(LIVE_SOURCE, '700.HK', '1h', null))?.data).toBeDefined();
  });

  it('back to live removes every query of the replay and only those', () => {
    const client = seeded();
    removeSourceQueries(client, REPLAY);
    const left = client
      .getQueryCache()
      .getAll()
      .map((query) => query.queryKey);
    expect(left.some((key) => isKeyOf(REPLAY, key))).toBe(false);
    expect(left.filter((key) => isKeyOf(LIVE_SOURCE, key))).toHaveLength(4);
    expect(left.filter((key) => isKeyOf(OTHER, key))).toHaveLength(4);
  });

  it('a real-time play, which glides without telling, re-reads every GLIDE_READ_MS; a pause stops it', () => {
    const client = seeded();
    const timers = manualTimers(0);
    const clock = createReplayClock({ start: hk('2026-11-24T10:30'), calendar: sessionCalendar('HK'), timers, speed: { kind: 'realtime', factor: 60 } });
    const stop = followReplayClock(client, REPLAY, clock, timers);
    const tickerKey = queryKeys.tickers.one(REPLAY, '700.HK');
    clock.play();
    client.setQueryData(tickerKey, { symbol: '700.HK' });
    expect(client.getQueryState(tickerKey)?.isInvalidated).toBe(false);
    timers.advance(GLIDE_READ_MS);
    expect(client.getQueryState(tickerKey)?.isInvalidated).toBe(true);
    clock.pause();
    client.setQueryData(tickerKey, { symbol: '700.HK' });
    timers.advance(10 * GLIDE_READ_MS);
    expect(client.getQueryState(tickerKey)?.isInvalidated).toBe(false);
    stop();
  });
});
