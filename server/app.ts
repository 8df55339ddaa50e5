/**
 * The request handler of Chartroom's server, shared by Vite's dev server and the production
 * server: `/v1/*` goes to the upstream with the server's key, or to the embedded simulator when
 * no key is configured. `createApp` never listens; `main.ts` does.
 *
 * Every request passes, in order: security headers (on the way out), the Host allowlist
 * (production), the request-target guard, then on `/v1` CORS and the per-client rate limit.
 */
import { Hono } from 'hono';
import { ERROR_CODES, ERROR_MESSAGES } from '../src/api/contract.ts';
import { CLOCK_HEADER, SOURCE_HEADER } from './chartroom-headers.ts';
import { clientRateLimit } from './client-limit.ts';
import type { ServerConfig } from './config.ts';
import { cors } from './cors.ts';
import { ClientRateLimiter } from './rate-limiter.ts';
import { hostGuard, rawTarget, requestShapeGuard } from './request-guards.ts';
import { securityHeaders } from './security-headers.ts';
import { createSimulator, type Simulator } from './sim/app.ts';
import { errorResponse } from './upstream/envelope.ts';
import { createForwarder } from './upstream/forwarder.ts';

export { CLOCK_HEADER, SOURCE_HEADER } from './chartroom-headers.ts';

export interface ChartroomApp {
  app: Hono;
  /** The embedded simulator (simulator mode only). */
  simulator?: Simulator;
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
}

function withSource(response: Response, source: string, clock?: number): Response {
  const headers = new Headers(response.headers);
  headers.set(SOURCE_HEADER, source);
  if (clock !== undefined) headers.set(CLOCK_HEADER, String(clock));
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

export function createApp(config: ServerConfig, log: (line: string) => void = () => undefined, options: AppOptions = {}): ChartroomApp {
  const production = options.production ?? false;
  const now = options.now ?? (() => performance.now());
  const startedAt = now();
  const { access } = config;
  const app = new Hono();
  // A crash in a handler: an envelope, not Hono's plain-text 500 (and never a stack trace).
  app.onError((error) => {
    log(`chartroom: internal error (${error.name})`);
    return errorResponse(500, ERROR_CODES.INTERNAL_ERROR, ERROR_MESSAGES[ERROR_CODES.INTERNAL_ERROR]);
  });

  app.notFound(() => errorResponse(404, ERROR_CODES.INVALID_PARAMETER, `${ERROR_MESSAGES[ERROR_CODES.INVALID_PARAMETER]}: unknown path`));

  app.use('*', securityHeaders({ contentSecurityPolicy: production }));
  if (production) app.use('*', hostGuard(access.allowedHosts));
  app.use('*', requestShapeGuard());
  app.use('/v1/*', cors(access.corsOrigins));
  if (access.clientRateLimit > 0) {
    app.use('/v1/*', clientRateLimit(new ClientRateLimiter({ perMinute: access.clientRateLimit }), access.trustProxyHops));
  }

  app.get('/healthz', (c) => c.json({ status: 'ok', mode: config.mode, uptimeSeconds: Math.floor((now() - startedAt) / 1000) }));

  if (config.mode === 'upstream' && config.apiKey) {
    const forward = createForwarder({
      baseUrl: config.upstreamBaseUrl,
      apiKey: config.apiKey,
      timeoutMs: config.upstreamTimeoutMs,
      log,
    });
    app.all('/v1/*', async (c) => withSource(await forward(c.req.raw, rawTarget(c)), 'upstream'));
    return { app };
  }

  const simulator = createSimulator(config.simulator);
  app.all('/v1/*', async (c) => {
    // The embedded simulator answers as the Enterprise plan (or the plan chosen through
    // /__sim/key); whatever key the browser sent is ignored.
    const headers = new Headers(c.req.raw.headers);
    headers.set('X-API-Key', simulator.embeddedKey.current);
    const request = new Request(c.req.raw.url, { method: c.req.method, headers });
    return withSource(await simulator.app.fetch(request, c.env), 'simulator', simulator.clock.now());
  });
  app.all('/__sim/*', (c) => simulator.app.fetch(c.req.raw, c.env));
  return { app, simulator };
}
