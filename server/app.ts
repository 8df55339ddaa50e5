/**
 * The request handler of Chartroom's server, shared by Vite's dev server and the production
 * server: `/v1/*` goes to the upstream with the server's key, or to the embedded simulator when
 * no key is configured. `createApp` never listens; `main.ts` does.
 *
 * Every request passes, in order: security headers (on the way out), the request counter of
 * /metrics, the Host allowlist (production), the request-target guard, then on `/v1` CORS and
 * the per-client rate limit. Completed K-line windows are answered by the K-line cache.
 */
import { Hono, type Context } from 'hono';
import type { ServerResponse } from 'node:http';
import { ERROR_CODES, ERROR_MESSAGES } from '#shared/contract.ts';
import { cacheControlFor, NO_STORE } from './cache/cache-control.ts';
import { KlineCache, type SharedWindows } from './cache/kline-cache.ts';
import { klineWindowOf } from './cache/kline-window.ts';
import { CLOCK_HEADER, SOURCE_HEADER } from '#shared/protocol.ts';
import { clientRateLimit } from './client-limit.ts';
import type { ServerConfig } from './config.ts';
import { cors } from './cors.ts';
import { ClientRateLimiter } from './rate-limiter.ts';
import { createChartroomMetrics, type ChartroomMetrics } from './metrics/chartroom-metrics.ts';
import { noteEnvelopeCode } from './metrics/envelope-code.ts';
import { httpMetrics } from './metrics/http-metrics.ts';
import { metricsRoute } from './metrics/metrics-route.ts';
import { createRealtimeRelay, type RealtimeRelay } from './realtime/relay.ts';
import { hostGuard, pathAndQueryOf, rawTarget, requestShapeGuard } from './request-guards.ts';
import { securityHeaders, withHeaders } from './security-headers.ts';
import { createSimulator, type Simulator } from './sim/app.ts';
import { responseGone, type ClientGone } from './upstream/client-gone.ts';
import { errorResponse, jsonResponse } from './upstream/envelope.ts';
import { exchange } from './upstream/exchange.ts';
import { createForwarder } from './upstream/forwarder.ts';
import { KeyBudget, type Budget } from './upstream/key-budget.ts';
import { RedisBudget } from './redis/redis-budget.ts';
import { RedisLink } from './redis/redis-link.ts';
import { createRedisShare } from './redis/redis-share.ts';
import { createRedisTickers } from './redis/redis-tickers.ts';
import { redisWindows } from './redis/redis-kline.ts';
import { sharedScreens } from './redis/redis-screens.ts';
import { createSharedExchange, DEFAULT_FRESHNESS_MS, type Exchange } from './upstream/shared-exchange.ts';
import { CATALOG_PATH } from '#shared/catalog.ts';
import { WORKSPACE_PATH } from '#shared/workspace-protocol.ts';
import { SHARES_PATH } from '#shared/share-protocol.ts';
import { createAccessControl, type AccessControl, type AccessControlOptions } from './auth/access.ts';
import { catalogRoute } from './search/catalog-route.ts';
import { createCatalogService, type CatalogService } from './search/catalog-service.ts';
import type { CatalogUpstream } from './search/upstream-data.ts';
import type { WorkspaceDatabase } from './workspace/workspace-database.ts';
import { localWorkspaceNotices, redisWorkspaceNotices } from './workspace/workspace-notices.ts';
import { mountWorkspaceRoutes, type WorkspaceRoutes } from './workspace/workspace-route.ts';
import { mountShareRoutes } from './workspace/share-route.ts';
import { mountServerAlerts, type ServerAlertsRuntime } from './alerts/server-alerts-runtime.ts';
import { NOT_EVALUATING, SERVER_ALERTS_STATUS_PATH } from '#shared/server-alerts-protocol.ts';
import type { AskV1 } from './alerts/kline-bars.ts';
import { SCREENER_PATH, SPARKS_PATH } from '#shared/screener/screener-protocol.ts';
import { screenerRoute, sparksRoute } from './screener/screener-route.ts';
import { createScreenerService, type ScreenerService } from './screener/screener-service.ts';
import type { ScreenerAsk } from './screener/screener-universe.ts';
import { oneCallerATurn } from './event-loop-turns.ts';

export interface ChartroomApp {
  app: Hono;
  /** The embedded simulator (simulator mode only). */
  simulator?: Simulator;
  /** What `GET /metrics` exposes; the realtime relay plugs in with `metrics.setRealtimeSource(stats)`. */
  metrics: ChartroomMetrics;
  /** The completed K-line window cache of `/v1/market/kline`. */
  klineCache: KlineCache;
  /** The `/v1/realtime` WebSocket relay: the HTTP server hands it its upgrades (main.ts, dev-plugin.ts). */
  realtime: RealtimeRelay;
  /** The catalogue index behind `GET /chartroom/catalog` (the search). */
  catalog: CatalogService;
  /** Who may in (AUTH_MODE): sessions, the upgrade check, per-user budgets (server/auth/). */
  accessControl: AccessControl;
  /** REDIS_URL (upstream mode): the connection shared parts use; closed after the relay on shutdown. */
  redis?: RedisLink;
  /** `/chartroom/workspace` (when the app has a workspace database): its event streams end on shutdown. */
  workspace?: WorkspaceRoutes;
  /** The server's alerts (with a workspace database): started with the database, stopped on shutdown. */
  alerts?: ServerAlertsRuntime;
  /** `POST /chartroom/screener` and its sparks: the universes it keeps warm (server/screener/). */
  screener: ScreenerService;
}

export interface AppOptions {
  /**
   * The production server (main.ts): adds the Content-Security-Policy and answers only the hosts
   * of ALLOWED_HOSTS. Off in Vite's dev server, whose HMR needs inline scripts and which checks
   * hosts itself.
   */
  production?: boolean;
  /** The clock of /healthz's uptime, in ms (monotonic); default performance.now. */
  now?: () => number;
  /** The clock of sessions, lockout and user budgets, and the lockout's delays (tests). */
  auth?: Pick<AccessControlOptions, 'now' | 'lockout'>;
  /**
   * The workspace's database: `/chartroom/workspace` answers from it (absent: no such path), and
   * AUTH_MODE=password keeps its sessions in it (absent: in this process's memory).
   */
  workspace?: Pick<WorkspaceDatabase, 'store' | 'shares' | 'db'>;
  /** Tuning of the cluster's leader lock (tests shorten it). */
  cluster?: { leaderTtlMs?: number; pollMs?: number };
  /** The environment's settings of the server's alerts: VAPID_*, WEBHOOK_ALLOW (server/alerts/). */
  env?: Record<string, string | undefined>;
}

/**
 * Adds the source, Cache-Control and clock headers in place (copying only immutable headers):
 * a new Response around `response.body` would turn the bytes in hand into a stream to pump.
 */
function withSource(response: Response, source: string, clock?: number, cacheControl?: string): Response {
  const entries: [string, string][] = [[SOURCE_HEADER, source]];
  if (cacheControl !== undefined) entries.push(['Cache-Control', cacheControl]);
  // An answer a browser may keep would replay its clock later, turning the data's clock back.
  if (clock !== undefined && (cacheControl ?? response.headers.get('Cache-Control')) === NO_STORE) entries.push([CLOCK_HEADER, String(clock)]);
  return withHeaders(response, entries);
}

/**
 * Who answers a `/v1` request once the cache is passed: the forwarder or the embedded simulator.
 * `clientGone`: the browser's disconnect, for a request made for that browser alone.
 */
type V1Source = (request: Request, target: string, c: Context, clientGone?: ClientGone) => Promise<Response>;

/** On a Node server, the browser's disconnect as the Node response reports it (no AbortSignal). */
function clientGoneOf(c: Context): ClientGone | undefined {
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  return outgoing === undefined ? undefined : responseGone(outgoing);
}

/**
 * The `/v1/*` handler: cacheable K-line windows through the cache (which sets their
 * Cache-Control), everything else straight to `source` with the Cache-Control of its endpoint.
 */
function v1Handler(cache: KlineCache, dataNow: () => number, sourceName: string, source: V1Source, clock?: () => number) {
  return async (c: Context): Promise<Response> => {
    const target = rawTarget(c) ?? pathAndQueryOf(c.req.url);
    const window = klineWindowOf(c.req.method, target, dataNow());
    if (window !== undefined) {
      // A shared request: it goes on when one of its browsers leaves.
      const answer = await cache.serve(c.req.raw, window, (request) => source(request, target, c));
      if (answer.code !== undefined) noteEnvelopeCode(c.req.raw, answer.code);
      return withSource(answer.response, sourceName, clock?.());
    }
    const response = await source(c.req.raw, target, c, clientGoneOf(c));
    const mark = target.indexOf('?');
    const [path, query] = mark === -1 ? [target, ''] : [target.slice(0, mark), target.slice(mark + 1)];
    return withSource(response, sourceName, clock?.(), cacheControlFor(path, query, response.status));
  };
}

function seconds(since: number): number {
  return (performance.now() - since) / 1000;
}

/** The fast endpoints' freshness, the ticker's from TICKER_FRESHNESS_MS. */
function freshnessFor(sharing: ServerConfig['sharing']): typeof DEFAULT_FRESHNESS_MS {
  return { ...DEFAULT_FRESHNESS_MS, '/v1/market/ticker': sharing.tickerFreshnessMs };
}

/** The origin of requests the server makes for itself (the catalogue's, the alerts'): only their target is read. */
const INTERNAL_ORIGIN = 'http://chartroom.internal';

/** Socket limit of the embedded key (simulator mode); `npm run sim` keeps the per-key default. */
const EMBEDDED_SOCKETS_PER_KEY = 10_000;

/** The workspace's database, calling `opened` whenever it is asked for (the first ask opens it). */
function startingAlerts(database: Pick<WorkspaceDatabase, 'store' | 'shares' | 'db'>, opened: () => void): Pick<WorkspaceDatabase, 'store' | 'shares' | 'db'> {
  return {
    store: () => database.store().finally(opened),
    shares: () => database.shares().finally(opened),
    db: () => database.db().finally(opened),
  };
}

export function createApp(config: ServerConfig, log: (line: string) => void = () => undefined, options: AppOptions = {}): ChartroomApp {
  const production = options.production ?? false;
  const now = options.now ?? (() => performance.now());
  const startedAt = now();
  const { access } = config;
  const metrics = createChartroomMetrics();
  const unknownPath = (): Response => errorResponse(404, ERROR_CODES.INVALID_PARAMETER, `${ERROR_MESSAGES[ERROR_CODES.INVALID_PARAMETER]}: unknown path`);
  const klineCacheFor = (dataNow: () => number, shared?: SharedWindows): KlineCache => {
    const cache = new KlineCache({
      maxBytes: config.performance.klineCacheBytes,
      now: dataNow,
      ...(shared && { shared }),
      onLookup: (outcome) => {
        metrics.recordCacheLookup(outcome);
      },
      onEviction: () => {
        metrics.recordCacheEviction();
      },
    });
    metrics.setCacheSizes({ entries: () => cache.size, bytes: () => cache.bytes });
    return cache;
  };
  // Whatever opens the workspace's database first (a sync, a sign-in) also starts the server's alerts.
  let serverAlerts: ServerAlertsRuntime | undefined;
  const workspaceDb = options.workspace && startingAlerts(options.workspace, () => serverAlerts?.start());
  const accessControl = createAccessControl({
    auth: config.auth,
    trustProxyHops: access.trustProxyHops,
    log,
    ...options.auth,
    // Sessions every instance sharing the database knows, and a restart keeps.
    ...(workspaceDb && { sessionDatabase: () => workspaceDb.db() }),
  });
  const realtimeRelay = (simulator?: Simulator, redis?: RedisLink): RealtimeRelay => {
    const admit = accessControl.mode === 'none' ? undefined : accessControl.admitUpgrade;
    const feed = {
      onFanOut: (ms: number) => {
        metrics.recordFanOut(ms / 1000);
      },
    };
    const relay = createRealtimeRelay({
      config,
      production,
      log,
      feed,
      ...(simulator && { simulator }),
      ...(admit && { admit }),
      ...(redis && { redis }),
      ...(options.cluster && { cluster: options.cluster }),
    });
    metrics.setRealtimeSource(relay.stats);
    return relay;
  };
  const app = new Hono();
  // A crash in a handler: an envelope, not Hono's plain-text 500 (and never a stack trace).
  app.onError((error) => {
    log(`chartroom: internal error (${error.name})`);
    return errorResponse(500, ERROR_CODES.INTERNAL_ERROR, ERROR_MESSAGES[ERROR_CODES.INTERNAL_ERROR]);
  });

  app.notFound(unknownPath);

  app.use('*', securityHeaders({ contentSecurityPolicy: production }));
  app.use('*', httpMetrics(metrics));
  if (production) app.use('*', hostGuard(access.allowedHosts));
  app.use('*', requestShapeGuard());
  // Without CORS_ORIGINS the middleware does nothing: not a layer every request passes through.
  if (access.corsOrigins.length > 0) app.use('/v1/*', cors(access.corsOrigins));
  // Who may in, and each user's share of the key (AUTH_MODE; none: nothing to check).
  if (accessControl.mode !== 'none') app.use('*', accessControl.guard);
  accessControl.mount(app);
  // Without a workspace database the browsers keep theirs to themselves: 204, not a 404 to log.
  if (!options.workspace) {
    app.get(WORKSPACE_PATH, () => new Response(null, { status: 204, headers: { 'Cache-Control': NO_STORE } }));
    // Nor are alerts evaluated here: the browser evaluates them (an answer, not a 404 in every page's console).
    app.get(SERVER_ALERTS_STATUS_PATH, () => jsonResponse(200, NOT_EVALUATING, { 'Cache-Control': NO_STORE }));
    // 501, not 404: the browser tells "sharing is off here" from "no such link" by the status alone.
    const noShares = (): Response =>
      errorResponse(
        501,
        ERROR_CODES.INVALID_PARAMETER,
        `${ERROR_MESSAGES[ERROR_CODES.INVALID_PARAMETER]}: this server keeps no workspaces (WORKSPACE=off), so nothing is shared here`,
      );
    app.all(SHARES_PATH, noShares);
    app.all(`${SHARES_PATH}/*`, noShares);
  } else mountShareRoutes(app, { database: workspaceDb ?? options.workspace, access: accessControl });
  /**
   * The workspace's routes and the server's alerts, which follow the same notices; with REDIS_URL
   * a change is told to the browsers (and the alerts) of every instance.
   */
  const workspaceRoutes = (
    realtime: RealtimeRelay,
    askV1: AskV1,
    dataNow: () => number,
    screener: ScreenerService,
    redis?: RedisLink,
  ): { workspace?: WorkspaceRoutes; alerts?: ServerAlertsRuntime } => {
    if (!workspaceDb) return {};
    const notices = redis ? redisWorkspaceNotices(redis) : localWorkspaceNotices();
    const workspace = mountWorkspaceRoutes(app, { database: workspaceDb, access: accessControl, notices });
    serverAlerts = mountServerAlerts(app, {
      database: workspaceDb,
      access: accessControl,
      openFeed: (peer) => realtime.openInternal(peer),
      askV1,
      notices,
      screen: (screen) => screener.screen({ screen }),
      dataNow,
      env: options.env ?? {},
      log,
      onEvaluated: (ms) => {
        metrics.recordAlertEvaluation(ms / 1000);
      },
      onDelivered: (channel, outcome, ms) => {
        metrics.recordAlertDelivery(channel, outcome, ms / 1000);
      },
    });
    const runtime = serverAlerts;
    metrics.setAlertsSource(() => runtime.stats());
    return { workspace, alerts: serverAlerts };
  };
  if (access.clientRateLimit > 0) {
    // One bucket per client for /v1 and the catalogue alike.
    const limit = clientRateLimit(new ClientRateLimiter({ perMinute: access.clientRateLimit }), access.trustProxyHops);
    app.use('/v1/*', limit);
    app.use(CATALOG_PATH, limit);
    app.use(SCREENER_PATH, limit);
    app.use(SPARKS_PATH, limit);
  }
  /** The catalogue index, whose upstream requests go where the browsers' do, with the server's key. */
  const catalogFrom = (upstream: CatalogUpstream): CatalogService => {
    const catalog = createCatalogService({ upstream, checkIntervalMs: config.catalog.checkIntervalMs, log });
    app.get(CATALOG_PATH, catalogRoute(catalog));
    return catalog;
  };

  /** The screener, whose upstream requests go where the catalogue's do; its names come from the catalogue. */
  const screenerFrom = (ask: ScreenerAsk, catalog: CatalogService, maxPerMinute?: number, redis?: RedisLink): ScreenerService => {
    const computed = createScreenerService({
      ask,
      catalog,
      log,
      ...(maxPerMinute !== undefined && { maxPerMinute }),
      onEvaluated: (ms) => {
        metrics.recordScreenEvaluation(ms / 1000);
      },
    });
    // With REDIS_URL one instance computes each universe and answers the others' screens.
    let screener: ScreenerService = computed;
    if (redis) {
      const shared = sharedScreens(computed, redis, { log });
      metrics.setScreenerSharingSource(() => shared.sharing());
      screener = shared;
    }
    metrics.setScreenerSource(() => screener.stats());
    app.post(SCREENER_PATH, screenerRoute(screener, accessControl));
    app.post(SPARKS_PATH, sparksRoute(screener, accessControl));
    return screener;
  };

  app.get('/healthz', (c) => c.json({ status: 'ok', mode: config.mode, uptimeSeconds: Math.floor((now() - startedAt) / 1000) }));
  // Behind the same guards as everything else; not rate limited (that limit guards /v1 only).
  const exposition = { contentType: metrics.contentType, render: async () => (await metrics.render()) + (await accessControl.metrics.registry.metrics()) };
  app.get('/metrics', metricsRoute(exposition, { token: config.performance.metricsToken, trustProxyHops: access.trustProxyHops }, unknownPath));

  if (config.mode === 'upstream' && config.apiKey) {
    const perMinute = config.sharing.rateLimitPerMinute;
    // REDIS_URL: the budget, the short caches and the upstream socket are every instance's.
    const redis = config.sharing.redisUrl === undefined ? undefined : new RedisLink({ url: config.sharing.redisUrl, log });
    let instances = (): number => 1;
    const budget: Budget = redis
      ? new RedisBudget({ link: redis, ...(perMinute !== undefined && { perMinute }), instances: () => instances() })
      : new KeyBudget({ ...(perMinute !== undefined && { perMinute }) });
    // Counted where a request really leaves for the upstream (shared answers are not upstream requests).
    const measured: Exchange = async (request) => {
      const started = performance.now();
      const result = await exchange(request);
      if (result.kind !== 'client-aborted') metrics.recordUpstream(request.path.split('?')[0] ?? request.path, seconds(started));
      return result;
    };
    const shared = createSharedExchange({
      exchange: measured,
      budget,
      freshnessMs: freshnessFor(config.sharing),
      tickerWindowMs: config.sharing.tickerWindowMs,
      log,
      ...(redis && { remote: createRedisShare({ link: redis, lockMs: config.upstreamTimeoutMs + 2_000 }), tickers: createRedisTickers(redis) }),
    });
    const forward = createForwarder({
      baseUrl: config.upstreamBaseUrl,
      apiKey: config.apiKey,
      timeoutMs: config.upstreamTimeoutMs,
      shared: shared.exchange,
      log,
    });
    const klineCache = klineCacheFor(() => Date.now(), redis && redisWindows(redis));
    const realtime = realtimeRelay(undefined, redis);
    const { cluster } = realtime;
    if (redis && cluster) {
      instances = () => cluster.stats().instances;
      metrics.setClusterSource({
        redisUp: () => redis.up,
        fallbacks: () => redis.fallbacks,
        leader: () => cluster.stats().leader,
        instances,
        fencingToken: () => cluster.stats().token,
      });
    }
    const feedSockets = (): number => (cluster ? cluster.stats().upstreamSockets : (realtime.feedStats()?.upstreamSockets ?? 0));
    metrics.setSharingSource({
      keyRequestsLastMinute: () => budget.lastMinute(),
      keyBudgetLeft: () => budget.left(),
      keyPausedSeconds: () => Math.ceil(budget.pausedForMs() / 1000),
      quotaExhausted: () => shared.stats().quotaExhausted,
      upstreamSockets: feedSockets,
      upstreamSubscriptions: () =>
        cluster ? cluster.stats().upstreamSubscriptions : (realtime.feedStats()?.upstreamSubscriptions ?? { ticker: 0, depth: 0, trade: 0 }),
      browserSubscriptionsMax: () => realtime.feedStats()?.browserSubscriptionsMax ?? 0,
    });
    app.all(
      '/v1/*',
      v1Handler(
        klineCache,
        () => Date.now(),
        'upstream',
        (request, target, _c, clientGone) => forward(request, target, clientGone),
      ),
    );
    // The server's own requests (the catalogue's, the alerts' K-lines): with its key, past the browsers' guards.
    const askV1: AskV1 = (target) => forward(new Request(INTERNAL_ORIGIN + target), target);
    const catalog = catalogFrom(askV1);
    // Each universe's warm-up takes at most half the key's budget (MARKET_API_RATE_LIMIT): the browsers keep the rest.
    const screener = screenerFrom(
      (target, headers) => forward(new Request(INTERNAL_ORIGIN + target, headers && { headers }), target),
      catalog,
      perMinute === undefined ? undefined : Math.max(1, Math.floor(perMinute / 2)),
      redis,
    );
    return {
      app,
      metrics,
      klineCache,
      realtime,
      catalog,
      accessControl,
      screener,
      ...(redis && { redis }),
      ...workspaceRoutes(realtime, askV1, Date.now, screener, redis),
    };
  }

  // Every browser reaches the embedded simulator with the one embedded key, so its per-key
  // socket limit would cap the whole audience; the relay's per-client cap bounds each browser.
  const simulator = createSimulator({ ...config.simulator, realtime: { maxConnectionsPerKey: EMBEDDED_SOCKETS_PER_KEY, ...config.simulator.realtime } });
  const dataNow = (): number => simulator.clock.now();
  const klineCache = klineCacheFor(dataNow);
  const simulatorAnswer = async (browserRequest: Request, env?: unknown): Promise<Response> => {
    // The embedded simulator answers as the Enterprise plan (or the plan chosen through
    // /__sim/key); whatever key the browser sent is ignored.
    const headers = new Headers(browserRequest.headers);
    headers.set('X-API-Key', simulator.embeddedKey.current);
    const request = new Request(browserRequest.url, { method: browserRequest.method, headers });
    const started = performance.now();
    const response = await simulator.app.fetch(request, env);
    // The embedded simulator is this mode's upstream: every request it answers counts.
    metrics.recordUpstream(new URL(request.url).pathname, seconds(started));
    return response;
  };
  const askSimulator: V1Source = (browserRequest, _target, c) => simulatorAnswer(browserRequest, c.env);
  app.all('/v1/*', v1Handler(klineCache, dataNow, 'simulator', askSimulator, dataNow));
  // The server's own requests (the catalogue's, the alerts', the screener's warm-up: thousands in a
  // row) are computed by the simulator on this thread with no I/O between them, so each waits for a
  // turn of the event loop of its own: without it a whole market's warm-up held every other request
  // for minutes.
  const nextTurn = oneCallerATurn();
  const askOwn = async (target: string, headers?: Record<string, string>): Promise<Response> => {
    await nextTurn();
    return simulatorAnswer(new Request(INTERNAL_ORIGIN + target, headers && { headers }));
  };
  const askV1: AskV1 = askOwn;
  const catalog = catalogFrom(askV1);
  const screener = screenerFrom(askOwn, catalog);
  app.all('/__sim/*', async (c) => {
    const response = await simulator.app.fetch(c.req.raw, c.env);
    // Time travel or another plan changes what a window holds: forget them all.
    if (c.req.method === 'POST' && (c.req.path === '/__sim/clock' || c.req.path === '/__sim/key')) {
      klineCache.clear();
      screener.reset();
    }
    return response;
  });
  const realtime = realtimeRelay(simulator);
  return { app, simulator, metrics, klineCache, realtime, catalog, accessControl, screener, ...workspaceRoutes(realtime, askV1, dataNow, screener) };
}
