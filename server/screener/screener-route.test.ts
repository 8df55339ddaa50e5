/**
 * `POST /chartroom/screener` over HTTP, the whole request handler in simulator mode on a loopback
 * port: a bad screen is 400 with each problem, a cold universe answers 'warming' with its
 * progress, a warm one 'ready' with the oracle's rows, the catalogue's names and the sparks (in
 * the answer, or asked for the rows in view), and /metrics reports the warm-up. The universe is China's futures: small enough to warm in a test.
 */
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presetScreen, SCREEN_PRESETS } from '#shared/screener/screen-presets.ts';
import { SCREENER_PATH, SPARKS_PATH, type ScreenAnswer, type ScreenRequest } from '#shared/screener/screener-protocol.ts';
import { createApp, type ChartroomApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { close, listen } from '../test-support/raw-http.ts';
import { screenerRoute, sparksRoute } from './screener-route.ts';
import type { ScreenerService } from './screener-service.ts';
import { oracle, rawUniverse } from './screener.test-support.ts';

const SIM = { SIM_NOW: '2026-11-25T03:00:00Z', SIM_CLOCK: 'frozen' };
const UNIVERSE = { market: 'CN', type: 'futures' } as const;

let chartroom: ChartroomApp;
let server: Awaited<ReturnType<typeof listen>>['server'];
let base: string;

beforeAll(async () => {
  chartroom = createApp(loadConfig({ ...SIM, CLIENT_RATE_LIMIT: '40' }, { port: 0 }));
  const listening = await listen(chartroom.app.fetch);
  server = listening.server;
  base = `http://127.0.0.1:${String(listening.port)}`;
});

afterAll(async () => {
  chartroom.screener.stop();
  await close(server);
});

async function post(body: unknown, path = SCREENER_PATH): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(base + path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe('POST /chartroom/screener', { timeout: 90_000 }, () => {
  it('refuses a screen that is not one: 400 2001 with every problem', async () => {
    const screen = presetScreen('oversold-rsi', UNIVERSE);
    const bad = {
      ...screen,
      universe: { market: 'US', type: 'futures' },
      where: { kind: 'group', join: 'and', conditions: [{ kind: 'rsi', period: 0, op: 'below', value: 30 }] },
    };
    const answer = await post({ screen: bad, spark: 500 });
    expect(answer.status).toBe(400);
    expect(answer.json.code).toBe(2001);
    const problems = answer.json.data as string[];
    expect(problems.some((line) => line.startsWith('screen.universe: futures trades in CN'))).toBe(true);
    expect(problems.some((line) => line.startsWith('screen.where.conditions.0.period:'))).toBe(true);
    expect(problems).toContain('spark: expected a whole number from 0 to 60');
    for (const line of problems) expect(answer.json.message).toContain(line);
    expect((await post({ spark: 3 })).json.data).toEqual(['screen: required']);
    const notJson = await fetch(base + SCREENER_PATH, { method: 'POST', body: '{' });
    expect(notJson.status).toBe(400);
  });

  it('refuses a request for sparklines that is not one: 400 2001 with every problem', async () => {
    const answer = await post(
      { universe: { market: 'US', type: 'futures' }, symbols: Array.from({ length: 201 }, (_, i) => `S${String(i)}`), count: 0 },
      SPARKS_PATH,
    );
    expect(answer.status).toBe(400);
    expect(answer.json.code).toBe(2001);
    expect(answer.json.data).toEqual([
      'universe: futures trades in CN, not US',
      'symbols: at most 200 symbols, got 201',
      'count: expected a whole number from 1 to 60, got 0',
    ]);
    expect((await post({ universe: UNIVERSE, symbols: [''], count: 5 }, SPARKS_PATH)).json.data).toEqual([
      'symbols.0: expected a symbol of 1 to 32 characters',
    ]);
  });

  it('answers "warming" with the progress while the universe is cold, then "ready" with the oracle’s rows, names and sparks', async () => {
    const request: ScreenRequest = { screen: presetScreen('top-gainers', UNIVERSE), spark: 5 };
    const cold = await post(request);
    expect(cold.status).toBe(200);
    expect(cold.json.state).toBe('warming');
    expect((cold.json.warmUp as ScreenAnswer['warmUp']).ready).toBe(0);
    const universe = chartroom.screener.universe(UNIVERSE);
    await universe.whenWarm();
    const warm = (await post(request)).json as unknown as ScreenAnswer;
    expect(warm.state).toBe('ready');
    expect(warm.warmUp.ready).toBe(warm.warmUp.total);
    expect(warm.warmUp.total).toBeGreaterThanOrEqual(20);
    expect(warm.warmUp.requests).toBeGreaterThan(warm.warmUp.total);
    expect(warm.tookMs).toBeGreaterThanOrEqual(0);
    expect(warm.rows.length).toBeGreaterThan(0);
    expect(warm.names).toHaveLength(warm.rows.length);
    expect(warm.names.every((name) => name !== null && (name.hans ?? name.en) !== undefined)).toBe(true);
    expect(warm.names[warm.rows.findIndex((row) => row.symbol.startsWith('AU'))] ?? { hans: '沪金' }).toMatchObject({
      hans: expect.stringMatching(/^沪金/) as unknown,
    });
    expect(warm.sparks?.map((closes) => closes.length)).toEqual(warm.rows.map(() => 5));
    warm.rows.forEach((row, i) => {
      expect(warm.sparks?.[i]?.at(-1)).toBe(row.values[0]);
    });
    // The rows in view ask for their lines alone: the same closes, none for a symbol not kept.
    const inView = [...warm.rows.slice(0, 3).map((row) => row.symbol), 'NOPE9999'];
    const sparks = await post({ universe: UNIVERSE, symbols: inView, count: 5 }, SPARKS_PATH);
    expect(sparks.status).toBe(200);
    expect(sparks.json).toEqual({ closes: [...warm.rows.slice(0, 3).map((_row, i) => warm.sparks?.[i]), []] });
    // A universe no screen warmed answers no closes (and is not warmed for this).
    const unscreened = await post({ universe: { market: 'HK', type: 'stock' }, symbols: ['700.HK'], count: 5 }, SPARKS_PATH);
    expect(unscreened.json).toEqual({ closes: [[]] });
    expect(chartroom.screener.stats().map((stat) => stat.universe)).not.toContain('HK stock');

    const symbols = [...universe.symbols()].map((symbol) => symbol.symbol);
    const simulator = chartroom.simulator;
    if (!simulator) throw new Error('simulator mode');
    const raw = await rawUniverse(simulator, symbols, 'futures');
    for (const preset of SCREEN_PRESETS) {
      const answer = (await post({ screen: presetScreen(preset, UNIVERSE) })).json as unknown as ScreenAnswer;
      const expected = oracle(presetScreen(preset, UNIVERSE), raw);
      expect({ keys: answer.keys, rows: answer.rows, matched: answer.matched }, preset).toEqual({
        keys: expected.keys,
        rows: expected.rows,
        matched: expected.matched,
      });
      expect(answer.sparks).toBeUndefined();
    }

    const metrics = await (await fetch(`${base}/metrics`)).text();
    expect(metrics).toContain(`chartroom_screener_symbols_ready{universe="CN futures"} ${String(warm.warmUp.total)}`);
    expect(metrics).toContain(`chartroom_screener_warmup_requests_total{universe="CN futures"} ${String(warm.warmUp.requests)}`);
    expect(metrics).toMatch(/chartroom_screener_evaluation_seconds_count \d+/);
  });

  it('counts against the client’s rate limit as /v1 does', async () => {
    let status = 200;
    for (let i = 0; i < 45 && status !== 429; i++) status = (await post({ screen: presetScreen('top-gainers', UNIVERSE) })).status;
    expect(status).toBe(429);
  });
});

describe('a warm-up on the embedded simulator', { timeout: 90_000 }, () => {
  it('leaves the server answering other requests while it runs', async () => {
    const fresh = createApp(loadConfig({ ...SIM, CLIENT_RATE_LIMIT: '0' }, { port: 0 }));
    const listening = await listen(fresh.app.fetch);
    const url = `http://127.0.0.1:${String(listening.port)}`;
    try {
      await fresh.catalog.document();
      const cold = await fetch(url + SCREENER_PATH, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ screen: presetScreen('top-gainers', UNIVERSE) }),
      });
      expect(((await cold.json()) as ScreenAnswer).state).toBe('warming');
      const universe = fresh.screener.universe(UNIVERSE);
      // Its simulator requests are computed on this thread: a request of a browser made now must
      // be answered while they go on, not once the last of them is done.
      let warm = false;
      const warmed = universe.whenWarm().then(() => (warm = true));
      const health = await fetch(`${url}/healthz`);
      expect(health.status).toBe(200);
      expect(warm).toBe(false);
      expect(universe.progress().ready).toBeLessThan(universe.progress().total);
      await warmed;
    } finally {
      fresh.screener.stop();
      await close(listening.server);
    }
  });
});

describe('who may screen', () => {
  it('refuses anyone the access guard does not know: 401 1001, and the screen is never evaluated', async () => {
    let evaluated = 0;
    const service = {
      screen: () => {
        evaluated += 1;
        return Promise.reject(new Error('not reached'));
      },
    } as unknown as ScreenerService;
    const app = new Hono();
    app.post(SCREENER_PATH, screenerRoute(service, { userOf: () => undefined }));
    const response = await app.request(SCREENER_PATH, { method: 'POST', body: JSON.stringify({ screen: presetScreen('top-gainers', UNIVERSE) }) });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { code: number }).code).toBe(1001);
    expect(evaluated).toBe(0);
  });

  it('hands the service the request for sparklines as the schema reads it, keys it does not know left out', async () => {
    const asked: unknown[] = [];
    const service = {
      sparks: (request: unknown) => {
        asked.push(request);
        return Promise.resolve({ closes: [[1, 2]] });
      },
    } as unknown as ScreenerService;
    const app = new Hono();
    app.post(SPARKS_PATH, sparksRoute(service, { userOf: () => 'someone' }));
    const body = { universe: UNIVERSE, symbols: ['AAPL.US'], count: 2, debug: true, universeExtra: { a: 1 } };
    const response = await app.request(SPARKS_PATH, { method: 'POST', body: JSON.stringify(body) });
    expect(response.status).toBe(200);
    expect(asked).toEqual([{ universe: UNIVERSE, symbols: ['AAPL.US'], count: 2 }]);
  });
});
