/**
 * `GET /chartroom/catalog` through the whole request handler in simulator mode: encodings, ETag
 * and 304, and the same guards as `/v1` (security headers, Host allowlist, per-client rate limit).
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CATALOG_PATH, type CatalogIndex } from '#shared/catalog.ts';
import { createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createSimulator } from '../sim/app.ts';
import { close, listen } from '../test-support/raw-http.ts';

const SIM = { SIM_NOW: '2026-11-25T15:00:00Z', SIM_CLOCK: 'frozen' };

function decoded(bytes: Buffer, coding: string | null): CatalogIndex {
  const plain = coding === 'br' ? brotliDecompressSync(bytes) : coding === 'gzip' ? gunzipSync(bytes) : bytes;
  return JSON.parse(plain.toString('utf8')) as CatalogIndex;
}

async function get(app: ReturnType<typeof createApp>['app'], headers: Record<string, string> = {}) {
  const response = await app.request(CATALOG_PATH, { headers });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe('GET /chartroom/catalog', () => {
  const { app, metrics } = createApp(loadConfig(SIM, { port: 0 }));

  it('sends the index in the coding the browser prefers among brotli and gzip, the same document in each', async () => {
    const br = await get(app, { 'Accept-Encoding': 'gzip, deflate, br' });
    const gz = await get(app, { 'Accept-Encoding': 'gzip' });
    const plain = await get(app);
    expect([br, gz, plain].map(({ response }) => response.headers.get('content-encoding'))).toEqual(['br', 'gzip', null]);
    for (const { response } of [br, gz, plain]) {
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(response.headers.get('vary')).toBe('Accept-Encoding');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
    const index = decoded(plain.bytes, null);
    expect(index.entries).toHaveLength(2815);
    expect(decoded(br.bytes, 'br')).toEqual(index);
    expect(decoded(gz.bytes, 'gzip')).toEqual(index);
    expect(Number(br.response.headers.get('content-length'))).toBe(br.bytes.length);
    expect(br.bytes.length).toBeLessThan(gz.bytes.length);
    expect(gz.bytes.length).toBeLessThan(plain.bytes.length / 3);
  });

  it('gives each representation its own strong ETag and answers 304 to a browser holding any of them', async () => {
    const br = (await get(app, { 'Accept-Encoding': 'br' })).response.headers.get('etag') ?? '';
    const plain = (await get(app)).response.headers.get('etag') ?? '';
    expect(br).toMatch(/^"[\w-]+"$/);
    expect(plain).toMatch(/^"[\w-]+"$/);
    expect(br).not.toBe(plain);
    for (const ifNoneMatch of [br, plain, `W/${br}`, `"other", ${plain}`, '*']) {
      const { response, bytes } = await get(app, { 'Accept-Encoding': 'br', 'If-None-Match': ifNoneMatch });
      expect(response.status).toBe(304);
      expect(bytes.length).toBe(0);
      expect(response.headers.get('etag')).toBe(br);
    }
    expect((await get(app, { 'If-None-Match': '"an-older-index"' })).response.status).toBe(200);
  });

  it('asks the simulator nine requests for the build, none for later answers', async () => {
    const fresh = createApp(loadConfig(SIM, { port: 0 }));
    await Promise.all([get(fresh.app), get(fresh.app, { 'Accept-Encoding': 'br' })]);
    await get(fresh.app);
    expect(fresh.metrics.upstreamRequests('/v1/symbols/available')).toBe(3);
    expect(fresh.metrics.upstreamRequests('/v1/market/stock-info')).toBe(6);
    expect(await metrics.render()).toContain('chartroom_http_requests_total');
  });

  it('answers 503 with Retry-After while no index could be built', async () => {
    const broken = createApp(loadConfig(SIM, { port: 0 }));
    await broken.app.request('/__sim/key', { method: 'POST', body: JSON.stringify({ key: 'demo-expired' }) });
    const { response, bytes } = await get(broken.app);
    expect(response.status).toBe(503);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(JSON.parse(bytes.toString())).toMatchObject({ code: 5001 });
  });
});

describe('the catalogue behind the guards of /v1', () => {
  it('counts against the per-client rate limit', async () => {
    const { app } = createApp(loadConfig({ ...SIM, CLIENT_RATE_LIMIT: '2' }, { port: 0 }));
    expect((await get(app)).response.status).toBe(200);
    expect((await app.request('/v1/market/intervals/kline')).status).toBe(200);
    const refused = await get(app);
    expect(refused.response.status).toBe(429);
    expect(refused.response.headers.get('retry-after')).not.toBeNull();
  });

  it('is refused to a Host the production server does not answer for', async () => {
    const { app } = createApp(loadConfig(SIM, { port: 0 }), undefined, { production: true });
    expect((await get(app, { Host: 'evil.example' })).response.status).toBe(403);
    const allowed = await get(app, { Host: 'localhost' });
    expect(allowed.response.status).toBe(200);
    expect(allowed.response.headers.get('content-security-policy')).toContain("default-src 'self'");
  });
});

describe('upstream mode', () => {
  it('builds the index through the forwarder, with the server’s key', async () => {
    const sim = createSimulator();
    const upstream = await listen(sim.app.fetch);
    try {
      const { app } = createApp(loadConfig({ MARKET_API_KEY: 'demo-us', MARKET_API_BASE_URL: `http://127.0.0.1:${String(upstream.port)}` }, { port: 0 }));
      const { response, bytes } = await get(app, { 'X-API-Key': 'browser-key' });
      expect(response.status).toBe(200);
      expect(decoded(bytes, null).entries.find(([symbol]) => symbol === '700.HK')?.[4]).toBe('TENCENT');
      const asked = sim.log.entries().filter((entry) => entry.path.startsWith('/v1/'));
      expect(asked).toHaveLength(9);
      expect(new Set(asked.map((entry) => entry.key))).toEqual(new Set(['demo-us']));
    } finally {
      await close(upstream.server);
    }
  });
});
