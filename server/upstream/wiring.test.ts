/**
 * The forwarder behind Hono and @hono/node-server, over real sockets, wired the way the app
 * should wire it: the raw request target comes from `c.env.incoming.url`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { once } from 'node:events';
import { gzipSync } from 'node:zlib';
import { serve, type HttpBindings, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createForwarder } from './forwarder.ts';
import { rawRequest as sendRaw, type RawResponse } from '../test-support/raw-http.ts';

const KEY = 'wiring-key-abcdef';
const HK_BODY = gzipSync(JSON.stringify({ code: 0, message: 'success', data: [{ symbol: '00700.HK' }] }));

let hits: string[] = [];
const upstream = http.createServer((req, res) => {
  hits.push(req.url ?? '');
  if (req.headers['x-api-key'] !== KEY) {
    res.writeHead(401, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ code: 1002, message: 'Token is required' }));
    return;
  }
  res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip', 'Set-Cookie': 'a=b' });
  res.end(HK_BODY);
});
let server: ServerType | undefined;
let port = 0;

/** A GET whose target is sent exactly as written (node:http does not normalise paths). */
function rawRequest(target: string, headers: http.OutgoingHttpHeaders = {}, method = 'GET'): Promise<RawResponse> {
  return sendRaw(port, target, headers, method);
}

beforeAll(async () => {
  upstream.listen(0, '127.0.0.1');
  await once(upstream, 'listening');
  const forward = createForwarder({
    baseUrl: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
    apiKey: KEY,
  });
  const app = new Hono<{ Bindings: HttpBindings }>();
  app.all('/v1/*', (c) => forward(c.req.raw, c.env.incoming.url));
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
      port = info.port;
      resolve();
    });
  });
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
});

beforeEach(() => {
  hits = [];
});

describe('forwarder behind @hono/node-server', () => {
  it('delivers the HK full-market ticker compressed, byte for byte, with the key added upstream', async () => {
    const response = await rawRequest('/v1/market/ticker/hk-stock?api_key=mine', {
      'Accept-Encoding': 'gzip, deflate, br',
      'X-API-Key': 'browser',
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-length']).toBe(String(HK_BODY.byteLength));
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.body.equals(HK_BODY)).toBe(true);
    expect(hits).toEqual(['/v1/market/ticker/hk-stock']);
  });

  it.each([
    '/v1/market/../market/kline',
    '/v1/market/%2e%2e/market/kline',
    '/v1/market/%2e%2e/kline',
    '/v1/market//kline',
    '/v1/market/kline/',
    '/v1/market/./kline',
  ])('refuses the raw target %j without contacting upstream', async (target) => {
    const response = await rawRequest(target);
    expect(response.status).toBe(404);
    expect(JSON.parse(response.body.toString())).toMatchObject({ code: 2001 });
    expect(hits).toHaveLength(0);
  });

  it('never forwards a target that normalises out of /v1 (Hono routes on the normalised URL)', async () => {
    const response = await rawRequest('/v1/../x');
    expect(response.status).toBe(404);
    expect(hits).toHaveLength(0);
  });

  it('never forwards a backslash path (node-server itself refuses it)', async () => {
    const response = await rawRequest('/v1/market\\kline');
    expect([400, 404]).toContain(response.status);
    expect(hits).toHaveLength(0);
  });

  it('answers 405 to a POST and 400 to an encoded CR/LF', async () => {
    const post = await rawRequest('/v1/market/ticker?symbols=AAPL.US', { 'Content-Length': '0' }, 'POST');
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET');
    const crlf = await rawRequest('/v1/market/ticker?symbols=A%0D%0ASet-Cookie:%20x');
    expect(crlf.status).toBe(400);
    expect(hits).toHaveLength(0);
  });
});
