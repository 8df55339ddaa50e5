// The HTTP side of the realtime switches: what polls while pushes are live, and what does not.
import { describe, expect, it } from 'vitest';
import { INTRADAY_LIVE_POLL_MS, INTRADAY_POLL_MS, intradayQueryOptions } from './use-intraday';
import { TRADES_POLL_MS, tradesQueryOptions } from './use-trades';
import { ERROR_REFETCH_MS } from './query-client';
import { intervalAfter } from './query-test-support';

describe('live/poll switches', () => {
  it('trades: polled every 3 s unless the trade channel is live, then not at all (one snapshot, asked again only after a failure)', () => {
    expect(tradesQueryOptions('AAPL.US', 100).refetchInterval).toBe(TRADES_POLL_MS);
    expect(tradesQueryOptions('AAPL.US', 100, undefined, false).refetchInterval).toBe(3_000);
    const live = tradesQueryOptions('AAPL.US', 100, undefined, true).refetchInterval;
    expect(intervalAfter(live, 'success')).toBe(false);
    expect(intervalAfter(live, 'error')).toBe(ERROR_REFETCH_MS);
    expect(tradesQueryOptions('AAPL.US', 100, undefined, true).enabled).toBe(true);
    // Same cache entry either way: the snapshot polled before going live is the one pushes go ahead of.
    expect(tradesQueryOptions('AAPL.US', 100, undefined, true).queryKey).toEqual(tradesQueryOptions('AAPL.US', 100).queryKey);
  });

  it('intraday: every 15 s, once a minute while ticker pushes move the last point', () => {
    expect(intervalAfter(intradayQueryOptions('700.HK').refetchInterval, 'success')).toBe(INTRADAY_POLL_MS);
    expect(INTRADAY_POLL_MS).toBe(15_000);
    expect(intervalAfter(intradayQueryOptions('700.HK', undefined, true).refetchInterval, 'success')).toBe(INTRADAY_LIVE_POLL_MS);
    // A failed answer is asked again at the app's error cadence, live or not.
    expect(intervalAfter(intradayQueryOptions('700.HK', undefined, true).refetchInterval, 'error')).toBe(ERROR_REFETCH_MS);
    expect(INTRADAY_LIVE_POLL_MS).toBe(60_000);
    expect(intradayQueryOptions('700.HK', undefined, true).queryKey).toEqual(intradayQueryOptions('700.HK').queryKey);
  });
});
