/**
 * The live MarketFeed: HTTP answers through the page's API client and ticker batchers, live
 * updates from the realtime socket, each channel live or polled (live-or-poll.ts).
 */
import type { ApiClient } from '../../api/client';
import { createLiveFeeds } from '../../realtime/live-feeds';
import type { Realtime } from '../../realtime/realtime';
import type { TickerBatchers } from '../ticker-batcher';
import { LIVE_SOURCE, type MarketFeed } from './market-feed';

export function createLiveMarketFeed(api: ApiClient, tickers: TickerBatchers, realtime: Realtime): MarketFeed {
  return { source: LIVE_SOURCE, api, tickers, channels: realtime, slots: createLiveFeeds(realtime) };
}
