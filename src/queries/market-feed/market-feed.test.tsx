// @vitest-environment happy-dom
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLiveChannel } from '../../realtime/hooks';
import { queryKeys } from '../query-keys';
import { testQueryClient, testServices, wrapperFor } from '../query-test-support';
import { useTicker } from '../use-ticker';
import { fakeMarketFeed } from './fake-market-feed.test-support';
import { LIVE_SOURCE, type FeedSource } from './market-feed';

const REPLAY: FeedSource = { kind: 'replay', id: 'session-1' };
const AT = Date.UTC(2026, 10, 25, 15, 0);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('MarketFeed: the seam every panel reads market data through', () => {
  it("a panel hook gets the services' feed's data, cached under that feed's source, with no request of the page's own", async () => {
    const pageFetch = vi.fn(() => Promise.reject(new Error('the page must not be asked')));
    vi.stubGlobal('fetch', pageFetch);
    const { feed } = fakeMarketFeed(REPLAY, { price: '42.0', at: AT });
    const services = { ...testServices({ queryClient: testQueryClient() }), feed };
    const { result } = renderHook(() => useTicker('AAPL.US'), { wrapper: wrapperFor(services) });
    await waitFor(() => {
      expect(result.current.data?.last_price).toBe('42.0');
    });
    expect(services.queryClient.getQueryData(queryKeys.tickers.one(REPLAY, 'AAPL.US'))).toMatchObject({ last_price: '42.0' });
    expect(services.queryClient.getQueryData(queryKeys.tickers.one(LIVE_SOURCE, 'AAPL.US'))).toBeUndefined();
    expect(pageFetch).not.toHaveBeenCalled();
  });

  it("a panel follows the feed's channel state and its pushes", async () => {
    const fake = fakeMarketFeed(REPLAY, { price: '42.0', at: AT });
    const services = { ...testServices({ queryClient: testQueryClient() }), feed: fake.feed };
    const { result } = renderHook(() => ({ ticker: useTicker('AAPL.US'), state: useLiveChannel('ticker', 'AAPL.US') }), { wrapper: wrapperFor(services) });
    await waitFor(() => {
      expect(result.current.ticker.data?.last_price).toBe('42.0');
    });
    expect(result.current.state).toBe('down');
    fake.goLive();
    await waitFor(() => {
      expect(result.current.state).toBe('live');
    });
    fake.push({ symbol: 'AAPL.US', last_price: '43.5', timestamp: AT + 1_000 });
    await waitFor(() => {
      expect(result.current.ticker.data?.last_price).toBe('43.5');
    });
  });
});
