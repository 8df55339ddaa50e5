// @vitest-environment happy-dom
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../api/client';
import type { Ticker } from '../../api/quote-schemas';
import { useLiveChannel } from '../../realtime/hooks';
import { createLiveFeeds } from '../../realtime/live-feeds';
import type { ChannelState, PushOf, RealtimeChannel, TickerPush } from '../../realtime/types';
import { queryKeys } from '../query-keys';
import { testQueryClient, testServices, wrapperFor } from '../query-test-support';
import { useTicker } from '../use-ticker';
import { LIVE_SOURCE, type FeedSource, type LiveChannels, type MarketFeed } from './market-feed';

const REPLAY: FeedSource = { kind: 'replay', id: 'session-1' };
const AT = Date.UTC(2026, 10, 25, 15, 0);

/** A market feed of a test's own: tickers from a table, its channels driven by the test, no HTTP. */
function fakeFeed(source: FeedSource) {
  const listeners = new Set<(push: TickerPush) => void>();
  const watchers = new Set<() => void>();
  let state: ChannelState = 'down';
  const channels: LiveChannels = {
    subscribe<C extends RealtimeChannel>(_channel: C, _symbol: string, _type: unknown, listener?: (push: PushOf<C>) => void) {
      const each = listener as ((push: TickerPush) => void) | undefined;
      if (each) listeners.add(each);
      return () => {
        if (each) listeners.delete(each);
      };
    },
    channelState: () => state,
    watchState: (_channel, _symbol, _type, watcher) => {
      watchers.add(watcher);
      return () => {
        watchers.delete(watcher);
      };
    },
    refusalOf: () => undefined,
  };
  const feed: MarketFeed = {
    source,
    api: createApiClient({ fetch: () => Promise.reject(new Error('this feed answers without HTTP')) }),
    tickers: { load: (symbol) => Promise.resolve({ symbol, last_price: '42.0', timestamp: AT } as Ticker) },
    channels,
    slots: createLiveFeeds(channels),
  };
  return {
    feed,
    goLive: () => {
      state = 'live';
      for (const watcher of watchers) watcher();
    },
    push: (push: TickerPush) => {
      for (const listener of listeners) listener(push);
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('MarketFeed: the seam every panel reads market data through', () => {
  it("a panel hook gets the services' feed's data, cached under that feed's source, with no request of the page's own", async () => {
    const pageFetch = vi.fn(() => Promise.reject(new Error('the page must not be asked')));
    vi.stubGlobal('fetch', pageFetch);
    const { feed } = fakeFeed(REPLAY);
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
    const fake = fakeFeed(REPLAY);
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
