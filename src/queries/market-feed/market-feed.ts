/**
 * Market data as one interface: every panel, the chart and the alert evaluator read prices only
 * through the MarketFeed of their services (AppServices.feed), never the API client, the ticker
 * batchers or the realtime client themselves. The live feed (live-market-feed.ts) is built from
 * those; a replay feed (a user-driven clock serving only what existed at its time) or an offline
 * feed (a stored snapshot) implements the same interface, so no panel changes with the source.
 *
 * Three parts, each per (channel, type, symbol) where it is per instrument:
 * - snapshots and bar ranges: the endpoint functions of src/api (tickers, intraday, trades, depth,
 *   stock info, sessions, calendars, history pages, the latest/forming bar) over the feed's
 *   `api`, cached under query keys that carry the feed's `source` (query-keys.ts), so answers of
 *   two sources never share a cache entry;
 * - live updates: `channels` holds a subscription and tells its state: 'live' (pushes carry the
 *   data, queries stop polling), else the snapshot queries poll (live-or-poll.ts); 'refused'
 *   says why with refusalOf;
 * - `slots`: the newest pushed value per instrument (ticker, book, recent trades), read by React
 *   at most once a frame.
 */
import type { ApiClient } from '../../api/client';
import type { LiveChannels, LiveFeeds } from '../../realtime/live-feeds';
import type { TickerBatchers } from '../ticker-batcher';

export type { LiveChannels } from '../../realtime/live-feeds';

/** Where a feed's data comes from: a part of every query key of its answers. */
export type FeedSource = { readonly kind: 'live' } | { readonly kind: 'replay'; readonly id: string } | { readonly kind: 'offline'; readonly id: string };

export const LIVE_SOURCE: FeedSource = { kind: 'live' };

export interface MarketFeed {
  readonly source: FeedSource;
  /** Snapshots and bar ranges of this source: the transport the src/api endpoint functions run on. */
  readonly api: ApiClient;
  /** Ticker snapshots of many readers folded into few requests of `api`. */
  readonly tickers: TickerBatchers;
  readonly channels: LiveChannels;
  readonly slots: LiveFeeds;
}

/** The part of a feed a snapshot query needs: where its answers come from and how to ask. */
export type SnapshotFeed = Pick<MarketFeed, 'source' | 'api'>;
