// @vitest-environment happy-dom
// The tape's HTTP side: polled every 3 s unless the trade channel is live, then one snapshot; on the simulator.
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { simulatorPerFile } from '../../../api/sim-fetch.test-support';
import { liveOrPollOptions } from '../../../queries/live-or-poll';
import { ERROR_REFETCH_MS } from '../../../queries/query-client';
import { intervalAfter, simServices, testServices } from '../../../queries/query-test-support';
import { TAPE_LIMIT, TRADES_POLL_MS, tradesQueryOptions, useTape } from './use-trades';

const sim = simulatorPerFile();

describe('tradesQueryOptions', () => {
  const { feed } = testServices();

  it('polls every 3 s, and after a transient failure at the error cadence', () => {
    const polled = tradesQueryOptions(feed, 'AAPL.US').refetchInterval;
    expect(intervalAfter(polled, 'success')).toBe(TRADES_POLL_MS);
    expect(intervalAfter(polled, 'error')).toBe(ERROR_REFETCH_MS);
  });

  it('while the trade channel is live: one snapshot, asked again only after a failure, under the same key', () => {
    const polled = tradesQueryOptions(feed, 'AAPL.US', TAPE_LIMIT);
    const live = liveOrPollOptions(polled, true, 'snapshot');
    expect(intervalAfter(live.refetchInterval, 'success')).toBe(false);
    expect(intervalAfter(live.refetchInterval, 'error')).toBe(ERROR_REFETCH_MS);
    expect(live.enabled).toBe(true);
    // Same cache entry either way: the snapshot polled before going live is the one pushes go ahead of.
    expect(live.queryKey).toEqual(polled.queryKey);
  });

  it('keys by symbol, limit and type inside the factory', () => {
    expect(tradesQueryOptions(feed, 'BTCUSD', 50, 'crypto').queryKey).toEqual(['api', 'trades', { kind: 'live' }, 'BTCUSD', 50, 'crypto']);
  });
});

describe('useTape on the simulator', () => {
  it('gives the polled trades while the channel is not live', async () => {
    const { wrapper } = simServices(sim());
    const { result } = renderHook(() => useTape('AAPL.US', undefined), { wrapper });
    await waitFor(() => {
      expect(result.current.data).toHaveLength(TAPE_LIMIT);
    });
    expect(result.current.state).toBe('connecting');
    expect(result.current.data).toBe(result.current.query.data?.trades);
  });
});
