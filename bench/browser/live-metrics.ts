/**
 * The server's own counts, read from `GET /metrics` (loopback): requests that reached the
 * upstream by endpoint, K-line cache hits and misses, realtime subscriptions. A figure is the
 * difference of two snapshots around a window.
 */
import { parseExposition } from '../../server/metrics/exposition-parser.test-support.ts';

export interface MetricsSnapshot {
  /** chartroom_upstream_requests_total by endpoint label. */
  upstream: Record<string, number>;
  cacheHits: number;
  cacheMisses: number;
  realtimeConnections: number;
  /** chartroom_realtime_subscriptions by channel. */
  realtimeSubscriptions: Record<string, number>;
}

export function readSnapshot(exposition: string): MetricsSnapshot {
  const snapshot: MetricsSnapshot = { upstream: {}, cacheHits: 0, cacheMisses: 0, realtimeConnections: 0, realtimeSubscriptions: {} };
  for (const { name, labels, value } of parseExposition(exposition).samples) {
    if (name === 'chartroom_upstream_requests_total' && labels.endpoint !== undefined) snapshot.upstream[labels.endpoint] = value;
    else if (name === 'chartroom_kline_cache_hits_total') snapshot.cacheHits = value;
    else if (name === 'chartroom_kline_cache_misses_total') snapshot.cacheMisses = value;
    else if (name === 'chartroom_realtime_connections') snapshot.realtimeConnections = value;
    else if (name === 'chartroom_realtime_subscriptions' && labels.channel !== undefined) snapshot.realtimeSubscriptions[labels.channel] = value;
  }
  return snapshot;
}

export async function scrapeMetrics(baseUrl: string): Promise<MetricsSnapshot> {
  const response = await fetch(`${baseUrl}/metrics`);
  if (!response.ok) throw new Error(`GET /metrics: ${String(response.status)}`);
  return readSnapshot(await response.text());
}

/** Upstream requests per endpoint between two snapshots (endpoints that did not move are left out). */
export function upstreamDelta(before: MetricsSnapshot, after: MetricsSnapshot): Record<string, number> {
  const delta: Record<string, number> = {};
  for (const [endpoint, count] of Object.entries(after.upstream)) {
    const moved = count - (before.upstream[endpoint] ?? 0);
    if (moved !== 0) delta[endpoint] = moved;
  }
  return delta;
}

export function sum(counts: Record<string, number>): number {
  return Object.values(counts).reduce((total, count) => total + count, 0);
}

/** `/v1/market/ticker: 12, /v1/market/kline/latest: 20`, largest first, for a detail line. */
export function describeCounts(counts: Record<string, number>): string {
  const entries = Object.entries(counts).sort(([, a], [, b]) => b - a);
  return entries.length === 0 ? 'none' : entries.map(([endpoint, count]) => `${endpoint.replace(/^\/v1\//, '')} ${String(count)}`).join(', ');
}
