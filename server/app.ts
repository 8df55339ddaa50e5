/**
 * The request handler of Chartroom's server, shared by Vite's dev server and the production
 * server: `/v1/*` goes to the upstream with the server's key, or to the embedded simulator when
 * no key is configured. `createApp` never listens; `main.ts` does.
 */
import { Hono, type Context } from 'hono';
import { createSimulator, type Simulator } from './sim/app.ts';
import type { ServerConfig } from './config.ts';
import { createForwarder } from './upstream/forwarder.ts';

export interface ChartroomApp {
  app: Hono;
  /** The embedded simulator (simulator mode only). */
  simulator?: Simulator;
}

/** Tells the dashboard where its data comes from, without an extra request. */
export const SOURCE_HEADER = 'X-Chartroom-Source';
/**
 * The data's clock in ms: the simulator's (which tests freeze or shift) in simulator mode. The
 * dashboard computes market status with it, so it agrees with the data it shows.
 */
export const CLOCK_HEADER = 'X-Chartroom-Clock';

/** The request target exactly as received (before URL normalisation), when Node supplied it. */
function rawTarget(c: Context): string | undefined {
  const env = c.env as { incoming?: { url?: string } } | undefined;
  return env?.incoming?.url;
}

function withSource(response: Response, source: string, clock?: number): Response {
  const headers = new Headers(response.headers);
  headers.set(SOURCE_HEADER, source);
  if (clock !== undefined) headers.set(CLOCK_HEADER, String(clock));
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

export function createApp(config: ServerConfig, log: (line: string) => void = () => undefined): ChartroomApp {
  const app = new Hono();
  app.get('/healthz', (c) => c.json({ status: 'ok', mode: config.mode }));

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
