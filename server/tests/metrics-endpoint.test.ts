/**
 * `/metrics` and the K-line cache through createApp: the simulator mode in process, the upstream
 * mode over real sockets in front of a counting stand-in upstream (the standalone simulator),
 * and who may read `/metrics`.
 */
import type { ServerType } from '@hono/node-server';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { CACHE_FOREVER } from '../cache/cache-control.ts';
import { loadConfig, type Environment } from '../config.ts';
import { parseExposition, sampleValue, type Exposition } from '../metrics/exposition-parser.test-support.ts';
import { createSimulator } from '../sim/app.ts';
import { close, listen, rawRequest, type RawResponse } from '../test-support/raw-http.ts';

const SIM_NOW = '2026-11-25T15:00:00Z';
const NOW = Date.parse(SIM_NOW);
/** A settled window: 1m bars up to an hour ago. */
const SETTLED = `/v1/market/kline?symbol=AAPL.US&interval=1m&limit=50&end_time=${NOW - 3_600_000}`;
/** The first page the dashboard asks for on a 1d chart: end_time just before today (UTC). */
const FIRST_PAGE_1D = `/v1/market/kline?symbol=AAPL.US&interval=1d&limit=300&end_time=${Date.parse('2026-11-25T00:00:00Z') - 1}`;
const REMOTE = { incoming: { socket: { remoteAddress: '203.0.113.7' } } };

function simulatorApp(env: Environment = {}) {
  return createApp(loadConfig({ SIM_NOW, SIM_CLOCK: 'frozen', ...env }, { port: 0 }));
}

async function scrape(fetch: (path: string) => Response | Promise<Response>): Promise<Exposition> {
  const response = await fetch('/metrics');
  expect(response.status).toBe(200);
  return parseExposition(await response.text());
}

function json(answer: RawResponse): { code: number } {
  const bytes = answer.headers['content-encoding'] === 'gzip' ? gunzipSync(answer.body) : answer.body;
  return JSON.parse(bytes.toString()) as { code: number };
}

describe('simulator mode: counters and the K-line cache through createApp', () => {
  it('counts requests by endpoint, status and code, and the embedded simulator as the upstream', async () => {
    const { app } = simulatorApp();
    await app.request('/v1/market/ticker?symbols=AAPL.US');
    await app.request('/v1/market/ticker?symbols=AAPL.US');
    await app.request('/v1/market/ticker?symbols=NOPE.US');
    await app.request('/v1/no/such/path');
    const metrics = await scrape((path) => app.request(path));
    expect(sampleValue(metrics, 'chartroom_http_requests_total', { endpoint: '/v1/market/ticker', status: '200', code: '0' })).toBe(2);
    expect(sampleValue(metrics, 'chartroom_http_requests_total', { endpoint: '/v1/market/ticker', status: '404', code: '2002' })).toBe(1);
    expect(sampleValue(metrics, 'chartroom_http_requests_total', { endpoint: 'other', status: '404', code: '2001' })).toBe(1);
    expect(sampleValue(metrics, 'chartroom_upstream_requests_total', { endpoint: '/v1/market/ticker' })).toBe(3);
    expect(sampleValue(metrics, 'chartroom_upstream_request_duration_seconds_count', { endpoint: '/v1/market/ticker' })).toBe(3);
  });

  it('answers a second identical completed window with no upstream request, and says so', async () => {
    const { app, metrics } = simulatorApp();
    const first = await app.request(SETTLED, { headers: { 'Accept-Encoding': 'gzip' } });
    const second = await app.request(SETTLED, { headers: { 'Accept-Encoding': 'gzip' } });
    expect([first.headers.get('x-chartroom-cache'), second.headers.get('x-chartroom-cache')]).toEqual(['miss', 'hit']);
    expect(second.headers.get('cache-control')).toBe(CACHE_FOREVER);
    expect(second.headers.get('x-chartroom-source')).toBe('simulator');
    // A kept answer must not carry the clock: replayed from a browser cache it would turn the data's clock back.
    expect(second.headers.get('x-chartroom-clock')).toBeNull();
    expect((await app.request('/v1/market/ticker?symbols=AAPL.US')).headers.get('x-chartroom-clock')).toBe(String(NOW));
    expect(gunzipSync(Buffer.from(await second.arrayBuffer())).toString()).toBe(gunzipSync(Buffer.from(await first.arrayBuffer())).toString());
    expect(metrics.upstreamRequests('/v1/market/kline')).toBe(1);
    const exposition = await scrape((path) => app.request(path));
    expect(sampleValue(exposition, 'chartroom_kline_cache_hits_total')).toBe(1);
    expect(sampleValue(exposition, 'chartroom_kline_cache_misses_total')).toBe(1);
    expect(sampleValue(exposition, 'chartroom_kline_cache_entries')).toBe(1);
    expect(sampleValue(exposition, 'chartroom_kline_cache_bytes')).toBeGreaterThan(0);
    expect(sampleValue(exposition, 'chartroom_http_requests_total', { endpoint: '/v1/market/kline', status: '200', code: '0' })).toBe(2);
  });

  it("caches the dashboard's first 1d page (a second browser costs 0 upstream K-line requests)", async () => {
    const { app, metrics } = simulatorApp();
    await app.request(FIRST_PAGE_1D);
    const second = await app.request(FIRST_PAGE_1D);
    expect(second.headers.get('x-chartroom-cache')).toBe('hit');
    expect(metrics.upstreamRequests('/v1/market/kline')).toBe(1);
  });

  it('does not cache windows without end_time or adjusted ones, and sets each endpoint family its Cache-Control', async () => {
    const { app, metrics } = simulatorApp();
    const open = '/v1/market/kline?symbol=AAPL.US&interval=1m&limit=5';
    const adjusted = `${SETTLED}&adjust=forward`;
    for (const path of [open, open, adjusted, adjusted]) expect((await app.request(path)).headers.get('x-chartroom-cache')).toBeNull();
    expect(metrics.upstreamRequests('/v1/market/kline')).toBe(4);
    expect((await app.request(open)).headers.get('cache-control')).toBe('no-store');
    expect((await app.request(adjusted)).headers.get('cache-control')).toBe('private, max-age=60');
    expect((await app.request('/v1/market/ticker?symbols=AAPL.US')).headers.get('cache-control')).toBe('no-store');
    expect((await app.request('/v1/market/kline/latest?symbols=AAPL.US&interval=1m')).headers.get('cache-control')).toBe('no-store');
    expect((await app.request('/v1/market/intervals/kline')).headers.get('cache-control')).toBe('private, max-age=300');
    expect((await app.request('/v1/market/trading-sessions?market=US')).headers.get('cache-control')).toBe('private, max-age=300');
    expect((await app.request('/v1/market/ticker?symbols=NOPE.US')).headers.get('cache-control')).toBe('no-store');
  });

  it.each([
    ['/__sim/clock', { now: '2026-11-26T15:00:00Z', frozen: true }],
    ['/__sim/key', { key: 'demo-enterprise' }],
  ])('forgets every window when %s is posted', async (path, body) => {
    const { app, metrics, klineCache } = simulatorApp();
    await app.request(SETTLED);
    expect((await app.request(SETTLED)).headers.get('x-chartroom-cache')).toBe('hit');
    expect((await app.request(path, { method: 'POST', body: JSON.stringify(body) })).status).toBe(200);
    expect(klineCache.size).toBe(0);
    expect((await app.request(SETTLED)).headers.get('x-chartroom-cache')).toBe('miss');
    expect(metrics.upstreamRequests('/v1/market/kline')).toBe(2);
  });

  it('keeps nothing with KLINE_CACHE_MB=0', async () => {
    const { app, metrics } = simulatorApp({ KLINE_CACHE_MB: '0' });
    await app.request(SETTLED);
    expect((await app.request(SETTLED)).headers.get('x-chartroom-cache')).toBe('miss');
    expect(metrics.upstreamRequests('/v1/market/kline')).toBe(2);
  });
});

describe('upstream mode over sockets, against a counting upstream', () => {
  const seen: string[] = [];
  let upstream: { server: ServerType; port: number };
  let chartroom: { server: ServerType; port: number };
  let app: ReturnType<typeof createApp>;

  beforeAll(async () => {
    const sim = createSimulator({ clock: { now: NOW, frozen: true } });
    upstream = await listen((request, env) => {
      seen.push(new URL(request.url).pathname + new URL(request.url).search);
      return sim.app.fetch(request, env);
    });
    // The wall clock is the data clock upstream: windows of the frozen simulator's past are settled.
    app = createApp(loadConfig({ MARKET_API_KEY: 'demo-enterprise', MARKET_API_BASE_URL: `http://127.0.0.1:${upstream.port}` }, { port: 0 }));
    chartroom = await listen(app.app.fetch);
  });
  afterAll(async () => {
    await close(chartroom.server);
    await close(upstream.server);
  });

  const upstreamCount = (path: string): number => seen.filter((target) => target.split('?')[0] === path).length;

  it('counts exactly the requests that reached the upstream, not the refused ones', async () => {
    const before = seen.length;
    await rawRequest(chartroom.port, '/v1/market/ticker?symbols=AAPL.US');
    await rawRequest(chartroom.port, '/v1/market/ticker?symbols=NOPE.US');
    await rawRequest(chartroom.port, '/v1/market/ticker?symbols=AAPL.US', { 'Content-Length': '0' }, 'POST'); // 405, never forwarded
    await rawRequest(chartroom.port, '/v1/market/%2e%2e/ticker'); // refused by the guards
    await rawRequest(chartroom.port, '/v1/nothing/here'); // 404 by the forwarder
    expect(seen.length - before).toBe(2);
    const exposition = parseExposition((await rawRequest(chartroom.port, '/metrics')).body.toString());
    expect(sampleValue(exposition, 'chartroom_upstream_requests_total', { endpoint: '/v1/market/ticker' })).toBe(upstreamCount('/v1/market/ticker'));
    expect(sampleValue(exposition, 'chartroom_upstream_request_duration_seconds_count', { endpoint: '/v1/market/ticker' })).toBe(
      upstreamCount('/v1/market/ticker'),
    );
    expect(sampleValue(exposition, 'chartroom_http_requests_total', { endpoint: '/v1/market/ticker', status: '200', code: '0' })).toBe(1);
    expect(sampleValue(exposition, 'chartroom_http_requests_total', { endpoint: '/v1/market/ticker', status: '404', code: '2002' })).toBe(1);
    expect(sampleValue(exposition, 'chartroom_http_requests_total', { endpoint: '/v1/market/ticker', status: '405', code: '2001' })).toBe(1);
    expect(sampleValue(exposition, 'chartroom_http_requests_total', { endpoint: 'other', status: '404', code: '2001' })).toBe(1);
    expect(sampleValue(exposition, 'chartroom_http_requests_total', { endpoint: '/v1/market/%2e%2e/ticker', status: '404', code: '2001' })).toBeUndefined();
  });

  it('serves a repeated window from the cache, keyed without the API key the browser sent', async () => {
    const target = `${SETTLED}&api_key=browser-secret-77`;
    const klineBefore = upstreamCount('/v1/market/kline');
    const miss = await rawRequest(chartroom.port, target, { 'Accept-Encoding': 'gzip, deflate, br' });
    const hit = await rawRequest(chartroom.port, target, { 'Accept-Encoding': 'gzip, deflate, br' });
    const plain = await rawRequest(chartroom.port, SETTLED);
    expect([miss.headers['x-chartroom-cache'], hit.headers['x-chartroom-cache'], plain.headers['x-chartroom-cache']]).toEqual(['miss', 'hit', 'hit']);
    expect(upstreamCount('/v1/market/kline') - klineBefore).toBe(1);
    expect(json(hit)).toEqual(json(miss));
    expect(json(plain)).toEqual(json(miss));
    expect(hit.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(hit.headers.vary).toBe('Accept-Encoding');
    expect(hit.headers['cache-control']).toBe(CACHE_FOREVER);
    expect(hit.headers['x-chartroom-source']).toBe('upstream');
    expect(app.klineCache.keys().join('\n')).not.toMatch(/secret|api_key/);
    expect(seen.join('\n')).not.toContain('browser-secret-77');
    expect(app.metrics.upstreamRequests('/v1/market/kline')).toBe(upstreamCount('/v1/market/kline'));
  });

  it('sends 20 concurrent identical misses upstream once', async () => {
    const target = SETTLED.replace('limit=50', 'limit=60');
    const before = upstreamCount('/v1/market/kline');
    const answers = await Promise.all(Array.from({ length: 20 }, () => rawRequest(chartroom.port, target, { 'Accept-Encoding': 'gzip' })));
    expect(upstreamCount('/v1/market/kline') - before).toBe(1);
    expect(new Set(answers.map((answer) => JSON.stringify(json(answer)))).size).toBe(1);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
  });
});

describe('who may read /metrics', () => {
  it('answers in-process and loopback clients, in the exposition content type, without rate limit', async () => {
    const { app } = simulatorApp({ CLIENT_RATE_LIMIT: '2' });
    const local = await app.request('/metrics');
    expect(local.status).toBe(200);
    expect(local.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const served = await listen(app.fetch);
    try {
      const answers = await Promise.all(Array.from({ length: 5 }, () => rawRequest(served.port, '/metrics')));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    } finally {
      await close(served.server);
    }
  });

  it('answers others as an unknown path unless they bring METRICS_TOKEN', async () => {
    const unknown = await simulatorApp().app.request('/no-such-page', {}, REMOTE);
    const closed = simulatorApp();
    const refused = await closed.app.request('/metrics', {}, REMOTE);
    expect(refused.status).toBe(404);
    expect(await refused.text()).toBe(await unknown.text());
    const withToken = simulatorApp({ METRICS_TOKEN: 'scrape-token-1' }).app;
    expect((await withToken.request('/metrics', {}, REMOTE)).status).toBe(404);
    expect((await withToken.request('/metrics', { headers: { Authorization: 'Bearer wrong-token' } }, REMOTE)).status).toBe(404);
    expect((await withToken.request('/metrics', { headers: { Authorization: 'Basic scrape-token-1' } }, REMOTE)).status).toBe(404);
    expect((await withToken.request('/metrics', { headers: { Authorization: 'Bearer scrape-token-1' } }, REMOTE)).status).toBe(200);
    // A token is no use when none is configured.
    expect((await closed.app.request('/metrics', { headers: { Authorization: 'Bearer ' } }, REMOTE)).status).toBe(404);
  });

  it('judges the forwarded client behind a trusted proxy on the same host', async () => {
    const { app } = simulatorApp({ TRUST_PROXY: '1' });
    const served = await listen(app.fetch);
    try {
      expect((await rawRequest(served.port, '/metrics', { 'X-Forwarded-For': '198.51.100.4' })).status).toBe(404);
      expect((await rawRequest(served.port, '/metrics', { 'X-Forwarded-For': '127.0.0.1' })).status).toBe(200);
    } finally {
      await close(served.server);
    }
  });

  it('stays behind the Host allowlist of the production server', async () => {
    const { app } = createApp(loadConfig({ SIM_NOW }, { port: 0 }), () => undefined, { production: true });
    expect((await app.request('http://evil.example/metrics')).status).toBe(403);
    expect((await app.request('http://localhost/metrics')).status).toBe(200);
  });
});
