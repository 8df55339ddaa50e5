/**
 * Test support (tests only): a MarketFeed that is none of the page's clients, to prove that a
 * reader takes its market data from the services' feed and nowhere else.
 */
import { createApiClient } from '../../api/client';
import type { Ticker } from '../../api/quote-schemas';
import { createLiveFeeds } from '../../realtime/live-feeds';
import type { ChannelState, PushOf, RealtimeChannel, TickerPush } from '../../realtime/types';
import type { FeedSource, LiveChannels, MarketFeed } from './market-feed';

/** A market feed of a test's own: every ticker snapshot at `price`, its channels driven by the test, no HTTP. */
export function fakeMarketFeed(source: FeedSource, snapshot: { price: string; at: number }) {
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
    tickers: { load: (symbol) => Promise.resolve({ symbol, last_price: snapshot.price, timestamp: snapshot.at } as Ticker) },
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
