/**
 * `/v1/realtime` through the production server assembly in upstream mode, in front of the
 * standalone simulator (what `npm run sim` serves, demanding keys) as the upstream.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectBrowser,
  eventually,
  startChartroom,
  startStandaloneSimulator,
  type RunningChartroom,
  type StandaloneSimulator,
} from '../realtime/test-support.ts';

const isCmd = (cmd: string) => (text: string) => (JSON.parse(text) as { cmd: string }).cmd === cmd;

describe('realtime in upstream mode, against the standalone simulator', () => {
  let upstream: StandaloneSimulator;
  let server: RunningChartroom;
  const running: RunningChartroom[] = [];

  async function chartroom(key: string, baseUrl = `http://127.0.0.1:${upstream.port}`): Promise<RunningChartroom> {
    const started = await startChartroom({ MARKET_API_KEY: key, MARKET_API_BASE_URL: baseUrl, CLIENT_RATE_LIMIT: '0' });
    running.push(started);
    return started;
  }

  beforeAll(async () => {
    upstream = await startStandaloneSimulator();
    server = await chartroom('demo-enterprise');
  });

  afterAll(async () => {
    for (const started of running) await started.stop();
    await upstream.stop();
    // The server keys of every test: never in a log line.
    for (const started of running) {
      for (const line of started.logLines) {
        expect(line).not.toContain('demo-enterprise');
        expect(line).not.toContain('demo-wrong');
      }
    }
  });

  it('connects upstream with the server key, not the browser’s, and relays subscribe, ack and pushes', async () => {
    const browser = connectBrowser(server.port, '/v1/realtime?api_key=demo-free');
    await browser.opened;
    browser.socket.send(JSON.stringify({ cmd: 'subscribe', data: { channel: 'depth', symbols: ['AAPL.US'] } }));
    // Free would get 1004 for depth: the simulator saw the server's Enterprise key.
    expect(JSON.parse(await browser.next(isCmd('subscribe')))).toMatchObject({ code: 0, data: { channel: 'depth', symbols: ['AAPL.US'] } });
    expect(JSON.parse(await browser.next(isCmd('depth')))).toMatchObject({ cmd: 'depth', data: { symbol: 'AAPL.US' } });
    expect(upstream.sim.realtime.connections().map((connection) => connection.plan)).toEqual(['enterprise']);
    expect(server.chartroom.realtime.stats.subscriptions()).toEqual({ ticker: 0, depth: 1, trade: 0 });
    browser.socket.send('{"cmd":"ping"}');
    expect(JSON.parse(await browser.next(isCmd('pong')))).toMatchObject({ code: 0, message: 'pong' });

    browser.socket.close();
    await browser.closed;
    await eventually(() => upstream.sim.realtime.connections().length === 0, 5_000, 'the upstream socket closed');
    expect(server.chartroom.realtime.stats.connections()).toBe(0);
    expect(server.chartroom.realtime.stats.subscriptions().depth).toBe(0);
  });

  it('serves two browsers on one upstream socket, and closes both with 1012 when the simulator drops it', async () => {
    const browsers = [connectBrowser(server.port), connectBrowser(server.port)];
    await Promise.all(browsers.map((browser) => browser.opened));
    await eventually(() => upstream.sim.realtime.connections().length === 1, 5_000, 'one upstream socket');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(upstream.sim.realtime.connections()).toHaveLength(1);
    expect(upstream.sim.realtime.dropAll()).toBe(1);
    for (const browser of browsers) expect(await browser.closed).toEqual({ code: 1012, reason: 'service restart' });
  });

  it('streams eleven browsers on one key through a simulator that allows one connection per key', async () => {
    upstream.sim.realtime.update({ maxConnectionsPerKey: 1 });
    try {
      const browsers = Array.from({ length: 11 }, () => connectBrowser(server.port));
      await Promise.all(browsers.map((browser) => browser.opened));
      browsers.forEach((browser, i) => {
        browser.socket.send(JSON.stringify({ cmd: 'subscribe', data: { channel: 'ticker', symbols: [i % 2 === 0 ? '00700.HK' : '700.HK'] } }));
      });
      for (const [i, browser] of browsers.entries()) {
        const push = JSON.parse(await browser.next(isCmd('ticker'))) as { data: { symbol: string } };
        expect(push.data.symbol).toBe(i % 2 === 0 ? '00700.HK' : '700.HK');
      }
      expect(upstream.sim.realtime.connections()).toHaveLength(1);
      expect(upstream.sim.realtime.connections()[0]?.subscriptions.ticker).toHaveLength(1);
      const metrics = await (await fetch(`http://127.0.0.1:${server.port}/metrics`)).text();
      expect(metrics).toMatch(/^chartroom_realtime_upstream_sockets 1$/m);
      expect(metrics).toMatch(/^chartroom_realtime_upstream_subscriptions\{channel="ticker"\} 1$/m);
      expect(metrics).toMatch(/^chartroom_realtime_subscriptions\{channel="ticker"\} 11$/m);
      expect(metrics).toMatch(/^chartroom_realtime_browser_subscriptions_max 1$/m);
      for (const browser of browsers) browser.socket.close();
      await Promise.all(browsers.map((browser) => browser.closed));
      await eventually(() => upstream.sim.realtime.connections().length === 0, 5_000, 'the upstream socket closed');
    } finally {
      upstream.sim.realtime.update({ maxConnectionsPerKey: 10 });
    }
  });

  it('forwards the HTTP fallback GET /v1/market/depth upstream', async () => {
    const response = await fetch(`http://127.0.0.1:${server.port}/v1/market/depth?symbol=AAPL.US&api_key=demo-free`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-chartroom-source')).toBe('upstream');
    expect(await response.json()).toMatchObject({ code: 0, data: { symbol: 'AAPL.US' } });
  });

  it('with a wrong server key: 1001 then close 1008', async () => {
    const wrong = await chartroom('demo-wrong');
    const browser = connectBrowser(wrong.port);
    const closed = await browser.closed;
    expect(browser.received.map((text) => JSON.parse(text) as unknown)).toEqual([
      { cmd: 'connect', code: 1001, message: 'Invalid or expired token', data: null },
    ]);
    expect(closed.code).toBe(1008);
  });

  it('with the upstream unreachable: 5001 then close 1011', async () => {
    const gone = await startStandaloneSimulator();
    const port = gone.port;
    await gone.stop();
    const unreachable = await chartroom('demo-enterprise', `http://127.0.0.1:${port}`);
    const browser = connectBrowser(unreachable.port);
    const closed = await browser.closed;
    expect(browser.received).toEqual(['{"cmd":"connect","code":5001,"message":"Data source unavailable","data":null}']);
    expect(closed).toEqual({ code: 1011, reason: 'Data source unavailable' });
    expect(unreachable.logLines.some((line) => line.includes('realtime upstream unreachable'))).toBe(true);
  });
});
