/**
 * The metrics Chartroom's server exposes on `GET /metrics`: requests by endpoint, status and
 * envelope code, requests that reached the upstream (the embedded simulator in simulator mode)
 * and their latency, the K-line cache, the realtime relay, and the process.
 */
import { ERROR_CODES, REALTIME_CHANNELS, type RealtimeChannel } from '#shared/contract.ts';
import { isContractPath } from '../upstream/allowlist.ts';
import { Counter, Gauge, Histogram, Registry, Summary } from 'prom-client';

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

/** REDIS_URL: how this instance shares with the others, read at scrape time. */
export interface ClusterMetricsSource {
  redisUp(): boolean;
  /** Times this instance fell back to working alone (Redis unreachable). */
  fallbacks(): number;
  leader(): boolean;
  instances(): number;
  fencingToken(): number;
}

/** The server's alerts (server/alerts/server-alerts.ts), read at scrape time. */
export interface AlertsMetricsSource {
  users: number;
  armed: number;
  instruments: number;
  pushes: number;
  recorded: number;
  refused: number;
  /** K-line requests of indicator alerts, and ticker polls (references, refused channels). */
  barRequests: number;
  tickerPolls: number;
  screenEvaluations: number;
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
  /** REDIS_URL: Redis reachability and the cluster's leader (absent without REDIS_URL). */
  setClusterSource(stats: ClusterMetricsSource | undefined): void;
  /** One upstream push fanned out to this instance's browsers, in seconds (SharedFeedOptions.onFanOut). */
  recordFanOut(seconds: number): void;
  /** The server's alerts (absent until they start). */
  setAlertsSource(stats: (() => AlertsMetricsSource | undefined) | undefined): void;
  /** One push evaluated against the armed alerts of its symbol, in seconds. */
  recordAlertEvaluation(seconds: number): void;
  /** One delivery attempt of a trigger, with the seconds since the trigger was recorded. */
  recordAlertDelivery(channel: string, outcome: string, seconds: number): void;
  /** The screener's universes (server/screener/): warm-up progress and upstream requests per market, read at scrape time. */
  setScreenerSource(stats: (() => readonly ScreenerMetricsSource[]) | undefined): void;
  /** One screen evaluated (POST /chartroom/screener). */
  recordScreenEvaluation(seconds: number): void;
  /** REDIS_URL: the screens this instance answered for the others, and the others for it. */
  setScreenerSharingSource(stats: (() => ScreenerSharingSource) | undefined): void;
  /** The exposition text (format 0.0.4). */
  render(): Promise<string>;
  /** Its Content-Type. */
  contentType: string;
  /** Counter values for tests and benchmarks without parsing the text. */
  upstreamRequests(path: string): number;
}

/** Codes the contract knows (plus 400/401 of the latest-K-line quirk); anything else is `unknown`, bounding the label's values. */
const KNOWN_CODES: ReadonlySet<number> = new Set<number>([...Object.values(ERROR_CODES), 400, 401]);

/** The `endpoint` label: a contract path, or `other` (unknown paths must not create series). */
export function endpointLabel(path: string): string {
  return isContractPath(path) ? path : 'other';
}

/** Latency buckets in seconds (Prometheus client defaults, plus 20 s and 30 s for slow upstreams). */
export const DEFAULT_SECONDS_BUCKETS: readonly number[] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30];

export function codeLabel(code: number | undefined): string {
  return code !== undefined && KNOWN_CODES.has(code) ? String(code) : 'unknown';
}

type Sample = { labels: Record<string, string>; value: number };

/** Screens across instances (server/redis/redis-screens.ts). */
export interface ScreenerSharingSource {
  answeredForOthers: number;
  answeredByOthers: number;
  fallbacks: number;
}

/** One screener universe's figures: `universe` is its market and type ("US stock"). */
export interface ScreenerMetricsSource {
  universe: string;
  total: number;
  ready: number;
  /** Upstream requests of its warm-up. */
  warmUpRequests: number;
  /** Upstream requests in all (warm-up and refreshes). */
  requests: number;
}

export function createChartroomMetrics(): ChartroomMetrics {
  // A registry of our own (not prom-client's global one): every app instance has its figures.
  const registry = new Registry();
  const registers = [registry];
  let realtime: RealtimeStats | undefined;
  let cacheSizes: CacheSizes | undefined;
  let sharing: SharingStats | undefined;
  let cluster: ClusterMetricsSource | undefined;
  const one = (value: number | undefined): Sample[] => (value === undefined ? [] : [{ labels: {}, value }]);
  /** A gauge read at scrape time; no sample at all when `read` has nothing (as before). */
  const gauge = (name: string, help: string, labelNames: string[], read: () => Sample[]): void => {
    new Gauge({
      name,
      help,
      labelNames,
      registers,
      collect() {
        this.reset();
        for (const { labels, value } of read()) this.set(labels, value);
      },
    });
  };

  const requests = new Counter({
    name: 'chartroom_http_requests_total',
    help: 'HTTP requests answered, by endpoint (contract path or other), HTTP status and envelope code.',
    labelNames: ['endpoint', 'status', 'code'],
    registers,
  });
  const upstream = new Counter({
    name: 'chartroom_upstream_requests_total',
    help: 'Requests that reached the upstream (the embedded simulator in simulator mode), by endpoint.',
    labelNames: ['endpoint'],
    registers,
  });
  const latency = new Histogram({
    name: 'chartroom_upstream_request_duration_seconds',
    help: 'Duration of requests that reached the upstream, by endpoint.',
    labelNames: ['endpoint'],
    buckets: [...DEFAULT_SECONDS_BUCKETS],
    registers,
  });
  const hits = new Counter({ name: 'chartroom_kline_cache_hits_total', help: 'K-line requests answered from the completed-window cache.', registers });
  const misses = new Counter({ name: 'chartroom_kline_cache_misses_total', help: 'Cacheable K-line requests that had to ask the upstream.', registers });
  // A summary, not a histogram: the fan-out's budget is milliseconds, and its p99 over the last
  // 15 s per instance is the figure (bench/desk-run.ts reads it); buckets would round it away.
  const fanOut = new Summary({
    name: 'chartroom_realtime_fanout_seconds',
    help: "Per upstream push: from its arrival to its bytes written to every browser holding it (this instance's browsers), over the last 15 s.",
    percentiles: [0.5, 0.99],
    maxAgeSeconds: 15,
    ageBuckets: 3,
    registers,
  });
  const alertEvaluation = new Summary({
    name: 'chartroom_alerts_evaluation_seconds',
    help: 'Per ticker push of a symbol with armed alerts: its evaluation against them, over the last 60 s.',
    percentiles: [0.5, 0.99],
    maxAgeSeconds: 60,
    ageBuckets: 3,
    registers,
  });
  const alertDeliveries = new Counter({
    name: 'chartroom_alerts_deliveries_total',
    help: 'Delivery attempts of recorded triggers, by channel (push, webhook) and outcome (delivered, retry, failed, gone).',
    labelNames: ['channel', 'outcome'],
    registers,
  });
  const alertDeliveryLatency = new Histogram({
    name: 'chartroom_alerts_delivery_seconds',
    help: 'From a trigger recorded to a delivery attempt finished.',
    labelNames: ['channel'],
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 30, 300, 3600],
    registers,
  });
  const evictions = new Counter({ name: 'chartroom_kline_cache_evictions_total', help: 'K-line windows evicted to stay within KLINE_CACHE_MB.', registers });
  gauge('chartroom_kline_cache_entries', 'K-line windows in the cache.', [], () => one(cacheSizes?.entries() ?? 0));
  gauge('chartroom_kline_cache_bytes', 'Bytes held by the K-line cache (bodies and keys).', [], () => one(cacheSizes?.bytes() ?? 0));
  gauge('chartroom_realtime_connections', 'Open browser WebSocket connections.', [], () => one(realtime?.connections() ?? 0));
  gauge('chartroom_realtime_subscriptions', 'Active realtime subscriptions, by channel.', ['channel'], () => {
    const counts = realtime?.subscriptions();
    return REALTIME_CHANNELS.map((channel) => ({ labels: { channel }, value: counts?.[channel] ?? 0 }));
  });
  gauge('chartroom_upstream_key_requests_last_minute', 'Requests sent upstream with the server key in the last 60 s (all browsers together).', [], () =>
    one(sharing?.keyRequestsLastMinute()),
  );
  gauge('chartroom_upstream_key_budget_remaining', 'Requests MARKET_API_RATE_LIMIT still allows in the current 60 s (absent without it).', [], () =>
    one(sharing?.keyBudgetLeft()),
  );
  gauge('chartroom_upstream_key_paused_seconds', 'Seconds the key is paused after an upstream 3001 (0: not paused).', [], () =>
    one(sharing?.keyPausedSeconds()),
  );
  gauge('chartroom_upstream_quota_exhausted', '1 while the upstream answers 3002 (quota exhausted) for the key.', [], () =>
    one(sharing && (sharing.quotaExhausted() ? 1 : 0)),
  );
  gauge('chartroom_realtime_upstream_sockets', 'Upstream WebSocket connections carrying every browser’s subscriptions.', [], () =>
    one(sharing?.upstreamSockets()),
  );
  gauge(
    'chartroom_realtime_upstream_subscriptions',
    'Subscriptions held upstream (one per channel and instrument however many browsers hold it), by channel.',
    ['channel'],
    () => {
      const counts = sharing?.upstreamSubscriptions();
      return counts ? REALTIME_CHANNELS.map((channel) => ({ labels: { channel }, value: counts[channel] })) : [];
    },
  );
  gauge('chartroom_realtime_browser_subscriptions_max', 'The most realtime subscriptions one browser holds.', [], () =>
    one(sharing?.browserSubscriptionsMax()),
  );
  gauge('chartroom_redis_up', '1 while Redis (REDIS_URL) is reachable; 0 while this instance works alone (absent without REDIS_URL).', [], () =>
    one(cluster && (cluster.redisUp() ? 1 : 0)),
  );
  gauge('chartroom_redis_fallbacks_total', 'Times this instance lost Redis and fell back to working alone.', [], () => one(cluster?.fallbacks()));
  gauge('chartroom_cluster_leader', '1 while this instance holds the leader lock (and the one upstream socket of every instance).', [], () =>
    one(cluster && (cluster.leader() ? 1 : 0)),
  );
  gauge('chartroom_cluster_instances', 'Instances registered in Redis in the last 5 s.', [], () => one(cluster?.instances()));
  gauge('chartroom_cluster_fencing_token', 'Newest fencing token this instance has seen (the leader’s own while leading).', [], () =>
    one(cluster?.fencingToken()),
  );
  let alerts: (() => AlertsMetricsSource | undefined) | undefined;
  const alertGauge = (name: string, help: string, read: (stats: AlertsMetricsSource) => number): void => {
    gauge(name, help, [], () => {
      const stats = alerts?.();
      return one(stats && read(stats));
    });
  };
  alertGauge('chartroom_alerts_armed', 'Armed alerts the server evaluates, of every user.', (stats) => stats.armed);
  alertGauge('chartroom_alerts_users', 'Users with armed alerts.', (stats) => stats.users);
  alertGauge(
    'chartroom_alerts_instruments',
    'Instruments the alerts keep subscribed on the feed (counted in the key budget like a browser’s).',
    (stats) => stats.instruments,
  );
  alertGauge('chartroom_alerts_pushes_evaluated_total', 'Ticker pushes evaluated against armed alerts.', (stats) => stats.pushes);
  alertGauge(
    'chartroom_alerts_triggers_recorded_total',
    'Triggers this instance recorded (each trigger is recorded by one instance).',
    (stats) => stats.recorded,
  );
  alertGauge(
    'chartroom_alerts_triggers_refused_total',
    'Triggers the database refused (another instance recorded it first, or the alert changed).',
    (stats) => stats.refused,
  );
  alertGauge('chartroom_alerts_bar_requests_total', 'K-line requests of indicator alerts (their histories and closed bars).', (stats) => stats.barRequests);
  alertGauge(
    'chartroom_alerts_ticker_polls_total',
    'Ticker poll passes of the alerts (each asks at most 50 symbols a request): instruments the feed does not carry, day move references.',
    (stats) => stats.tickerPolls,
  );
  alertGauge(
    'chartroom_alerts_screen_evaluations_total',
    'Screens of screen alerts evaluated on a warm universe (each distinct screen once a pass, whoever set it).',
    (stats) => stats.screenEvaluations,
  );
  let screener: (() => readonly ScreenerMetricsSource[]) | undefined;
  const screenerGauge = (name: string, help: string, read: (stats: ScreenerMetricsSource) => number): void => {
    gauge(name, help, ['universe'], () => (screener?.() ?? []).map((stats) => ({ labels: { universe: stats.universe }, value: read(stats) })));
  };
  screenerGauge('chartroom_screener_symbols', 'Symbols of a screener universe (market and type).', (stats) => stats.total);
  screenerGauge(
    'chartroom_screener_symbols_ready',
    'Of them, those whose quote, information and daily bars are in (the warm-up progress).',
    (stats) => stats.ready,
  );
  screenerGauge('chartroom_screener_warmup_requests_total', 'Upstream requests of the universe’s warm-up.', (stats) => stats.warmUpRequests);
  screenerGauge(
    'chartroom_screener_upstream_requests_total',
    'Upstream requests of the universe in all (warm-up and quote refreshes).',
    (stats) => stats.requests,
  );
  let screenerSharing: (() => ScreenerSharingSource) | undefined;
  gauge(
    'chartroom_screener_shared_screens_total',
    'REDIS_URL: screens this instance answered for another (for_others), another answered for it (by_others), or it screened itself when the owner of the universe did not answer (unanswered).',
    ['way'],
    () => {
      const stats = screenerSharing?.();
      if (!stats) return [];
      return [
        { labels: { way: 'for_others' }, value: stats.answeredForOthers },
        { labels: { way: 'by_others' }, value: stats.answeredByOthers },
        { labels: { way: 'unanswered' }, value: stats.fallbacks },
      ];
    },
  );
  const screenEvaluation = new Summary({
    name: 'chartroom_screener_evaluation_seconds',
    help: 'Per screen asked: its evaluation over the universe kept warm, over the last 60 s.',
    percentiles: [0.5, 0.95, 0.99],
    maxAgeSeconds: 60,
    ageBuckets: 3,
    registers,
  });
  gauge('process_resident_memory_bytes', 'Resident memory size in bytes.', [], () => one(process.memoryUsage.rss()));
  gauge('process_start_time_seconds', 'Start time of the process since the Unix epoch in seconds.', [], () => one(Math.floor(performance.timeOrigin) / 1000));
  /** prom-client reads values asynchronously: the upstream counts are kept here too, for tests and benchmarks. */
  const upstreamCounts = new Map<string, number>();

  return {
    recordRequest(path, status, code) {
      requests.inc({ endpoint: endpointLabel(path), status: String(status), code: codeLabel(code) });
    },
    recordUpstream(path, seconds) {
      const endpoint = endpointLabel(path);
      upstream.inc({ endpoint });
      latency.observe({ endpoint }, seconds);
      upstreamCounts.set(endpoint, (upstreamCounts.get(endpoint) ?? 0) + 1);
    },
    recordCacheLookup(outcome) {
      (outcome === 'hit' ? hits : misses).inc();
    },
    recordCacheEviction() {
      evictions.inc();
    },
    recordFanOut(seconds) {
      fanOut.observe(seconds);
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
    setClusterSource(stats) {
      cluster = stats;
    },
    setAlertsSource(stats) {
      alerts = stats;
    },
    recordAlertEvaluation(seconds) {
      alertEvaluation.observe(seconds);
    },
    recordAlertDelivery(channel, outcome, seconds) {
      alertDeliveries.inc({ channel, outcome });
      alertDeliveryLatency.observe({ channel }, seconds);
    },
    setScreenerSource(stats) {
      screener = stats;
    },
    recordScreenEvaluation(seconds) {
      screenEvaluation.observe(seconds);
    },
    setScreenerSharingSource(stats) {
      screenerSharing = stats;
    },
    render: () => registry.metrics(),
    contentType: registry.contentType,
    upstreamRequests: (path) => upstreamCounts.get(endpointLabel(path)) ?? 0,
  };
}
