/**
 * The relay in upstream mode over real loopback sockets, against a scriptable fake upstream:
 * key handling, the handshake queue, failures, close codes both ways and the browser-side bounds.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { connectUpstream } from '../realtime/upstream-link.ts';
import {
  connectBrowser,
  eventually,
  handshakeStatus,
  rawHandshakeStatus,
  startFakeUpstream,
  startRelayServer,
  type FakeUpstream,
  type RelayServer,
} from '../realtime/test-support.ts';

const SERVER_KEY = 'srv-Key+/=&secret-7f3a';
const BROWSER_KEY = 'browser-key-9d1e';

describe('realtime relay, upstream mode (fake upstream)', () => {
  let upstream: FakeUpstream;
  let relay: RelayServer;
  const logLines: string[] = [];

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    const config = loadConfig(
      { MARKET_API_KEY: SERVER_KEY, MARKET_WS_URL: `ws://127.0.0.1:${upstream.port}/v1/realtime`, REALTIME_MAX_SOCKETS_PER_CLIENT: '3' },
      { port: 0 },
    );
    relay = await startRelayServer({ config, log: (line) => logLines.push(line), feed: { lingerMs: 50, backoffBaseMs: 20 } });
  });

  afterEach(async () => {
    upstream.mode = { echo: true };
    // One upstream socket serves every browser: the next test starts when it has closed.
    await eventually(() => relay.relay.stats.connections() === 0 && upstream.open() === 0, 5_000, 'the shared upstream socket closed');
  });

  afterAll(async () => {
    await relay.stop();
    await upstream.stop();
    // Every line the relay logged, whatever happened above: never the key, in any spelling.
    expect(logLines.length).toBeGreaterThan(0);
    for (const line of logLines) {
      expect(line).not.toContain(SERVER_KEY);
      expect(line).not.toContain(encodeURIComponent(SERVER_KEY));
      expect(line).not.toContain(new URLSearchParams({ k: SERVER_KEY }).toString().slice(2));
    }
  });

  it('connects upstream with the server key only, never the browser query; the server answers ping itself', async () => {
    const before = upstream.targets.length;
    const browser = connectBrowser(relay.port, `/v1/realtime?api_key=${BROWSER_KEY}&apikey=${BROWSER_KEY}&x=1`);
    await browser.opened;
    browser.socket.send('{"cmd":"ping"}');
    expect(JSON.parse(await browser.next())).toMatchObject({ cmd: 'pong', code: 0, message: 'pong' });
    await eventually(() => upstream.targets.length > before);
    const target = upstream.targets[before] ?? '';
    expect(new URL(target, 'ws://x').searchParams.get('api_key')).toBe(SERVER_KEY);
    expect([...new URL(target, 'ws://x').searchParams.keys()]).toEqual(['api_key']);
    expect(target).not.toContain(BROWSER_KEY);
    expect(new URL(target, 'ws://x').pathname).toBe('/v1/realtime');
    browser.socket.close();
    await browser.closed;
  });

  it('queues subscriptions asked before the upstream is open and sends them in order', async () => {
    upstream.mode = { echo: false, delayMs: 300 };
    const from = upstream.received.length;
    const browser = connectBrowser(relay.port);
    await browser.opened;
    const symbols = ['A.US', 'B.US', 'C.US'];
    for (const symbol of symbols) browser.socket.send(JSON.stringify({ cmd: 'subscribe', data: { channel: 'ticker', symbols: [symbol] } }));
    await eventually(() => upstream.received.length >= from + 3);
    expect(upstream.received.slice(from, from + 3).map((text) => (JSON.parse(text) as { data: { symbols: string[] } }).data.symbols[0])).toEqual(symbols);
    browser.socket.close();
    await browser.closed;
  });

  it.each([401, 403])('answers an upstream handshake %i with 1001 "Invalid or expired token", then close 1008', async (status) => {
    upstream.mode = { echo: true, refuseWith: status };
    const browser = connectBrowser(relay.port);
    const closed = await browser.closed;
    expect(browser.received).toEqual(['{"cmd":"connect","code":1001,"message":"Invalid or expired token","data":null}']);
    expect(closed).toEqual({ code: 1008, reason: 'Invalid or expired token' });
  });

  it('answers any other handshake failure with 5001 "Data source unavailable", then close 1011', async () => {
    upstream.mode = { echo: true, refuseWith: 502 };
    const browser = connectBrowser(relay.port);
    const closed = await browser.closed;
    expect(browser.received).toEqual(['{"cmd":"connect","code":5001,"message":"Data source unavailable","data":null}']);
    expect(closed.code).toBe(1011);
  });

  it('passes upstream close codes a server may send, with the reason; others become 1011', async () => {
    for (const [sent, seen, reason] of [
      [4005, 4005, 'custom reason'],
      [1012, 1012, 'service restart'],
      [1000, 1000, 'idle'],
      [1003, 1011, 'unsupported'],
    ] as const) {
      const count = upstream.sockets.length;
      const browser = connectBrowser(relay.port);
      await browser.opened;
      await eventually(() => upstream.sockets.length > count);
      upstream.sockets[count]?.close(sent, reason);
      expect(await browser.closed).toEqual({ code: seen, reason });
    }
    const count = upstream.sockets.length;
    const browser = connectBrowser(relay.port);
    await eventually(() => upstream.sockets.length > count);
    upstream.sockets[count]?.terminate();
    expect((await browser.closed).code).toBe(1011);
  });

  it('closes the upstream socket 1000 when the browser closes, and aborts a pending handshake', async () => {
    const count = upstream.sockets.length;
    const browser = connectBrowser(relay.port);
    await browser.opened;
    await eventually(() => upstream.sockets.length > count);
    const serverSide = upstream.sockets[count];
    const upstreamClosed = new Promise<number>((resolve) => serverSide?.once('close', resolve));
    browser.socket.close(1000);
    expect(await upstreamClosed).toBe(1000);

    upstream.mode = { echo: true, delayMs: 500 };
    const early = connectBrowser(relay.port);
    await early.opened;
    early.socket.close();
    await early.closed;
    await new Promise((resolve) => setTimeout(resolve, 700));
    await eventually(() => upstream.open() === 0, 3_000, 'no upstream socket left open');
  });

  it('never shows the browser the server key, even when the upstream echoes it', async () => {
    const count = upstream.sockets.length;
    const browser = connectBrowser(relay.port);
    await browser.opened;
    await eventually(() => upstream.sockets.length > count);
    upstream.sockets[count]?.send(JSON.stringify({ cmd: 'connect', code: 1001, message: `bad key ${SERVER_KEY}`, data: null }));
    const text = await browser.next();
    expect(text).not.toContain(SERVER_KEY);
    expect(text).toContain('[redacted]');
    upstream.sockets[count]?.close(1008, `key ${SERVER_KEY}`);
    const closed = await browser.closed;
    expect(closed).toEqual({ code: 1008, reason: 'key [redacted]' });
  });

  it('closes 1003 on a binary frame and 1009 on a frame over 16 KiB', async () => {
    const binary = connectBrowser(relay.port);
    await binary.opened;
    binary.socket.send(Buffer.from([1, 2, 3]));
    expect((await binary.closed).code).toBe(1003);

    const big = connectBrowser(relay.port);
    await big.opened;
    big.socket.send(JSON.stringify({ cmd: 'subscribe', data: { channel: 'ticker', symbols: ['x'.repeat(16 * 1024)] } }));
    expect((await big.closed).code).toBe(1009);

    const exact = connectBrowser(relay.port);
    await exact.opened;
    const atLimit = 'y'.repeat(16 * 1024);
    exact.socket.send(atLimit);
    expect(JSON.parse(await exact.next())).toMatchObject({ code: 4002 });
    exact.socket.close();
    await exact.closed;
  });

  it('refuses a fourth concurrent socket from one client with 429, and frees the slot on close', async () => {
    await eventually(() => relay.relay.stats.connections() === 0, 5_000, 'earlier sockets closed');
    const held = [connectBrowser(relay.port), connectBrowser(relay.port), connectBrowser(relay.port)];
    await Promise.all(held.map((client) => client.opened));
    const refused = await handshakeStatus(relay.port);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toEqual({ code: 3003, message: 'Connection limit exceeded: more than 3 realtime connections from this client' });
    held[0]?.socket.close();
    await held[0]?.closed;
    await eventually(() => relay.relay.stats.connections() === 2);
    const again = connectBrowser(relay.port);
    await again.opened;
    for (const client of [...held.slice(1), again]) client.socket.close();
    await Promise.all([...held.slice(1), again].map((client) => client.closed));
  });

  it('refuses other paths 404, foreign origins 403, and accepts same-origin pages', async () => {
    const answer = await handshakeStatus(relay.port, '/v1/realtime/');
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body)).toEqual({ code: 2001, message: 'Invalid parameter: unknown path' });
    for (const target of [
      '/v1/realtime/',
      '/v1/x/../realtime',
      '/v1/./realtime',
      '/v1/%72ealtime',
      '/v1%2frealtime',
      '//v1/realtime',
      '/v1/market/ticker',
      '/',
    ]) {
      expect(await rawHandshakeStatus(relay.port, target), target).toBe(404);
    }
    expect(await rawHandshakeStatus(relay.port, '/v1/realtime?api_key=x')).toBe(101);
    expect((await handshakeStatus(relay.port, '/v1/realtime', { Origin: 'http://evil.example' })).status).toBe(403);
    expect((await handshakeStatus(relay.port, '/v1/realtime', { Origin: 'null' })).status).toBe(403);
    expect((await handshakeStatus(relay.port, '/v1/realtime', { Origin: `http://127.0.0.1:${relay.port}` })).status).toBe(101);
    expect((await handshakeStatus(relay.port, '/v1/realtime', { Host: 'rebind.example', Origin: 'http://rebind.example' })).status).toBe(403);
  });
});

describe('realtime relay, upstream unreachable', () => {
  it('sends 5001 then closes 1011', async () => {
    const gone = await startFakeUpstream();
    const port = gone.port;
    await gone.stop();
    const config = loadConfig({ MARKET_API_KEY: SERVER_KEY, MARKET_WS_URL: `ws://127.0.0.1:${port}/v1/realtime` }, { port: 0 });
    const lines: string[] = [];
    const relay = await startRelayServer({ config, log: (line) => lines.push(line) });
    try {
      const browser = connectBrowser(relay.port);
      const closed = await browser.closed;
      expect(browser.received).toEqual(['{"cmd":"connect","code":5001,"message":"Data source unavailable","data":null}']);
      expect(closed).toEqual({ code: 1011, reason: 'Data source unavailable' });
      expect(lines.some((line) => line.includes('unreachable'))).toBe(true);
      for (const line of lines) expect(line).not.toContain(SERVER_KEY);
    } finally {
      await relay.stop();
    }
  });
});

describe('upstream handshake timeout', () => {
  it('gives up after the handshake timeout: 5001, close 1011', async () => {
    const slow = await startFakeUpstream();
    slow.mode = { echo: true, delayMs: 1_000 };
    const sent: string[] = [];
    const closes: [number, string][] = [];
    const peer = { send: (text: string) => sent.push(text), close: (code: number, reason: string) => closes.push([code, reason]) };
    const lines: string[] = [];
    try {
      connectUpstream(peer, { url: `ws://127.0.0.1:${slow.port}/v1/realtime`, apiKey: SERVER_KEY, log: (line) => lines.push(line), handshakeTimeoutMs: 200 });
      await eventually(() => closes.length > 0, 3_000, 'the browser closed');
      expect(sent).toEqual(['{"cmd":"connect","code":5001,"message":"Data source unavailable","data":null}']);
      expect(closes).toEqual([[1011, 'Data source unavailable']]);
      expect(lines.join('\n')).toMatch(/timed out/);
      expect(lines.join('\n')).not.toContain(SERVER_KEY);
    } finally {
      await slow.stop();
    }
  });
});
