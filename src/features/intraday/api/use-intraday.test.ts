// @vitest-environment happy-dom
// The intraday line: every 15 s, once a minute while ticker pushes move its last point; on the simulator.
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { simulatorPerFile } from '../../../api/sim-fetch.test-support';
import { ERROR_REFETCH_MS } from '../../../queries/query-client';
import { intervalAfter, simServices, testServices } from '../../../queries/query-test-support';
import { INTRADAY_LIVE_POLL_MS, INTRADAY_POLL_MS, intradayQueryOptions, useIntraday } from './use-intraday';

const sim = simulatorPerFile();

describe('intradayQueryOptions', () => {
  it('every 15 s, once a minute while ticker pushes move the last point', () => {
    const { feed } = testServices();
    expect(intervalAfter(intradayQueryOptions(feed, '700.HK').refetchInterval, 'success')).toBe(INTRADAY_POLL_MS);
    expect(INTRADAY_POLL_MS).toBe(15_000);
    expect(intervalAfter(intradayQueryOptions(feed, '700.HK', undefined, true).refetchInterval, 'success')).toBe(INTRADAY_LIVE_POLL_MS);
    // A failed answer is asked again at the app's error cadence, live or not.
    expect(intervalAfter(intradayQueryOptions(feed, '700.HK', undefined, true).refetchInterval, 'error')).toBe(ERROR_REFETCH_MS);
    expect(INTRADAY_LIVE_POLL_MS).toBe(60_000);
    expect(intradayQueryOptions(feed, '700.HK', undefined, true).queryKey).toEqual(intradayQueryOptions(feed, '700.HK').queryKey);
  });
});

describe('useIntraday on the simulator', () => {
  it("gives the symbol's minute line", async () => {
    const { wrapper } = simServices(sim());
    const { result } = renderHook(() => useIntraday('700.HK'), { wrapper });
    await waitFor(() => {
      expect(result.current.isSuccess).toBe(true);
    });
    expect(result.current.data?.symbol).toBe('700.HK');
    expect(result.current.data?.lines.length).toBeGreaterThan(100);
  });
});
