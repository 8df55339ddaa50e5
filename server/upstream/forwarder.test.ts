import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { once } from 'node:events';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createForwarder, type ForwarderOptions } from './forwarder.ts';

const KEY = 'srv-key-0123456789abcdef';
const OK_BODY = JSON.stringify({ code: 0, message: 'success', data: [{ symbol: 'AAPL.US', last_price: '190.1' }] });

interface Recorded {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
}
type Route = (req: http.IncomingMessage, res: http.ServerResponse) => void;

const sendJson =
  (status: number, body: string, headers: http.OutgoingHttpHeaders = {}): Route =>
  (_req, res) => {
    res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
    res.end(body);
  };

let recorded: Recorded[] = [];
let route: Route = sendJson(200, OK_BODY);
const upstream = http.createServer((req, res) => {
  recorded.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
  route(req, res);
});
let baseUrl = '';
let closedPort = 0;

beforeAll(async () => {
  upstream.listen(0, '127.0.0.1');
  await once(upstream, 'listening');
  baseUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  const probe = http.createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
});

afterAll(async () => {
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
});

beforeEach(() => {
  recorded = [];
  route = sendJson(200, OK_BODY);
});

function forwarder(options: Partial<ForwarderOptions> = {}) {
  return createForwarder({ baseUrl, apiKey: KEY, ...options });
}

function get(target: string, headers: HeadersInit = {}, init: RequestInit = {}): Request {
  return new Request(`http://127.0.0.1${target}`, { headers, ...init });
}

async function bytes(response: Response): Promise<Buffer> {
  return Buffer.from(await response.arrayBuffer());
}

async function expectEnvelope(response: Response, status: number, code: number): Promise<string> {
  const body = await bytes(response);
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(response.headers.get('content-length')).toBe(String(body.byteLength));
  const parsed = JSON.parse(body.toString()) as { code: number; message: string };
  expect(parsed.code).toBe(code);
  return parsed.message;
}

function expectNoKey(response: Response, body: Buffer | string): void {
  expect(body.toString()).not.toContain(KEY);
  response.headers.forEach((value) => {
    expect(value).not.toContain(KEY);
  });
}

describe('forwarding', () => {
  it('sends the server key and only allowlisted headers and parameters upstream', async () => {
    const response = await forwarder()(
      get('/v1/market/kline?symbol=AAPL.US&api_key=browser&APIKEY=b2&interval=1d', {
        Accept: 'application/json',
        'Accept-Language': 'en-GB',
        'If-None-Match': '"abc"',
        'Accept-Encoding': 'gzip, deflate, br',
        'X-API-Key': 'browser-key',
        Authorization: 'Bearer browser-token',
        Cookie: 'session=1',
        Origin: 'http://evil.example',
        'X-Forwarded-For': '10.0.0.1',
      }),
    );
    const body = await bytes(response);
    expect(response.status).toBe(200);
    expect(body.toString()).toBe(OK_BODY);
    expect(response.headers.get('content-length')).toBe(String(body.byteLength));
    expectNoKey(response, body);

    expect(recorded).toHaveLength(1);
    const [seen] = recorded;
    expect(seen?.method).toBe('GET');
    expect(seen?.url).toBe('/v1/market/kline?symbol=AAPL.US&interval=1d');
    expect(seen?.headers['x-api-key']).toBe(KEY);
    expect(seen?.headers['accept-encoding']).toBe('gzip, br');
    expect(seen?.headers['user-agent']).toBe('chartroom-server');
    expect(seen?.headers.accept).toBe('application/json');
    expect(seen?.headers['accept-language']).toBe('en-GB');
    expect(seen?.headers['if-none-match']).toBe('"abc"');
    expect(seen?.headers.host).toBe(new URL(baseUrl).host);
    for (const name of ['authorization', 'cookie', 'origin', 'x-forwarded-for']) {
      expect(seen?.headers[name]).toBeUndefined();
    }
    expect(JSON.stringify(seen?.headers)).not.toContain('browser');
  });

  it('keeps a path prefix of baseUrl and ignores its query', async () => {
    const response = await forwarder({ baseUrl: `${baseUrl}/api/?x=1` })(get('/v1/market/intervals/kline'));
    expect(response.status).toBe(200);
    expect(recorded[0]?.url).toBe('/api/v1/market/intervals/kline');
  });

  it('passes a 304 with its validators and no body', async () => {
    route = (_req, res) => {
      res.writeHead(304, { ETag: '"abc"', 'Cache-Control': 'max-age=60' });
      res.end();
    };
    const response = await forwarder()(get('/v1/market/intervals/kline', { 'If-None-Match': '"abc"' }));
    expect(response.status).toBe(304);
    expect(response.headers.get('etag')).toBe('"abc"');
    expect((await bytes(response)).byteLength).toBe(0);
  });
});

describe('requests answered without upstream', () => {
  it.each(['POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'])('%s → 405 with Allow: GET', async (method) => {
    const body = method === 'POST' || method === 'PUT' || method === 'PATCH' ? '{}' : null;
    const response = await forwarder()(get('/v1/market/ticker?symbols=AAPL.US', {}, { method, body }));
    const message = await expectEnvelope(response, 405, 2001);
    expect(message).toBe(`Invalid parameter: method ${method} not allowed`);
    expect(response.headers.get('allow')).toBe('GET');
    expect(recorded).toHaveLength(0);
  });

  it('answers 404 for another /v1 path', async () => {
    const response = await forwarder()(get('/v1/market/orderbook?symbol=AAPL.US'));
    expect(await expectEnvelope(response, 404, 2001)).toBe('Invalid parameter: unknown path /v1/market/orderbook');
    expect(recorded).toHaveLength(0);
  });

  it.each([
    '/v1/../x',
    '/v1/market/%2e%2e/kline',
    '/v1/market/%2E%2E/market/kline',
    '/v1/market//kline',
    '/v1/market/kline/',
    '/v1/market\\kline',
    '/v1/market%2fkline',
    '/v1/market%5Ckline',
    '/v1/market/./kline',
  ])('answers 404 for the raw target %j', async (raw) => {
    // The Request's URL is already normalised; the raw target is what the app passes from incoming.url.
    const response = await forwarder()(get('/v1/market/kline'), raw);
    await expectEnvelope(response, 404, 2001);
    expect(recorded).toHaveLength(0);
  });

  it('answers 404 for traversal that survives URL parsing', async () => {
    for (const target of ['/v1/market//kline', '/v1/market/kline/', '/v1/market%2fkline']) {
      await expectEnvelope(await forwarder()(get(target)), 404, 2001);
    }
    expect(recorded).toHaveLength(0);
  });

  it('answers 400 for CR/LF or other control characters in the query', async () => {
    const handler = forwarder();
    await expectEnvelope(await handler(get('/v1/market/kline?symbol=A%0D%0AX-Evil:%201&interval=1d')), 400, 2001);
    await expectEnvelope(await handler(get('/v1/market/kline'), '/v1/market/kline?symbol=A\r\nX-Evil: 1'), 400, 2001);
    await expectEnvelope(await handler(get('/v1/market/kline?symbol=%00')), 400, 2001);
    expect(recorded).toHaveLength(0);
  });

  it('answers 414 for a URL longer than maxUrlLength', async () => {
    const response = await forwarder()(get(`/v1/market/ticker?symbols=${'A'.repeat(9000)}`));
    await expectEnvelope(response, 414, 2001);
    const short = await forwarder({ maxUrlLength: 64 })(get(`/v1/market/ticker?symbols=${'A'.repeat(60)}`));
    await expectEnvelope(short, 414, 2001);
    expect(recorded).toHaveLength(0);
  });

  it('answers 406 for the HK full-market ticker without gzip, br or zstd', async () => {
    const variants: HeadersInit[] = [{}, { 'Accept-Encoding': 'identity' }, { 'Accept-Encoding': 'deflate, gzip;q=0' }];
    for (const headers of variants) {
      const response = await forwarder()(get('/v1/market/ticker/hk-stock', headers));
      expect(await expectEnvelope(response, 406, 2001)).toBe('Invalid parameter: Accept-Encoding must include gzip, br or zstd');
    }
    expect(recorded).toHaveLength(0);
  });
});

describe('compression', () => {
  const hkBody = JSON.stringify({
    code: 0,
    message: 'success',
    data: Array.from({ length: 500 }, (_, i) => ({ symbol: `${i}.HK`, last_price: '1.23' })),
  });

  it('passes gzip through byte for byte to a browser that accepts it', async () => {
    const gzipped = gzipSync(hkBody);
    route = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip', ETag: '"hk1"' });
      res.end(gzipped);
    };
    const response = await forwarder()(get('/v1/market/ticker/hk-stock', { 'Accept-Encoding': 'gzip, deflate, br' }));
    const body = await bytes(response);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('content-length')).toBe(String(gzipped.byteLength));
    expect(response.headers.get('etag')).toBe('"hk1"');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(body.equals(gzipped)).toBe(true);
  });

  it('decodes br to identity for a browser that accepts only gzip', async () => {
    route = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'br', ETag: '"k1"', Vary: 'Accept-Encoding' });
      res.end(brotliCompressSync(hkBody));
    };
    const response = await forwarder()(get('/v1/market/kline?symbol=700.HK&interval=1d', { 'Accept-Encoding': 'gzip' }));
    const body = await bytes(response);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('content-length')).toBe(String(body.byteLength));
    expect(response.headers.get('etag')).toBe('W/"k1"');
    expect(body.toString()).toBe(hkBody);
  });

  it('gzips an identity HK full-market answer for a browser that accepts gzip', async () => {
    route = sendJson(200, hkBody);
    const response = await forwarder()(get('/v1/market/ticker/hk-stock', { 'Accept-Encoding': 'gzip, deflate, br' }));
    const body = await bytes(response);
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('content-length')).toBe(String(body.byteLength));
    expect(body.byteLength).toBeLessThan(hkBody.length);
  });

  it('refuses an encoding neither the browser nor the server can decode', async () => {
    route = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'zstd' });
      res.end(Buffer.from([0x28, 0xb5, 0x2f, 0xfd]));
    };
    await expectEnvelope(await forwarder()(get('/v1/market/intervals/kline', { 'Accept-Encoding': 'gzip' })), 502, 5001);
    const accepted = await forwarder()(get('/v1/market/intervals/kline', { 'Accept-Encoding': 'gzip, zstd' }));
    expect(accepted.status).toBe(200);
    expect(accepted.headers.get('content-encoding')).toBe('zstd');
  });

  it('answers 502 for a corrupt compressed body it has to decode', async () => {
    route = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' });
      res.end('not gzip at all');
    };
    await expectEnvelope(await forwarder()(get('/v1/market/intervals/kline')), 502, 5001);
  });
});

describe('upstream answers', () => {
  it('strips Set-Cookie, Location and unknown headers', async () => {
    route = sendJson(200, OK_BODY, {
      'Set-Cookie': 'tracking=1',
      Location: 'http://evil.example/',
      'X-Upstream-Secret': 'x',
      'Cache-Control': 'max-age=1',
    });
    const response = await forwarder()(get('/v1/market/ticker?symbols=AAPL.US'));
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(response.headers.get('location')).toBeNull();
    expect(response.headers.get('x-upstream-secret')).toBeNull();
    expect(response.headers.get('cache-control')).toBe('max-age=1');
  });

  it('does not follow a redirect: 3xx becomes 502 5001', async () => {
    route = (_req, res) => {
      res.writeHead(302, { Location: 'http://127.0.0.1:1/steal', 'Set-Cookie': 'a=b' });
      res.end();
    };
    const response = await forwarder()(get('/v1/market/ticker?symbols=AAPL.US'));
    await expectEnvelope(response, 502, 5001);
    expect(response.headers.get('location')).toBeNull();
    expect(recorded).toHaveLength(1);
  });

  it('passes a 429 {code:3001} with Retry-After', async () => {
    const limited = JSON.stringify({ code: 3001, message: 'Rate limit exceeded' });
    route = sendJson(429, limited, { 'Retry-After': '12' });
    const response = await forwarder()(get('/v1/market/ticker?symbols=AAPL.US'));
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('12');
    expect((await bytes(response)).toString()).toBe(limited);
  });

  it('passes JSON error envelopes untouched, even compressed', async () => {
    const denied = gzipSync(JSON.stringify({ code: 1004, message: 'Permission denied' }));
    route = (_req, res) => {
      res.writeHead(403, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' });
      res.end(denied);
    };
    const response = await forwarder()(get('/v1/market/ticker/hk-stock', { 'Accept-Encoding': 'gzip' }));
    const body = await bytes(response);
    expect(response.status).toBe(403);
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('content-length')).toBe(String(denied.byteLength));
    expect(body.equals(denied)).toBe(true);
  });

  it('replaces a non-JSON error page with 502 5001', async () => {
    route = (_req, res) => {
      res.writeHead(502, { 'Content-Type': 'text/html' });
      res.end('<html><body>Bad Gateway</body></html>');
    };
    const response = await forwarder()(get('/v1/market/ticker?symbols=AAPL.US'));
    expect(await expectEnvelope(response, 502, 5001)).toBe('Data source unavailable');
  });

  it('redacts the key should upstream echo it', async () => {
    route = sendJson(401, JSON.stringify({ code: 1001, message: `Invalid or expired token ${KEY}` }), {
      'Cache-Control': `private, key=${KEY}`,
    });
    const response = await forwarder()(get('/v1/market/ticker?symbols=AAPL.US'));
    const body = await bytes(response);
    expect(response.status).toBe(401);
    expect(response.headers.get('content-length')).toBe(String(body.byteLength));
    expectNoKey(response, body);
    expect(JSON.parse(body.toString())).toEqual({ code: 1001, message: 'Invalid or expired token [redacted]' });
  });
});

describe('bounds and failures', () => {
  it('answers 504 5002 when upstream hangs past timeoutMs', async () => {
    let upstreamClosed = false;
    route = (req) => {
      req.socket.on('close', () => (upstreamClosed = true));
    };
    const started = Date.now();
    const response = await forwarder({ timeoutMs: 300 })(get('/v1/market/ticker?symbols=AAPL.US'));
    expect(await expectEnvelope(response, 504, 5002)).toBe('Service temporarily unavailable: upstream timeout');
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    await expect.poll(() => upstreamClosed).toBe(true);
  });

  it('answers 504 when the body stalls after the headers', async () => {
    route = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"code":0,');
    };
    await expectEnvelope(await forwarder({ timeoutMs: 300 })(get('/v1/market/ticker?symbols=AAPL.US')), 504, 5002);
  });

  it('answers 502 5001 when upstream is unreachable', async () => {
    const response = await forwarder({ baseUrl: `http://127.0.0.1:${closedPort}` })(get('/v1/market/ticker?symbols=AAPL.US'));
    expect(await expectEnvelope(response, 502, 5001)).toBe('Data source unavailable');
  });

  it('answers 502 5001 when upstream resets the connection', async () => {
    route = (req) => {
      req.socket.destroy();
    };
    await expectEnvelope(await forwarder()(get('/v1/market/ticker?symbols=AAPL.US')), 502, 5001);
  });

  it('answers 502 for an oversized body, declared or streamed', async () => {
    const big = 'x'.repeat(4096);
    route = sendJson(200, big);
    const declared = await forwarder({ maxResponseBytes: 1024 })(get('/v1/market/ticker?symbols=AAPL.US'));
    expect(await expectEnvelope(declared, 502, 5001)).toBe('Data source unavailable: upstream response too large');
    route = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' }); // chunked, no Content-Length
      for (let i = 0; i < 8; i += 1) res.write(big);
      res.end();
    };
    const streamed = await forwarder({ maxResponseBytes: 1024 })(get('/v1/market/ticker?symbols=AAPL.US'));
    expect(await expectEnvelope(streamed, 502, 5001)).toBe('Data source unavailable: upstream response too large');
  });

  it('aborts the upstream request when the client goes away', async () => {
    let upstreamClosed = false;
    route = (req) => {
      req.socket.on('close', () => (upstreamClosed = true));
    };
    const controller = new AbortController();
    const pending = forwarder()(get('/v1/market/ticker?symbols=AAPL.US', {}, { signal: controller.signal }));
    await expect.poll(() => recorded.length).toBe(1);
    controller.abort();
    const response = await pending;
    expect(response.status).toBe(502);
    await expect.poll(() => upstreamClosed).toBe(true);
  });
});

describe('logging', () => {
  it('logs method, path, status and duration, never the query or the key', async () => {
    const lines: string[] = [];
    const handler = forwarder({ log: (line) => lines.push(line) });
    await handler(get(`/v1/market/kline?symbol=AAPL.US&interval=1d&api_key=${KEY}`));
    await handler(get('/v1/market/kline', {}, { method: 'POST', body: 'x' }));
    await handler(get('/v1/market/kline'), `/v1/${KEY}/x\r\n`);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^GET \/v1\/market\/kline 200 \d+ms$/);
    expect(lines[1]).toMatch(/^POST \/v1\/market\/kline 405 \d+ms$/);
    expect(lines[2]).toMatch(/^GET \/v1\/\[redacted\]\/x\\x0d\\x0a 404 \d+ms$/);
    for (const line of lines) {
      expect(line).not.toContain(KEY);
      expect(line).not.toContain('AAPL');
    }
  });

  it('refuses a baseUrl that is not http(s) or a key that could break a header', () => {
    expect(() => createForwarder({ baseUrl: 'file:///etc/passwd', apiKey: KEY })).toThrow(TypeError);
    expect(() => createForwarder({ baseUrl: 'not a url', apiKey: KEY })).toThrow(TypeError);
    expect(() => createForwarder({ baseUrl, apiKey: '' })).toThrow(TypeError);
    expect(() => createForwarder({ baseUrl, apiKey: 'a\r\nX-Evil: 1' })).toThrow(TypeError);
  });
});
