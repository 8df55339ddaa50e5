/**
 * The simulator as a web-standard handler: `/v1/*` answers the whole contract from the price
 * engine, behind key checks, limits and fault injection; `/__sim/*` is its control path (clock,
 * faults, limits, request log), which exists only where the simulator runs.
 */
import { Hono, type Context } from 'hono';
import { jsonResponse } from '../upstream/envelope.ts';
import { AccessControl, DEFAULT_LIMITS, DEMO_KEYS, EMBEDDED_KEY, type AccessLimits } from './http/access.ts';
import { SimClock, type ClockSettings } from './http/clock.ts';
import { chooseCoding, compress } from './http/compression.ts';
import { FaultInjector, type FaultSettings } from './http/faults.ts';
import { chooseCatalogUniverse } from './catalog/catalog.ts';
import { warmSymbolIndex } from './catalog/lookup.ts';
import type { SimUniverse } from './catalog/universe-setting.ts';
import { queryOf } from './http/query.ts';
import { SimError } from './http/sim-error.ts';
import { RequestLog } from './http/request-log.ts';
import { endpointFor } from './endpoints/routes.ts';
import { createSimRealtime } from './realtime/service.ts';
import type { RealtimeSettings, SimRealtimeService } from './realtime/types.ts';

export interface SimulatorOptions {
  clock?: Partial<ClockSettings>;
  faults?: Partial<FaultSettings>;
  limits?: Partial<AccessLimits>;
  realtime?: Partial<RealtimeSettings>;
  /** SIM_UNIVERSE as the start read it; absent: the process environment's (catalog.ts). */
  universe?: SimUniverse;
}

export interface Simulator {
  /** Handles `/v1/*` and `/__sim/*`. */
  app: Hono;
  /**
   * The key the Chartroom server answers with in simulator mode (Enterprise by default);
   * switchable through `/__sim/key` to see the dashboard under another plan.
   */
  embeddedKey: { current: string };
  clock: SimClock;
  faults: FaultInjector;
  access: AccessControl;
  log: RequestLog;
  /** `/v1/realtime`: served by the Chartroom server's relay, or by `npm run sim` (ws-adapter.ts). */
  realtime: SimRealtimeService;
  /**
   * Builds the catalogue and its symbol index now, as a server does before it listens: built by
   * the first request instead, they held every request of the server for 0.6 s (the majors) to
   * 1.4 s (real size, 12,690 products).
   */
  warm(): void;
}

const LATEST_PATH = '/v1/market/kline/latest';
/** The full-market tickers: answered compressed only. */
const FULL_MARKET_PATHS: ReadonlySet<string> = new Set(['/v1/market/ticker/hk-stock', '/v1/market/ticker/us-stock', '/v1/market/ticker/cn-stock']);
const JSON_TYPE = 'application/json; charset=utf-8';

/** The client's address as the Node adapter reports it (absent for in-process requests). */
function clientAddress(c: Context): string | undefined {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress;
}

/**
 * The error body. The latest-K-line endpoint keeps the quirk of §7 rule 1: its 400 and 401
 * bodies carry the HTTP status as `code`, with the shown fixed messages.
 */
type ErrorBody = { code: number } & Record<string, unknown>;

function errorBody(path: string, error: SimError): ErrorBody {
  if (path === LATEST_PATH && error.status === 400) return { code: 400, message: 'Invalid parameters' };
  if (path === LATEST_PATH && error.status === 401) return { code: 401, message: 'Unauthorized' };
  return {
    code: error.code,
    message: error.message,
    ...(error.extra.error !== undefined && { error: error.extra.error }),
    ...(error.extra.data !== undefined && { data: error.extra.data }),
  };
}

export function createSimulator(options: SimulatorOptions = {}): Simulator {
  if (options.universe) chooseCatalogUniverse(options.universe);
  const clock = new SimClock(options.clock);
  const faults = new FaultInjector(options.faults);
  const access = new AccessControl({ ...DEFAULT_LIMITS, ...options.limits });
  const log = new RequestLog(2_000);
  const embeddedKey = { current: EMBEDDED_KEY };
  const realtime = createSimRealtime(clock, options.realtime);
  const app = new Hono();

  app.all('/v1/*', async (c) => {
    const url = new URL(c.req.url);
    const path = url.pathname;
    const key = c.req.header('x-api-key');
    const started = clock.now();
    const record = (status: number, code: number): void => {
      log.add({ at: started, key, path, status, code });
    };
    const answer = (status: number, body: ErrorBody, headers?: Record<string, string>): Response => {
      record(status, body.code);
      return jsonResponse(status, body, headers);
    };
    const endpoint = endpointFor(path);
    if (!endpoint) return answer(404, { code: 2001, message: `Invalid parameter: unknown path ${path}` });
    if (c.req.method !== 'GET') {
      return answer(405, { code: 2001, message: `Invalid parameter: method ${c.req.method} not allowed` }, { Allow: 'GET' });
    }
    try {
      access.admit(key, path, clientAddress(c), started);
      const faulty = faults.applies(path);
      if (faulty) await faults.delay();
      const injected = faulty ? faults.injectedError() : undefined;
      if (injected) throw injected;
      const coding = FULL_MARKET_PATHS.has(path) ? chooseCoding(c.req.header('accept-encoding') ?? null) : undefined;
      if (FULL_MARKET_PATHS.has(path) && !coding) {
        return answer(406, { code: 2001, message: 'Invalid parameter: Accept-Encoding must include gzip, br or zstd' });
      }
      const body = endpoint({ query: queryOf(url), now: clock.now() });
      record(200, 0);
      if (faulty && faults.shouldMalform()) return malformedResponse(body);
      if (!coding) return jsonResponse(200, body);
      const bytes = compress(Buffer.from(JSON.stringify(body)), coding);
      return new Response(new Uint8Array(bytes), {
        status: 200,
        headers: { 'Content-Type': JSON_TYPE, 'Content-Encoding': coding, Vary: 'Accept-Encoding' },
      });
    } catch (error) {
      if (error instanceof SimError) return answer(error.status, errorBody(path, error), error.extra.headers);
      console.error('simulator: unexpected error', error);
      return answer(500, { code: 5000, message: 'Internal server error' });
    }
  });

  mountControl(app, { clock, faults, access, log, embeddedKey, realtime });
  return { app, clock, faults, access, log, embeddedKey, realtime, warm: warmSymbolIndex };
}

/** A body cut short: the first half of valid JSON, as a flaky proxy might deliver it. */
function malformedResponse(body: unknown): Response {
  const text = JSON.stringify(body);
  return new Response(text.slice(0, Math.max(1, Math.floor(text.length / 2))), {
    status: 200,
    headers: { 'Content-Type': JSON_TYPE },
  });
}

function mountControl(app: Hono, sim: Omit<Simulator, 'app' | 'warm'>): void {
  const badRequest = (message: string): Response => jsonResponse(400, { error: message });
  const readJson = async (c: Context): Promise<unknown> => {
    try {
      return await c.req.json();
    } catch {
      throw new Error('body must be JSON');
    }
  };
  app.get('/__sim/clock', () => jsonResponse(200, sim.clock.get()));
  app.post('/__sim/clock', async (c) => {
    try {
      const body = (await readJson(c)) as { now?: unknown; frozen?: unknown };
      const now = typeof body.now === 'string' ? Date.parse(body.now) : typeof body.now === 'number' ? body.now : undefined;
      if (now !== undefined && Number.isNaN(now)) return badRequest('now must be an ISO instant or epoch ms');
      if (body.frozen !== undefined && typeof body.frozen !== 'boolean') return badRequest('frozen must be a boolean');
      return jsonResponse(200, sim.clock.set({ ...(now !== undefined && { now }), ...(typeof body.frozen === 'boolean' && { frozen: body.frozen }) }));
    } catch (error) {
      return badRequest(String(error instanceof Error ? error.message : error));
    }
  });
  app.get('/__sim/faults', () => jsonResponse(200, sim.faults.get()));
  app.post('/__sim/faults', async (c) => {
    try {
      return jsonResponse(200, sim.faults.update(await readJson(c)));
    } catch (error) {
      return badRequest(String(error instanceof Error ? error.message : error));
    }
  });
  app.delete('/__sim/faults', () => jsonResponse(200, sim.faults.reset()));
  app.get('/__sim/limits', () => jsonResponse(200, sim.access.getLimits()));
  app.post('/__sim/limits', async (c) => {
    try {
      const body = (await readJson(c)) as Partial<AccessLimits>;
      const valid = (v: unknown): boolean => v === undefined || (typeof v === 'number' && Number.isInteger(v) && v >= 0);
      if (!valid(body.ratePerMinute) || !valid(body.monthlyQuota)) return badRequest('limits must be non-negative integers');
      sim.access.setLimits(body);
      return jsonResponse(200, sim.access.getLimits());
    } catch (error) {
      return badRequest(String(error instanceof Error ? error.message : error));
    }
  });
  const realtimeState = (): Response => jsonResponse(200, { settings: sim.realtime.settings(), connections: sim.realtime.connections() });
  app.get('/__sim/realtime', realtimeState);
  app.post('/__sim/realtime', async (c) => {
    try {
      sim.realtime.update(await readJson(c));
      return realtimeState();
    } catch (error) {
      return badRequest(String(error instanceof Error ? error.message : error));
    }
  });
  app.post('/__sim/realtime/drop', () => jsonResponse(200, { dropped: sim.realtime.dropAll() }));
  app.get('/__sim/log', (c) => jsonResponse(200, sim.log.entries(c.req.query('path'))));
  app.get('/__sim/key', () => jsonResponse(200, { key: sim.embeddedKey.current }));
  app.post('/__sim/key', async (c) => {
    try {
      const body = (await readJson(c)) as { key?: unknown };
      if (typeof body.key !== 'string' || !Object.hasOwn(DEMO_KEYS, body.key)) return badRequest(`key must be one of ${Object.keys(DEMO_KEYS).join(', ')}`);
      sim.embeddedKey.current = body.key;
      return jsonResponse(200, { key: body.key });
    } catch (error) {
      return badRequest(String(error instanceof Error ? error.message : error));
    }
  });
}
