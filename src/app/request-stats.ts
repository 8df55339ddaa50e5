/**
 * What the status bar shows about the HTTP requests, folded from the API client's events: source,
 * last successful answer, latency of the last answer, and rate-limit state. (Pushes count as
 * updates too, and failures are counted per query on screen: status-bar.tsx, feed-failures.ts.)
 */
import { createCell } from '../lib/observable';

export interface RequestEventLike {
  path: string;
  ok: boolean;
  status: number;
  code?: number;
  latencyMs: number;
  at: number;
  source?: 'simulator' | 'upstream';
  retryAfterMs?: number;
}

export interface RequestStats {
  source?: 'simulator' | 'upstream';
  lastUpdate?: number;
  latencyMs?: number;
  /** Median latency of the last 20 answers. */
  typicalLatencyMs?: number;
  /** Until when the service asked us to wait (3001 with Retry-After). */
  rateLimitedUntil?: number;
  recentLatencies: number[];
}

export const INITIAL_STATS: RequestStats = { recentLatencies: [] };

function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

export function foldRequestEvent(stats: RequestStats, event: RequestEventLike): RequestStats {
  const recentLatencies = [...stats.recentLatencies.slice(-19), event.latencyMs];
  const next: RequestStats = {
    ...stats,
    latencyMs: event.latencyMs,
    recentLatencies,
  };
  const typical = median(recentLatencies);
  if (typical !== undefined) next.typicalLatencyMs = typical;
  if (event.source) next.source = event.source;
  if (event.ok) next.lastUpdate = event.at;
  if (event.code === 3001) next.rateLimitedUntil = event.at + (event.retryAfterMs ?? 1_000);
  return next;
}

/** The stats of one API client as they change: read and subscribed to like an external store. */
export interface RequestStatsFeed {
  get: () => RequestStats;
  subscribe: (listener: () => void) => () => void;
}

const feeds = new WeakMap<object, RequestStatsFeed>();

/**
 * The stats of `api`'s answers since the first call for it. The boot calls it at once, so the
 * status bar, which loads after the first candle, still counts the first screen's requests.
 */
export function requestStatsOf(api: { onSettled(listener: (event: RequestEventLike) => void): () => void }): RequestStatsFeed {
  const known = feeds.get(api);
  if (known) return known;
  const stats = createCell(INITIAL_STATS);
  api.onSettled((event) => {
    stats.set(foldRequestEvent(stats.get(), event));
  });
  const feed: RequestStatsFeed = { get: stats.get, subscribe: stats.subscribe };
  feeds.set(api, feed);
  return feed;
}
