/**
 * One key, a whole desk (issue 16). Upstream mode for real: the standalone simulator stands in
 * for the service, limited to ten realtime connections per key, and a Chartroom production server
 * forwards to it with one key. Eleven browser contexts open the dashboard: every one streams and
 * none falls back to HTTP, because the server carries them all on one upstream socket.
 *
 * And the simulator answers pages from another origin as the service does: a page served by a
 * second loopback server calls it with X-API-Key (preflight and all).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebSocket } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import type { SimRealtimeState } from './sim-control.ts';
import { startServer, startSimulator, type RunningServer } from './start-server.ts';

const KEY = 'demo-enterprise';
const BROWSERS = 11;

let simulator: RunningServer;
let chartroom: RunningServer;

test.beforeAll(async () => {
  simulator = await startSimulator({ SIM_MAX_CONNECTIONS_PER_KEY: '10' });
  // Without a workspace: eleven fresh browsers syncing one workspace is not what this measures.
  chartroom = await startServer({ MARKET_API_KEY: KEY, MARKET_API_BASE_URL: simulator.url, WORKSPACE: 'off' });
});

test.afterAll(async () => {
  await chartroom.stop();
  await simulator.stop();
});

test('eleven browsers on one key, against a service allowing ten connections: all stream, none falls back to HTTP', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const limits = (await (await request.get(`${simulator.url}/__sim/realtime`)).json()) as SimRealtimeState;
  expect(limits.settings.maxConnectionsPerKey).toBe(10);

  const contexts = await Promise.all(Array.from({ length: BROWSERS }, () => browser.newContext()));
  const closes: string[] = [];
  const frames: string[] = [];
  try {
    const pages = await Promise.all(contexts.map((context) => context.newPage()));
    pages.forEach((page, i) => {
      page.on('websocket', (socket: WebSocket) => {
        socket.on('framereceived', (frame) => {
          if (typeof frame.payload === 'string' && frame.payload.includes('"connect"')) frames.push(`page ${i}: ${frame.payload}`);
        });
        socket.on('close', () => closes.push(`page ${i}: ${socket.url()}`));
      });
    });
    // One after another: the machine is small, and the socket sharing is what is under test.
    for (const page of pages) await page.goto(`${chartroom.url}/?symbol=AAPL.US`);
    for (const page of pages) await expect(page.getByTestId('status-realtime')).toHaveText('Live: streaming', { timeout: 30_000 });

    // Prices keep ticking on every page for a while, on the socket.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    for (const page of pages) await expect(page.getByTestId('status-realtime')).toHaveText('Live: streaming');
    expect(closes).toEqual([]);
    expect(frames).toEqual([]);

    const state = (await (await request.get(`${simulator.url}/__sim/realtime`)).json()) as SimRealtimeState;
    expect(state.connections).toHaveLength(1);
    const metrics = await (await request.get(`${chartroom.url}/metrics`)).text();
    expect(metrics).toMatch(/^chartroom_realtime_upstream_sockets 1$/m);
    expect(metrics).toMatch(new RegExp(`^chartroom_realtime_connections ${BROWSERS}$`, 'm'));
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
});

test('a page from another origin calls the standalone simulator with X-API-Key', async ({ page }) => {
  const html = `<!doctype html><meta charset="utf-8"><title>demo client</title><pre id="out">…</pre>
<script>
fetch(${JSON.stringify(`${simulator.url}/v1/market/ticker?symbols=AAPL.US,700.HK`)}, { headers: { 'X-API-Key': ${JSON.stringify(KEY)} } })
  .then((response) => response.json())
  .then((body) => { document.getElementById('out').textContent = body.code + ' ' + body.data.map((t) => t.symbol).join(','); })
  .catch((error) => { document.getElementById('out').textContent = 'failed ' + error; });
</script>`;
  const other = http.createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  try {
    const origin = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    expect(origin).not.toBe(new URL(simulator.url).origin);
    await page.goto(`${origin}/`);
    await expect(page.locator('#out')).toHaveText('0 AAPL.US,700.HK');
  } finally {
    other.closeAllConnections();
    await new Promise((resolve) => other.close(resolve));
  }
});
