/**
 * `/v1/realtime` through the production server assembly in simulator mode (no key): the
 * embedded simulator answers over the relay, as the Enterprise plan whatever the browser sends,
 * with every browser-side guard of the relay in front.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectBrowser, eventually, handshakeStatus, rawHandshakeStatus, startChartroom, type RunningChartroom } from '../realtime/test-support.ts';

interface Frame {
  cmd: string;
  code?: number;
  message?: string;
  data?: Record<string, unknown> | null;
}

const parse = (text: string): Frame => JSON.parse(text) as Frame;
const isCmd = (cmd: string) => (text: string) => parse(text).cmd === cmd;

describe('realtime in simulator mode, through the real server', () => {
  let server: RunningChartroom;

  beforeAll(async () => {
    server = await startChartroom({ SIM_NOW: '2026-11-25T15:00:00Z', SIM_CLOCK: 'frozen', CLIENT_RATE_LIMIT: '0', REALTIME_MAX_SOCKETS_PER_CLIENT: '4' });
    // Faster pushes keep the test short; the protocol is the same.
    server.chartroom.simulator?.realtime.update({ pushIntervalMs: 100 });
  });

  afterAll(async () => {
    await server.stop();
  });

  it('subscribes: ack, then a ticker snapshot and further pushes; counts it in the stats', async () => {
    const browser = connectBrowser(server.port, '/v1/realtime', { Origin: `http://127.0.0.1:${server.port}` });
    await browser.opened;
    browser.socket.send(JSON.stringify({ cmd: 'subscribe', data: { channel: 'ticker', symbols: ['AAPL.US'] } }));
    const ack = parse(await browser.next(isCmd('subscribe')));
    expect(ack).toEqual({ cmd: 'subscribe', code: 0, message: 'success', data: { channel: 'ticker', symbols: ['AAPL.US'] } });
    const first = parse(await browser.next(isCmd('ticker')));
    expect(first.data).toMatchObject({ symbol: 'AAPL.US', last_price: expect.any(String) as string });
    // Five simulated minutes later the price has moved: the next push round sends it.
    const moved = await fetch(`http://127.0.0.1:${server.port}/__sim/clock`, {
      method: 'POST',
      body: JSON.stringify({ now: '2026-11-25T15:05:00Z', frozen: true }),
    });
    expect(moved.status).toBe(200);
    const second = parse(await browser.next((text) => isCmd('ticker')(text) && text !== browser.received.find(isCmd('ticker'))));
    expect(second.data).toMatchObject({ symbol: 'AAPL.US', timestamp: expect.any(Number) as number });
    expect(second.data?.timestamp).toBeGreaterThan(first.data?.timestamp as number);
    expect(server.chartroom.realtime.stats.connections()).toBe(1);
    expect(server.chartroom.realtime.stats.subscriptions()).toEqual({ ticker: 1, depth: 0, trade: 0 });

    const metrics = await fetch(`http://127.0.0.1:${server.port}/metrics`);
    const text = await metrics.text();
    expect(text).toMatch(/^chartroom_realtime_connections 1$/m);
    expect(text).toMatch(/^chartroom_realtime_subscriptions\{channel="ticker"\} 1$/m);

    browser.socket.send(JSON.stringify({ cmd: 'unsubscribe', data: { channel: 'ticker', symbols: ['AAPL.US'] } }));
    await browser.next(isCmd('unsubscribe'));
    expect(server.chartroom.realtime.stats.subscriptions().ticker).toBe(0);
    browser.socket.close();
    await browser.closed;
    await eventually(() => server.chartroom.realtime.stats.connections() === 0);
    expect(server.chartroom.simulator?.realtime.connections()).toEqual([]);
  });

  it('sends a browser that asked with batch=1 a turn’s messages as one array frame, others one by one', async () => {
    const symbols = ['AAPL.US', 'MSFT.US', 'NVDA.US'];
    const subscribe = JSON.stringify({ cmd: 'subscribe', data: { channel: 'ticker', symbols } });
    const batched = connectBrowser(server.port, '/v1/realtime?batch=1');
    const single = connectBrowser(server.port);
    await Promise.all([batched.opened, single.opened]);
    batched.socket.send(subscribe);
    single.socket.send(subscribe);
    // The ack and the three snapshots are one turn's: one frame, in order.
    const frame = JSON.parse(await batched.next((text) => text.startsWith('['))) as Frame[];
    expect(frame.map((message) => message.cmd)).toEqual(['subscribe', 'ticker', 'ticker', 'ticker']);
    expect(frame.slice(1).map((message) => message.data?.symbol)).toEqual(symbols);
    expect(batched.received[0]).toBe(JSON.stringify(frame));
    await single.next((text) => isCmd('ticker')(text) && parse(text).data?.symbol === 'NVDA.US');
    expect(single.received.slice(0, 4).map((text) => parse(text).cmd)).toEqual(['subscribe', 'ticker', 'ticker', 'ticker']);
    batched.socket.close();
    single.socket.close();
    await Promise.all([batched.closed, single.closed]);
  });

  it('answers ping with pong', async () => {
    const browser = connectBrowser(server.port);
    await browser.opened;
    browser.socket.send('{"cmd":"ping"}');
    const pong = parse(await browser.next(isCmd('pong')));
    expect(pong).toMatchObject({ cmd: 'pong', code: 0, message: 'pong', data: { timestamp: expect.any(Number) as number } });
    browser.socket.close();
    await browser.closed;
  });

  it('ignores the browser’s api_key: the simulator sees the embedded Enterprise key', async () => {
    await eventually(() => server.chartroom.simulator?.realtime.connections().length === 0, 5_000, 'earlier sessions released');
    const browser = connectBrowser(server.port, '/v1/realtime?api_key=demo-free&apikey=demo-expired');
    await browser.opened;
    // Free would answer depth with 1004; Enterprise subscribes.
    browser.socket.send(JSON.stringify({ cmd: 'subscribe', data: { channel: 'depth', symbols: ['AAPL.US'] } }));
    expect(parse(await browser.next(isCmd('subscribe')))).toMatchObject({ code: 0, data: { channel: 'depth', symbols: ['AAPL.US'] } });
    expect(server.chartroom.simulator?.realtime.connections().map((connection) => connection.plan)).toEqual(['enterprise']);
    browser.socket.close();
    await browser.closed;
  });

  it('refuses foreign origins 403, unknown hosts 403, other paths 404, the fifth socket of a client 429', async () => {
    await eventually(() => server.chartroom.realtime.stats.connections() === 0, 5_000, 'earlier sockets closed');
    expect((await handshakeStatus(server.port, '/v1/realtime', { Origin: 'https://evil.example' })).status).toBe(403);
    expect((await handshakeStatus(server.port, '/v1/realtime', { Host: 'rebind.example', Origin: 'http://rebind.example' })).status).toBe(403);
    const notFound = await handshakeStatus(server.port, '/v1/realtimex');
    expect(notFound.status).toBe(404);
    expect(JSON.parse(notFound.body)).toEqual({ code: 2001, message: 'Invalid parameter: unknown path' });
    expect(await rawHandshakeStatus(server.port, '/v1/x/../realtime')).toBe(404);
    expect(await rawHandshakeStatus(server.port, '/index.html')).toBe(404);

    const held = Array.from({ length: 4 }, () => connectBrowser(server.port));
    await Promise.all(held.map((client) => client.opened));
    expect((await handshakeStatus(server.port)).status).toBe(429);
    for (const client of held) client.socket.close();
    await Promise.all(held.map((client) => client.closed));
  });

  it('closes 1009 on an oversize frame and 1003 on a binary one', async () => {
    const big = connectBrowser(server.port);
    await big.opened;
    big.socket.send('x'.repeat(16 * 1024 + 1));
    expect((await big.closed).code).toBe(1009);
    const binary = connectBrowser(server.port);
    await binary.opened;
    binary.socket.send(new Uint8Array([123, 125]));
    expect((await binary.closed).code).toBe(1003);
    await eventually(() => server.chartroom.simulator?.realtime.connections().length === 0, 5_000, 'simulator sessions released');
  });

  it('keeps a relayed socket open past the HTTP request and keep-alive timeouts', async () => {
    const strict = await startChartroom({ SERVER_HEADERS_TIMEOUT_MS: '200', SERVER_REQUEST_TIMEOUT_MS: '300', SERVER_KEEP_ALIVE_TIMEOUT_MS: '200' });
    try {
      const browser = connectBrowser(strict.port);
      await browser.opened;
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      browser.socket.send('{"cmd":"ping"}');
      expect(parse(await browser.next(isCmd('pong'))).code).toBe(0);
      browser.socket.close();
      await browser.closed;
    } finally {
      await strict.stop();
    }
  });

  it('closes every relayed socket 1001 "server going away" on shutdown', async () => {
    const other = await startChartroom({ SIM_NOW: '2026-11-25T15:00:00Z' });
    const browser = connectBrowser(other.port);
    await browser.opened;
    await other.stop();
    expect(await browser.closed).toEqual({ code: 1001, reason: 'server going away' });
    expect(other.chartroom.simulator?.realtime.connections()).toEqual([]);
  });
});
