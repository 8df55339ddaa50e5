/**
 * The server in both modes: the embedded simulator in process, and the forwarder over real
 * sockets in front of the standalone simulator (what `npm run sim` runs) as its upstream.
 */
import type { ServerType } from '@hono/node-server';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOCK_HEADER, SOURCE_HEADER } from '#shared/protocol.ts';
import { createApp } from '../app.ts';
import { loadConfig, type ServerConfig } from '../config.ts';
import { createSimulator, type Simulator } from '../sim/app.ts';
import { close, listen, rawRequest as rawGet, type RawResponse as RawAnswer } from '../test-support/raw-http.ts';

function json(answer: RawAnswer): { code: number; message?: string } {
  const bytes = answer.headers['content-encoding'] === 'gzip' ? gunzipSync(answer.body) : answer.body;
  return JSON.parse(bytes.toString()) as { code: number; message?: string };
}

function upstreamConfig(port: number, key: string, extra: Record<string, string> = {}): ServerConfig {
  return loadConfig({ MARKET_API_KEY: key, MARKET_API_BASE_URL: `http://127.0.0.1:${port}`, ...extra }, { port: 0 });
}

describe('simulator mode (no key configured)', () => {
  const { app, simulator } = createApp(loadConfig({ SIM_NOW: '2026-11-25T15:00:00Z', SIM_CLOCK: 'frozen' }, { port: 0 }));

  it('answers /v1 from the embedded simulator as the Enterprise plan, whatever key the browser sends', async () => {
    const response = await app.request('/v1/market/ticker/hk-stock', { headers: { 'X-API-Key': 'demo-free', 'Accept-Encoding': 'gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get(SOURCE_HEADER)).toBe('simulator');
    expect(response.headers.get(CLOCK_HEADER)).toBe(String(Date.parse('2026-11-25T15:00:00Z')));
    expect(simulator?.clock.now()).toBe(Date.parse('2026-11-25T15:00:00Z'));
  });

  it('switches the plan it answers with through the control path', async () => {
    const post = (key: string) => app.request('/__sim/key', { method: 'POST', body: JSON.stringify({ key }) });
    expect((await post('demo-pro')).status).toBe(200);
    const refused = await app.request('/v1/market/ticker/hk-stock', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(refused.status).toBe(403);
    expect((await post('not-a-key')).status).toBe(400);
    expect((await post('demo-enterprise')).status).toBe(200);
  });

  it('exposes the control path and a health check', async () => {
    expect((await app.request('/__sim/faults')).status).toBe(200);
    expect(await (await app.request('/healthz')).json()).toEqual({ status: 'ok', mode: 'simulator', uptimeSeconds: expect.any(Number) as number });
  });
});

describe('upstream mode over real sockets, in front of the standalone simulator', () => {
  let sim: Simulator;
  let upstream: { server: ServerType; port: number };
  const servers: ServerType[] = [];
  const logLines: string[] = [];

  async function chartroom(key: string, extra: Record<string, string> = {}): Promise<number> {
    const { app } = createApp(upstreamConfig(upstream.port, key, extra), (line) => logLines.push(line));
    const started = await listen(app.fetch);
    servers.push(started.server);
    return started.port;
  }

  beforeAll(async () => {
    sim = createSimulator({ clock: { now: Date.parse('2026-11-25T15:00:00Z'), frozen: true } });
    upstream = await listen(sim.app.fetch);
  });
  afterAll(async () => {
    await Promise.all([...servers, upstream.server].map(close));
  });

  it('sends the server key upstream and never the browser key', async () => {
    const port = await chartroom('demo-pro');
    const answer = await rawGet(port, '/v1/market/ticker?symbols=AAPL.US&api_key=demo-enterprise', { 'X-API-Key': 'demo-enterprise', Cookie: 'session=1' });
    expect(answer.status).toBe(200);
    expect(answer.headers[SOURCE_HEADER.toLowerCase()]).toBe('upstream');
    const seen = sim.log.entries('/v1/market/ticker');
    expect(seen[seen.length - 1]?.key).toBe('demo-pro');
    // The Professional plan lacks the HK full market: the browser's enterprise key did not sneak through.
    const hk = await rawGet(port, '/v1/market/ticker/hk-stock', { 'X-API-Key': 'demo-enterprise', 'Accept-Encoding': 'gzip' });
    expect([hk.status, json(hk).code]).toEqual([403, 1004]);
  });

  it('refuses other methods (405) and paths (404) without reaching upstream', async () => {
    const port = await chartroom('demo-pro');
    const before = sim.log.entries().length;
    const post = await rawGet(port, '/v1/market/ticker?symbols=AAPL.US', {}, 'POST');
    expect(post.status).toBe(405);
    expect(json(post).code).toBe(2001);
    const unknown = await rawGet(port, '/v1/market/depthx');
    expect(unknown.status).toBe(404);
    expect(json(unknown).code).toBe(2001);
    const traversal = await rawGet(port, '/v1/market/%2e%2e/kline?symbol=AAPL.US&interval=1m');
    expect([traversal.status, json(traversal).code]).toEqual([400, 2001]);
    expect(sim.log.entries().length).toBe(before);
    expect((await rawGet(port, '/__sim/faults')).status).toBe(404);
  });

  it('passes the HK full market through compressed, and answers 406 without compression', async () => {
    const port = await chartroom('demo-hk');
    const gz = await rawGet(port, '/v1/market/ticker/hk-stock', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(gz.status).toBe(200);
    expect(['gzip', 'br']).toContain(gz.headers['content-encoding']);
    expect(Number(gz.headers['content-length'])).toBe(gz.body.length);
    const none = await rawGet(port, '/v1/market/ticker/hk-stock', { 'Accept-Encoding': 'identity' });
    expect(none.status).toBe(406);
  });

  it('passes Retry-After through on 3001', async () => {
    const port = await chartroom('demo-starter');
    sim.access.setLimits({ ratePerMinute: 1 });
    try {
      // Two different requests: an identical second one would be answered from the first (shared HTTP).
      await rawGet(port, '/v1/symbols/available?limit=1');
      const limited = await rawGet(port, '/v1/symbols/available?limit=2');
      expect([limited.status, json(limited).code]).toEqual([429, 3001]);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      sim.access.setLimits({ ratePerMinute: 6_000 });
    }
  });

  it('answers 504 / 5002 when the upstream is too slow', async () => {
    const port = await chartroom('demo-pro', { MARKET_API_TIMEOUT_MS: '200' });
    sim.faults.update({ latencyMs: 1_000 });
    try {
      const slow = await rawGet(port, '/v1/market/intervals/kline');
      expect([slow.status, json(slow).code]).toEqual([504, 5002]);
    } finally {
      sim.faults.reset();
    }
  });

  it('answers 502 / 5001 when the upstream is unreachable', async () => {
    const dead = await listen(() => new Response('never'));
    await close(dead.server);
    const { app } = createApp(upstreamConfig(dead.port, 'demo-pro'));
    const started = await listen(app.fetch);
    servers.push(started.server);
    const answer = await rawGet(started.port, '/v1/market/intervals/kline');
    expect([answer.status, json(answer).code]).toEqual([502, 5001]);
  });

  it('aborts the upstream request when the browser goes away, and logs 499', async () => {
    let upstreamClosed = false;
    const held = http.createServer((request) => {
      request.socket.on('close', () => (upstreamClosed = true));
    });
    await new Promise<void>((resolve) => held.listen(0, '127.0.0.1', resolve));
    try {
      const { app } = createApp(upstreamConfig((held.address() as AddressInfo).port, 'demo-pro'), (line) => logLines.push(line));
      const started = await listen(app.fetch);
      servers.push(started.server);
      const reached = new Promise((resolve) => held.once('request', resolve));
      const browser = http.request({ host: '127.0.0.1', port: started.port, path: '/v1/market/depth?symbol=AAPL.US', agent: false });
      browser.on('error', () => undefined);
      browser.end();
      await reached;
      browser.destroy();
      await expect.poll(() => upstreamClosed).toBe(true);
      await expect.poll(() => logLines.some((line) => /^GET \/v1\/market\/depth 499 /.test(line))).toBe(true);
    } finally {
      held.closeAllConnections();
      await new Promise((resolve) => held.close(resolve));
    }
  });

  it('never writes the key into a log line', () => {
    expect(logLines.length).toBeGreaterThan(0);
    for (const line of logLines) {
      for (const key of ['demo-pro', 'demo-hk', 'demo-starter']) expect(line).not.toContain(key);
    }
  });
});
