/**
 * Crafted requests over real sockets, as raw bytes, against the production server (upstream mode,
 * security headers, Host allowlist, static site) in front of a counting upstream, with a second
 * "other host" listener on loopback. Every crafted request must be refused (4xx, or the connection
 * closed), never reach the upstream, never reach the other host, never leak the file next to the
 * static root, and every answer must carry the security headers.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_PATHS } from '#shared/contract.ts';
import { sendRaw, type RawExchange } from '../test-support/raw-socket.ts';
import { SECRET_MARKER, startStack, type Stack } from '../test-support/stack.ts';

const HEADERS_TIMEOUT_MS = 600;
const TICKER = '/v1/market/ticker?symbols=AAPL.US';

let stack: Stack;
let sent = 0;
let legitimate = 0;

beforeAll(async () => {
  stack = await startStack({
    limits: { headersTimeoutMs: HEADERS_TIMEOUT_MS, requestTimeoutMs: 2 * HEADERS_TIMEOUT_MS, keepAliveTimeoutMs: 500, maxHeaderBytes: 16 * 1024 },
    // The limit is off here so that every refusal below is the guards' doing, not the limiter's.
    env: ({ chartroom }) => ({ ALLOWED_HOSTS: `127.0.0.1:${chartroom}`, CLIENT_RATE_LIMIT: '0' }),
  });
});

afterAll(async () => {
  console.log(`crafted requests: ${sent} refused as required, plus ${legitimate} legitimate ones with headers naming the other host`);
  await stack.stop();
});

function host(): string {
  return `Host: 127.0.0.1:${stack.port}`;
}

interface Crafted {
  name: string;
  bytes: string | Buffer | (string | Buffer)[];
  head?: boolean;
}

/** A request with the right Host and `Connection: close`, plus any extra header lines and body. */
function request(target: string, options: { method?: string; headers?: string[]; body?: string; host?: string | null; close?: boolean } = {}): string {
  const lines = [`${options.method ?? 'GET'} ${target} HTTP/1.1`];
  if (options.host !== null) lines.push(options.host ?? host());
  lines.push(...(options.headers ?? []));
  if (options.close ?? true) lines.push('Connection: close');
  return `${lines.join('\r\n')}\r\n\r\n${options.body ?? ''}`;
}

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString()) as unknown;
  } catch {
    return `not JSON: ${body.toString('latin1').slice(0, 80)}`;
  }
}

/** Sends one crafted request and checks everything every crafted request must satisfy. */
async function expectRefused(crafted: Crafted): Promise<RawExchange> {
  const hitsBefore = stack.upstreamHits();
  const otherBefore = stack.other.connections();
  sent += 1;
  const exchange = await sendRaw(stack.port, crafted.bytes, { head: crafted.head ?? false, timeoutMs: 5_000 });
  const statuses = exchange.responses.map((response) => response.status);
  expect(exchange.error, crafted.name).toBeUndefined();
  // Answered with errors only, or closed without an answer; never left hanging.
  expect(exchange.closedByServer, `${crafted.name}: the server closes the connection`).toBe(true);
  for (const status of statuses) expect(status >= 400 && status < 500, `${crafted.name}: status ${status}`).toBe(true);
  for (const response of exchange.responses) {
    expect(response.headers['x-content-type-options'], `${crafted.name}: security headers`).toBe('nosniff');
    expect(response.headers['content-security-policy'], crafted.name).toContain("default-src 'self'");
    expect(response.body.toString('latin1'), crafted.name).not.toContain(SECRET_MARKER);
    if (response.body.length > 0) expect(parseJson(response.body), crafted.name).toMatchObject({ code: 2001, message: expect.any(String) as string });
  }
  expect(exchange.rest.toString('latin1'), crafted.name).not.toContain(SECRET_MARKER);
  expect(stack.upstreamHits(), `${crafted.name}: the upstream is not reached`).toBe(hitsBefore);
  expect(stack.other.connections(), `${crafted.name}: the other host is not contacted`).toBe(otherBefore);
  return exchange;
}

function cases(named: Record<string, string | Buffer | (string | Buffer)[]>): Crafted[] {
  return Object.entries(named).map(([name, bytes]) => ({ name, bytes }));
}

describe('controls: the setting can tell success from refusal', () => {
  it('forwards a legitimate request, which the upstream counts', async () => {
    const before = stack.upstreamHits();
    const exchange = await sendRaw(stack.port, request(TICKER));
    expect(exchange.responses.map((response) => response.status)).toEqual([200]);
    expect(exchange.responses[0]?.headers['content-security-policy']).toContain("script-src 'self'");
    expect(stack.upstreamHits()).toBe(before + 1);
  });

  it('serves the static root, and the other host is listening', async () => {
    const exchange = await sendRaw(stack.port, request('/'));
    expect(exchange.responses[0]?.status).toBe(200);
    // The one connection the other host ever gets: proof that it would notice another.
    const other = await sendRaw(stack.other.port, '');
    expect(other.closedByServer).toBe(true);
    expect(stack.other.connections()).toBe(1);
  });
});

describe('crafted requests', () => {
  const traversal = [
    '/v1/../v1/market/ticker?symbols=AAPL.US',
    '/v1/../',
    '/v1/../../secret.txt',
    '/v1/%2e%2e/v1/market/ticker?symbols=AAPL.US',
    '/v1/%2E%2E/v1/market/ticker?symbols=AAPL.US',
    '/v1/market/%2e%2e/market/ticker?symbols=AAPL.US',
    '/v1/.%2e/v1/market/ticker',
    '/v1/%2e./v1/market/ticker',
    '/v1/market%2fticker?symbols=AAPL.US',
    '/v1/market%2Fticker?symbols=AAPL.US',
    '/v1%2fmarket%2fticker?symbols=AAPL.US',
    '/v1/market%5cticker?symbols=AAPL.US',
    '/v1/market%5Cticker?symbols=AAPL.US',
    '/v1/..%2f..%2fsecret.txt',
    '/v1/..%2Fmarket/ticker?symbols=AAPL.US',
    '/v1/%252e%252e/v1/market/ticker?symbols=AAPL.US',
    '/v1/%252e%252e%252fsecret.txt',
    '/v1/market%252fticker?symbols=AAPL.US',
    '/v1\\..\\market\\ticker?symbols=AAPL.US',
    '/v1/market\\ticker?symbols=AAPL.US',
    '\\v1\\market\\ticker?symbols=AAPL.US',
    '/v1//market/ticker?symbols=AAPL.US',
    '//v1/market/ticker?symbols=AAPL.US',
    '/v1/market//ticker?symbols=AAPL.US',
    '/v1/market/ticker/?symbols=AAPL.US',
    '/v1/market/kline/.?symbol=AAPL.US&interval=1d',
    '/v1/market/kline/..?symbol=AAPL.US&interval=1d',
    '/v1/market/kline/./?symbol=AAPL.US&interval=1d',
    '/v1/market/ticker/.?symbols=AAPL.US',
    '/v1/market/./ticker?symbols=AAPL.US',
    '/v1/market/ticker%00?symbols=AAPL.US',
    '/v1/market/ticker%2500?symbols=AAPL.US',
    '/v1/market/ticker;/..?symbols=AAPL.US',
    '/v1/market/%u002e%u002e/ticker',
    '/v1/%c0%ae%c0%ae/v1/market/ticker?symbols=AAPL.US',
    '/v1/%ef%bc%8e%ef%bc%8e/v1/market/ticker?symbols=AAPL.US',
    '/..%2f..%2fsecret.txt',
    '/%2e%2e/secret.txt',
    '/assets/../../secret.txt',
    '/assets/%2e%2e/%2e%2e/secret.txt',
    '/assets/..%5c..%5csecret.txt',
    ...CONTRACT_PATHS.map((path) => `${path}/..`),
    ...CONTRACT_PATHS.map((path) => `${path}/.`),
    ...CONTRACT_PATHS.map((path) => `${path}%2f`),
  ];
  it.each(traversal)('path traversal %j', async (target) => {
    await expectRefused({ name: target, bytes: request(target) });
  });

  it('absolute-form targets, authority tricks and foreign Host headers', async () => {
    const other = `127.0.0.1:${stack.other.port}`;
    const self = `127.0.0.1:${stack.port}`;
    for (const crafted of cases({
      'absolute-form to the other host': request(`http://${other}${TICKER}`),
      'absolute-form https to the other host': request(`https://${other}${TICKER}`),
      'absolute-form to ourselves': request(`http://${self}${TICKER}`),
      'absolute-form with userinfo': request(`http://${self}@${other}${TICKER}`),
      'network-path reference': request(`//${other}${TICKER}`),
      '@ after /v1': request(`/v1@${other}${TICKER}`),
      '@ inside the path': request(`/v1/market/ticker@${other}?symbols=AAPL.US`),
      'target starting with @': request(`@${other}${TICKER}`),
      'authority-form GET': request(other),
      'asterisk-form GET': request('*'),
      'asterisk-form OPTIONS': request('*', { method: 'OPTIONS' }),
      'Host naming the other host': request(TICKER, { host: `Host: ${other}` }),
      'Host localhost on the other port': request(TICKER, { host: `Host: localhost:${stack.other.port}` }),
      'Host of a rebinding name': request(TICKER, { host: 'Host: rebind.attacker.example' }),
      'Host with userinfo': request(TICKER, { host: `Host: ${self}@${other}` }),
      'Host with a path': request(TICKER, { host: `Host: ${other}/v1` }),
      'two Host headers, ours first': request(TICKER, { headers: [`Host: ${other}`] }),
      'two Host headers, other first': request(TICKER, { host: `Host: ${other}`, headers: [host()] }),
      'empty Host': request(TICKER, { host: 'Host:' }),
      'no Host, HTTP/1.1': request(TICKER, { host: null }),
      'no Host, HTTP/1.0': `GET ${TICKER} HTTP/1.0\r\n\r\n`,
    })) {
      await expectRefused(crafted);
    }
  });

  it('CR, LF and NUL in query values, raw and encoded', async () => {
    for (const crafted of cases({
      'raw CRLF with an injected header': `GET ${TICKER}\r\nX-Injected: 1 HTTP/1.1\r\n${host()}\r\nConnection: close\r\n\r\n`,
      'raw CRLF then a second request line': `GET /v1/market/ticker?symbols=A\r\nGET ${TICKER} HTTP/1.1\r\n${host()}\r\nConnection: close\r\n\r\n`,
      'raw LF': request('/v1/market/ticker?symbols=AAPL.US\nX-Injected:1'),
      'raw CR': request('/v1/market/ticker?symbols=AAPL.US\rX-Injected:1'),
      'raw NUL': request('/v1/market/ticker?symbols=AAPL.US\u0000'),
      'raw space': request('/v1/market/ticker?symbols=AAPL.US MSFT.US'),
      'raw tab': request('/v1/market/ticker?symbols=AAPL.US\tMSFT.US'),
      'raw DEL': request('/v1/market/ticker?symbols=AAPL.US\u007f'),
      'raw fragment': request(`${TICKER}#x`),
      'encoded CRLF': request('/v1/market/ticker?symbols=AAPL.US%0d%0aX-Injected:%201'),
      'encoded CRLF, upper case': request('/v1/market/ticker?symbols=AAPL.US%0D%0AX-Injected:%201'),
      'encoded LF': request('/v1/market/ticker?symbols=AAPL.US%0a'),
      'encoded CR': request('/v1/market/ticker?symbols=AAPL.US%0d'),
      'encoded NUL': request('/v1/market/ticker?symbols=AAPL.US%00'),
      'encoded NUL in a name': request('/v1/market/ticker?sym%00bols=AAPL.US'),
      'encoded DEL': request('/v1/market/ticker?symbols=AAPL.US%7f'),
      'encoded CRLF in a key parameter': request('/v1/market/ticker?symbols=AAPL.US&api_key=x%0d%0aHost:evil'),
      'malformed escape': request('/v1/market/ticker?symbols=AAPL.US%zz'),
      'truncated escape': request('/v1/market/ticker?symbols=AAPL.US%'),
      'raw non-ASCII byte': Buffer.concat([
        Buffer.from('GET /v1/market/ticker?symbols=AAPL.US'),
        Buffer.from([0xff]),
        Buffer.from(` HTTP/1.1\r\n${host()}\r\nConnection: close\r\n\r\n`),
      ]),
      'raw UTF-8': Buffer.from(request('/v1/market/ticker?symbols=AAPL.US\u00e9'), 'utf8'),
      'encoded CRLF in the path': request('/v1/market/ticker%0d%0aX-Injected:1?symbols=AAPL.US'),
    })) {
      await expectRefused(crafted);
    }
  });

  it('request smuggling shapes: conflicting Content-Length and Transfer-Encoding', async () => {
    // Every shape hides a valid request in what might be read as a body: should the server ever
    // split the stream differently, the hidden request would reach the upstream.
    const hidden = `GET /v1/market/ticker?symbols=MSFT.US HTTP/1.1\r\n${host()}\r\n\r\n`;
    const smuggle = (headers: string[], body: string, method = 'GET', target = TICKER): string => request(target, { method, headers, body, close: false });
    for (const crafted of cases({
      'CL then TE': smuggle(['Content-Length: 5', 'Transfer-Encoding: chunked'], `0\r\n\r\n${hidden}`),
      'TE then CL': smuggle(['Transfer-Encoding: chunked', 'Content-Length: 5'], `0\r\n\r\n${hidden}`),
      'CL.TE on POST': smuggle(['Content-Length: 6', 'Transfer-Encoding: chunked'], `0\r\n\r\n${hidden}`, 'POST'),
      'two different Content-Length': smuggle(['Content-Length: 0', `Content-Length: ${hidden.length}`], hidden),
      'Content-Length list': smuggle([`Content-Length: ${hidden.length}, 0`], hidden),
      'Content-Length negative': smuggle(['Content-Length: -1'], hidden),
      'Content-Length with sign': smuggle([`Content-Length: +${hidden.length}`], hidden),
      'Content-Length hexadecimal': smuggle(['Content-Length: 0x10'], hidden),
      'Content-Length exponent': smuggle(['Content-Length: 1e2'], hidden),
      'Content-Length overflow': smuggle(['Content-Length: 99999999999999999999999'], hidden),
      'TE chunked twice': smuggle(['Transfer-Encoding: chunked', 'Transfer-Encoding: chunked'], `0\r\n\r\n${hidden}`),
      'TE chunked then identity': smuggle(['Transfer-Encoding: chunked', 'Transfer-Encoding: identity'], `0\r\n\r\n${hidden}`),
      'TE identity, chunked': smuggle(['Transfer-Encoding: identity, chunked'], `0\r\n\r\n${hidden}`),
      'TE chunked, identity': smuggle(['Transfer-Encoding: chunked, identity'], `0\r\n\r\n${hidden}`),
      'TE xchunked': smuggle(['Transfer-Encoding: xchunked'], `0\r\n\r\n${hidden}`),
      'TE with space before the colon': smuggle(['Transfer-Encoding : chunked'], `0\r\n\r\n${hidden}`),
      'TE with a tab': smuggle(['Transfer-Encoding:\tchunked'], `0\r\n\r\n${hidden}`),
      'TE obs-fold': smuggle(['X-Foo: bar', ' Transfer-Encoding: chunked'], `0\r\n\r\n${hidden}`),
      'TE folded value': smuggle(['Transfer-Encoding:', ' chunked'], `0\r\n\r\n${hidden}`),
      'TE upper case value': smuggle(['Transfer-Encoding: CHUNKED'], `0\r\n\r\n${hidden}`),
      'TE gzip, chunked on GET': smuggle(['Transfer-Encoding: gzip, chunked'], `0\r\n\r\n${hidden}`),
      'chunk size overflow': smuggle(['Transfer-Encoding: chunked'], `ffffffffffffffffffff\r\nx\r\n0\r\n\r\n${hidden}`),
      'chunk size with garbage': smuggle(['Transfer-Encoding: chunked'], `5 ; x\r\nhello\r\n0x\r\n\r\n${hidden}`),
      'GET with a body and Content-Length': smuggle([`Content-Length: ${hidden.length}`], hidden),
      'GET with a chunked body': smuggle(['Transfer-Encoding: chunked'], `${hidden.length.toString(16)}\r\n${hidden}\r\n0\r\n\r\n`),
      'Expect 100-continue with a body': smuggle(['Expect: 100-continue', `Content-Length: ${hidden.length}`], hidden),
      'Expect something else with a body': smuggle(['Expect: 200-ok', `Content-Length: ${hidden.length}`], hidden),
      'bare LF line endings': `GET ${TICKER} HTTP/1.1\n${host()}\nContent-Length: 5\nTransfer-Encoding: chunked\n\n0\n\n${hidden}`,
      'header without colon': smuggle(['Transfer-Encoding chunked'], `0\r\n\r\n${hidden}`),
      'NUL in a header value': smuggle(['X-Foo: a\u0000b'], ''),
      'CR alone in a header value': smuggle(['X-Foo: a\rTransfer-Encoding: chunked'], `0\r\n\r\n${hidden}`),
      'HTTP/2 preface': 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n',
      'HTTP/0.9 request line': `GET ${TICKER}\r\n\r\n`,
      'HTTP/1.2': `GET ${TICKER} HTTP/1.2\r\n${host()}\r\nConnection: close\r\n\r\n`,
      'HTTP/9.9': `GET ${TICKER} HTTP/9.9\r\n${host()}\r\nConnection: close\r\n\r\n`,
      'lower-case method': request(TICKER, { method: 'get' }),
    })) {
      await expectRefused(crafted);
    }
  });

  it('oversized request targets and headers', async () => {
    const longQuery = (length: number): string => `/v1/market/ticker?symbols=AAPL.US&pad=${'a'.repeat(length)}`;
    for (const crafted of cases({
      'URL of 9 KiB': request(longQuery(9 * 1024)),
      'URL of 12 KiB': request(longQuery(12 * 1024)),
      'URL of 20 KiB': request(longQuery(20 * 1024)),
      'SPA URL of 9 KiB': request(`/${'a'.repeat(9 * 1024)}`),
      'one header of 17 KiB': request(TICKER, { headers: [`X-Big: ${'b'.repeat(17 * 1024)}`] }),
      'many headers, 20 KiB in all': request(TICKER, { headers: Array.from({ length: 1_000 }, (_, index) => `X-H${index}: ${'c'.repeat(12)}`) }),
      'header name of 17 KiB': request(TICKER, { headers: [`X-${'n'.repeat(17 * 1024)}: 1`] }),
      'Cookie of 17 KiB': request(TICKER, { headers: [`Cookie: a=${'d'.repeat(17 * 1024)}`] }),
    })) {
      const exchange = await expectRefused(crafted);
      expect(exchange.responses.length, crafted.name).toBeGreaterThan(0);
    }
  });

  it('slow headers: the connection is cut within the headers timeout', async () => {
    const partial = [
      '',
      'GET /v1/market/ticker?symbols=AAPL.US',
      `GET ${TICKER} HTTP/1.1\r\n`,
      `GET ${TICKER} HTTP/1.1\r\n${host()}\r\nX-Slow: `,
      `GET ${TICKER} HTTP/1.1\r\n${host()}\r\n`,
    ];
    for (const bytes of partial) {
      // 5 s bounds the wait; the server must close well before, at its 600 ms headers timeout.
      const exchange = await expectRefused({ name: `stalled after ${JSON.stringify(bytes.slice(0, 40))}`, bytes });
      for (const response of exchange.responses) expect(response.status).toBe(408);
    }
  });

  it('slow headers dripped a byte at a time are cut as well', async () => {
    const hitsBefore = stack.upstreamHits();
    const text = `GET ${TICKER} HTTP/1.1\r\n${host()}\r\nX-Drip: ${'z'.repeat(200)}\r\n\r\n`;
    sent += 1;
    const result = await new Promise<{ closed: boolean; written: number }>((resolve) => {
      const socket = net.connect({ host: '127.0.0.1', port: stack.port });
      let written = 0;
      let closed = false;
      // At most 100 bytes, one every 50 ms (bounded to about 5 s); the server must cut us first.
      const timer = setInterval(() => {
        if (closed || written >= 100) {
          clearInterval(timer);
          socket.destroy();
          resolve({ closed, written });
          return;
        }
        socket.write(text.slice(written, written + 1));
        written += 1;
      }, 50);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        closed = true;
      });
    });
    expect(result.closed).toBe(true);
    expect(result.written).toBeLessThan(text.length);
    expect(stack.upstreamHits()).toBe(hitsBefore);
  });

  const methods = [
    'POST',
    'PUT',
    'PATCH',
    'DELETE',
    'OPTIONS',
    'HEAD',
    'TRACE',
    'CONNECT',
    'PROPFIND',
    'PROPPATCH',
    'MKCOL',
    'COPY',
    'MOVE',
    'LOCK',
    'UNLOCK',
    'SEARCH',
    'PURGE',
    'LINK',
    'UNLINK',
    'REPORT',
    'BREW',
    'FOO',
  ];
  it.each(methods)('method %s on a contract path and on the SPA', async (method) => {
    const body = method === 'POST' || method === 'PUT' || method === 'PATCH' ? 'symbols=MSFT.US' : '';
    const headers = body === '' ? ['Content-Length: 0'] : ['Content-Type: application/x-www-form-urlencoded', `Content-Length: ${body.length}`];
    // HEAD of the SPA or /healthz is a legitimate request; every other method is refused there too.
    const targets = method === 'HEAD' ? [TICKER, ...CONTRACT_PATHS] : [TICKER, ...CONTRACT_PATHS, '/', '/healthz', '/assets/app.js'];
    for (const target of targets) {
      const exchange = await expectRefused({ name: `${method} ${target}`, bytes: request(target, { method, headers, body }), head: method === 'HEAD' });
      if (method !== 'CONNECT') expect(exchange.responses.length, `${method} ${target}`).toBe(1);
      const allow = exchange.responses[0]?.headers.allow;
      if (target.startsWith('/v1') && exchange.responses[0]?.status === 405) expect(allow).toBe('GET');
    }
    // CONNECT in its own authority-form, to the other host.
    if (method === 'CONNECT') await expectRefused({ name: 'CONNECT authority-form', bytes: request(`127.0.0.1:${stack.other.port}`, { method }) });
  });

  it('OPTIONS preflight from any origin gets no CORS grant (CORS_ORIGINS unset)', async () => {
    const exchange = await expectRefused({
      name: 'preflight',
      bytes: request(TICKER, { method: 'OPTIONS', headers: ['Origin: https://evil.example', 'Access-Control-Request-Method: GET'] }),
    });
    expect(exchange.responses[0]?.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('headers naming the other host are ignored on legitimate requests', () => {
  it('answers from the configured upstream only', async () => {
    const other = `127.0.0.1:${stack.other.port}`;
    for (const header of [
      `X-Forwarded-Host: ${other}`,
      `Forwarded: host=${other};proto=http`,
      `X-Original-URL: http://${other}/v1/market/ticker`,
      `X-Rewrite-URL: //${other}/`,
      `X-Forwarded-Proto: https`,
      `Referer: http://${other}/`,
    ]) {
      const before = stack.upstreamHits();
      legitimate += 1;
      const exchange = await sendRaw(stack.port, request(TICKER, { headers: [header] }));
      expect(
        exchange.responses.map((response) => response.status),
        header,
      ).toEqual([200]);
      expect(stack.upstreamHits(), header).toBe(before + 1);
    }
  });
});

describe('the other host', () => {
  it('heard from nobody but the control probe', () => {
    expect(stack.other.connections()).toBe(1);
    expect(stack.other.bytes()).toBe(0);
  });
});
