/**
 * The metrics Chartroom's server exposes on `GET /metrics`: requests by endpoint, status and
 * envelope code, requests that reached the upstream (the embedded simulator in simulator mode)
 * and their latency, the K-line cache, the realtime relay, and the process.
 */
import { ERROR_CODES, REALTIME_CHANNELS, type RealtimeChannel } from '#shared/contract.ts';
import { isContractPath } from '../upstream/allowlist.ts';
import { MetricsRegistry, type Counter, type Histogram } from './registry.ts';

/** What the realtime relay reports (plugged in by whoever creates it, see setRealtimeSource). */
export interface RealtimeStats {
  connections(): number;
  subscriptions(): Record<RealtimeChannel, number>;
}

/** Sizes of the K-line cache, read at scrape time. */
export interface CacheSizes {
  entries(): number;
  bytes(): number;
}

export type CacheOutcome = 'hit' | 'miss';

/** How the key is shared among browsers (upstream mode), read at scrape time. */
export interface SharingStats {
  /** Requests sent upstream with the key in the last 60 s. */
  keyRequestsLastMinute(): number;
  /** What MARKET_API_RATE_LIMIT still allows in the current 60 s; undefined without it. */
  keyBudgetLeft(): number | undefined;
  /** Seconds the key is paused after an upstream 3001. */
  keyPausedSeconds(): number;
  quotaExhausted(): boolean;
  upstreamSockets(): number;
  upstreamSubscriptions(): Record<RealtimeChannel, number>;
  /** The most subscriptions one browser holds. */
  browserSubscriptionsMax(): number;
}

export interface ChartroomMetrics {
  /** One answered HTTP request; `code` is the envelope's code when known. */
  recordRequest(path: string, status: number, code: number | undefined): void;
  /** One request that reached the upstream, with its duration in seconds. */
  recordUpstream(path: string, seconds: number): void;
  recordCacheLookup(outcome: CacheOutcome): void;
  recordCacheEviction(): void;
  setCacheSizes(sizes: CacheSizes): void;
  /** Where realtime connection and subscription counts come from (the WebSocket relay). */
  setRealtimeSource(stats: RealtimeStats | undefined): void;
  /** Upstream mode: the key's budget and the shared upstream feed. */
  setSharingSource(stats: SharingStats | undefined): void;
  /** The exposition text (format 0.0.4). */
  render(): string;
  /** Counter values for tests and benchmarks without parsing the text. */
  upstreamRequests(path: string): number;
}

/** Codes the contract knows (plus 400/401 of the latest-K-line quirk); anything else is `unknown`, bounding the label's values. */
const KNOWN_CODES: ReadonlySet<number> = new Set<number>([...Object.values(ERROR_CODES), 400, 401]);

/** The `endpoint` label: a contract path, or `other` (unknown paths must not create series). */
export function endpointLabel(path: string): string {
  return isContractPath(path) ? path : 'other';
}

export function codeLabel(code: number | undefined): string {
  return code !== undefined && KNOWN_CODES.has(code) ? String(code) : 'unknown';
}

export function createChartroomMetrics(): ChartroomMetrics {
  const registry = new MetricsRegistry();
  let realtime: RealtimeStats | undefined;
  let cacheSizes: CacheSizes | undefined;
  let sharing: SharingStats | undefined;
  const one = (value: number | undefined) => (value === undefined ? [] : [{ labels: {}, value }]);

  const requests = registry.counter('chartroom_http_requests_total', 'HTTP requests answered, by endpoint (contract path or other), HTTP status and envelope code.', ['endpoint', 'status', 'code']);
  const upstream: Counter = registry.counter('chartroom_upstream_requests_total', 'Requests that reached the upstream (the embedded simulator in simulator mode), by endpoint.', ['endpoint']);
  const latency: Histogram = registry.histogram('chartroom_upstream_request_duration_seconds', 'Duration of requests that reached the upstream, by endpoint.', ['endpoint']);
  const hits = registry.counter('chartroom_kline_cache_hits_total', 'K-line requests answered from the completed-window cache.');
  const misses = registry.counter('chartroom_kline_cache_misses_total', 'Cacheable K-line requests that had to ask the upstream.');
  const evictions = registry.counter('chartroom_kline_cache_evictions_total', 'K-line windows evicted to stay within KLINE_CACHE_MB.');
  registry.gauge('chartroom_kline_cache_entries', 'K-line windows in the cache.', [], () => [{ labels: {}, value: cacheSizes?.entries() ?? 0 }]);
  registry.gauge('chartroom_kline_cache_bytes', 'Bytes held by the K-line cache (bodies and keys).', [], () => [{ labels: {}, value: cacheSizes?.bytes() ?? 0 }]);
  registry.gauge('chartroom_realtime_connections', 'Open browser WebSocket connections.', [], () => [{ labels: {}, value: realtime?.connections() ?? 0 }]);
  registry.gauge('chartroom_realtime_subscriptions', 'Active realtime subscriptions, by channel.', ['channel'], () => {
    const counts = realtime?.subscriptions();
    return REALTIME_CHANNELS.map((channel) => ({ labels: { channel }, value: counts?.[channel] ?? 0 }));
  });
  registry.gauge('chartroom_upstream_key_requests_last_minute', 'Requests sent upstream with the server key in the last 60 s (all browsers together).', [], () => one(sharing?.keyRequestsLastMinute()));
  registry.gauge('chartroom_upstream_key_budget_remaining', 'Requests MARKET_API_RATE_LIMIT still allows in the current 60 s (absent without it).', [], () => one(sharing?.keyBudgetLeft()));
  registry.gauge('chartroom_upstream_key_paused_seconds', 'Seconds the key is paused after an upstream 3001 (0: not paused).', [], () => one(sharing?.keyPausedSeconds()));
  registry.gauge('chartroom_upstream_quota_exhausted', '1 while the upstream answers 3002 (quota exhausted) for the key.', [], () => one(sharing && (sharing.quotaExhausted() ? 1 : 0)));
  registry.gauge('chartroom_realtime_upstream_sockets', 'Upstream WebSocket connections carrying every browser’s subscriptions.', [], () => one(sharing?.upstreamSockets()));
  registry.gauge('chartroom_realtime_upstream_subscriptions', 'Subscriptions held upstream (one per channel and instrument however many browsers hold it), by channel.', ['channel'], () => {
    const counts = sharing?.upstreamSubscriptions();
    return counts ? REALTIME_CHANNELS.map((channel) => ({ labels: { channel }, value: counts[channel] })) : [];
  });
  registry.gauge('chartroom_realtime_browser_subscriptions_max', 'The most realtime subscriptions one browser holds.', [], () => one(sharing?.browserSubscriptionsMax()));
  registry.gauge('process_resident_memory_bytes', 'Resident memory size in bytes.', [], () => [{ labels: {}, value: process.memoryUsage.rss() }]);
  registry.gauge('process_start_time_seconds', 'Start time of the process since the Unix epoch in seconds.', [], () => [{ labels: {}, value: Math.floor(performance.timeOrigin) / 1000 }]);

  return {
    recordRequest(path, status, code) {
      requests.inc({ endpoint: endpointLabel(path), status: String(status), code: codeLabel(code) });
    },
    recordUpstream(path, seconds) {
      const endpoint = endpointLabel(path);
      upstream.inc({ endpoint });
      latency.observe({ endpoint }, seconds);
    },
    recordCacheLookup(outcome) {
      (outcome === 'hit' ? hits : misses).inc();
    },
    recordCacheEviction() {
      evictions.inc();
    },
    setCacheSizes(sizes) {
      cacheSizes = sizes;
    },
    setRealtimeSource(stats) {
      realtime = stats;
    },
    setSharingSource(stats) {
      sharing = stats;
    },
    render: () => registry.render(),
    upstreamRequests: (path) => upstream.value({ endpoint: endpointLabel(path) }),
  };
}
