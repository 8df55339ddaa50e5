/**
 * The MarketFeed of a replay (market-feed.ts): source {kind: 'replay', id}, its snapshots and bar
 * ranges answered by createReplayApi at the replay clock's instant, its tickers folded over that
 * api, and channels that never push: a replay has no socket, so no live value can reach a panel
 * through a slot. Every channel reads 'connecting' (its readers poll the snapshot, as they do while
 * a socket opens, and show no "connection lost").
 *
 * How a move of the clock reaches the panels (followReplayClock): the queries of the replay's
 * source are invalidated on every move (a step, a seek, each bar of a bars-a-second play, and a
 * few times a second of wall time in a real-time play, which glides without telling), so the
 * mounted ones refetch at once and the replay api answers them at the new instant from its kept
 * windows. Forward, the history grows as live (the forming candle rolls in, the tail fills any
 * gap: kline-history-cache.ts); backward, the completed history of the replay is reset first,
 * since it holds bars past the new instant.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client';
import { fetchTickers } from '../../api/quote-endpoints';
import type { ProductType } from '#shared/contract.ts';
import type { FeedSource, LiveChannels, MarketFeed } from '../../queries/market-feed/market-feed';
import { createTickerBatchers } from '../../queries/ticker-batcher';
import { createLiveFeeds } from '../../realtime/live-feeds';
import type { Clock } from '../../time/clock';
import { browserTimers, type ReplayClock, type ReplayTimers } from './replay-clock';
import { createReplayApi, type ReplayApi } from './replay-api';
import type { ReplayNames } from './replay-names';
import type { Instrument } from './replay-source';
import type { VenueId } from '#shared/venue-sessions.ts';

export interface ReplayMarketFeed extends MarketFeed {
  readonly source: Extract<FeedSource, { kind: 'replay' }>;
  readonly api: ReplayApi;
}

export interface ReplayMarketFeedOptions {
  /** The replay's id: part of every query key of its answers. */
  id: string;
  /** The live API client the replay reads its past from. */
  api: ApiClient;
  /** The replay's clock: every answer stands at its now. */
  clock: Pick<Clock, 'now'>;
  /** The live data's clock (an answer of the source is complete up to it). */
  sourceNow: () => number;
  venueOf?: (instrument: Instrument) => VenueId | undefined;
  /** Names for the replayed tickers (replay-names.ts). */
  names?: ReplayNames;
}

/** Channels that never push and never go live: a replay's readers read its snapshots. */
export const REPLAY_CHANNELS: LiveChannels = {
  subscribe: () => () => undefined,
  channelState: () => 'connecting',
  watchState: () => () => undefined,
  refusalOf: () => undefined,
};

export function createReplayMarketFeed(options: ReplayMarketFeedOptions): ReplayMarketFeed {
  const api = createReplayApi({
    api: options.api,
    clock: options.clock,
    sourceNow: options.sourceNow,
    ...(options.venueOf && { venueOf: options.venueOf }),
    ...(options.names && { names: options.names }),
  });
  const tickers = createTickerBatchers((symbols: string[], type: ProductType | undefined) => fetchTickers(api, { symbols, ...(type && { type }) }));
  return { source: { kind: 'replay', id: options.id }, api, tickers, channels: REPLAY_CHANNELS, slots: createLiveFeeds(REPLAY_CHANNELS) };
}

/** Whether `key` is a market-data answer of `source` (query-keys.ts: ['api', domain, source, …]). */
export function isKeyOf(source: FeedSource, key: QueryKey): boolean {
  if (key[0] !== 'api') return false;
  const keySource = key[2] as Partial<FeedSource> | null | undefined;
  if (typeof keySource !== 'object' || keySource === null) return false;
  return keySource.kind === source.kind && (source.kind === 'live' || (keySource as { id?: string }).id === source.id);
}

/** Completed bars of a replay: they hold bars past an instant the replay steps back before. */
function isHistoryKey(key: QueryKey): boolean {
  return key[1] === 'klines' && (key[3] === 'history' || key[3] === 'tail');
}

/** Every query of `source` leaves the cache (a replay ended: none of its bars may stay). */
export function removeSourceQueries(queryClient: QueryClient, source: FeedSource): void {
  queryClient.removeQueries({ predicate: (query) => isKeyOf(source, query.queryKey) });
}

/**
 * Reference data (replay-api.ts passes it to the live client): it does not move with the market,
 * so a move of the clock asks nothing of it again (a fast play would ask the server many times a second).
 */
const REFERENCE_DOMAINS: ReadonlySet<unknown> = new Set(['stock-info', 'trading-sessions', 'trade-days', 'kline-intervals', 'symbols']);

/** The answers of `source` after its clock moved from `from` to `to`. */
export function onReplayMove(queryClient: QueryClient, source: FeedSource, from: number, to: number): void {
  if (to < from) void queryClient.resetQueries({ predicate: (query) => isKeyOf(source, query.queryKey) && isHistoryKey(query.queryKey) });
  void queryClient.invalidateQueries(
    { predicate: ({ queryKey }) => isKeyOf(source, queryKey) && !isHistoryKey(queryKey) && !REFERENCE_DOMAINS.has(queryKey[1]) },
    { cancelRefetch: false },
  );
}

/** How often a real-time play re-reads (wall milliseconds). */
export const GLIDE_READ_MS = 500;

/** Makes every move of `clock` reach the queries of `source`; returns the stop. */
export function followReplayClock(queryClient: QueryClient, source: FeedSource, clock: ReplayClock, timers: ReplayTimers = browserTimers): () => void {
  let last = clock.now() as number;
  let cancelGlide: (() => void) | undefined;
  const moved = (): void => {
    const now = clock.now() as number;
    if (now !== last) onReplayMove(queryClient, source, last, now);
    last = now;
  };
  const glide = (): void => {
    cancelGlide?.();
    cancelGlide = undefined;
    if (!clock.playing() || clock.speed().kind !== 'realtime') return;
    cancelGlide = timers.schedule(() => {
      moved();
      glide();
    }, GLIDE_READ_MS);
  };
  const unsubscribe = clock.subscribe(() => {
    moved();
    glide();
  });
  return () => {
    unsubscribe();
    cancelGlide?.();
  };
}
