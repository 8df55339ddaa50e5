/**
 * The key never leaves the server. Upstream mode for real: the standalone simulator stands in for
 * the service (it demands keys), and a Chartroom production server forwards to it with
 * MARKET_API_KEY. The dashboard is driven through every tab while everything the browser can see
 * is recorded — request URLs and headers, response headers and bodies, WebSocket frames, storage,
 * cookies — and then searched for the key, as are the built bundle and the server's own output.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { CONTRACT_PATHS } from '#shared/contract.ts';
import { expect, test } from './fixtures.ts';
import { readSimLog } from './sim-log.ts';
import { startServer, startSimulator, type RunningServer } from './start-server.ts';

const KEY = 'demo-enterprise';

/** Everything searched, by where it was seen; `hits` names the places holding the key. */
class Scanner {
  readonly hits: string[] = [];
  readonly counts = new Map<string, number>();

  scan(kind: string, where: string, data: string | Buffer): void {
    this.counts.set(kind, (this.counts.get(kind) ?? 0) + 1);
    if (data.includes(KEY)) this.hits.push(`${kind}: ${where}`);
  }

  count(kind: string): number {
    return this.counts.get(kind) ?? 0;
  }
}

/** A built file as the browser reads it: the build's .br and .gz copies decoded. */
function decodedCopy(file: string, bytes: Buffer): Buffer {
  if (file.endsWith('.br')) return brotliDecompressSync(bytes);
  if (file.endsWith('.gz')) return gunzipSync(bytes);
  return bytes;
}

function filesUnder(directory: string): string[] {
  return readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Records every request, response and frame of `page` into `scanner` until `stop`, which resolves
 * once every body and header read has been scanned.
 */
function recordTraffic(page: Page, scanner: Scanner): { stop: () => Promise<void>; bodyFailures: string[]; sockets: () => number } {
  const reads: Array<Promise<void>> = [];
  const bodyFailures: string[] = [];
  let sockets = 0;
  let recording = true;
  page.on('request', (request) => {
    if (!recording) return;
    scanner.scan('request URL', request.url(), request.url());
    const body = request.postDataBuffer();
    if (body) scanner.scan('request body', request.url(), body);
    reads.push(
      request.allHeaders().then((headers) => {
        scanner.scan('request headers', request.url(), JSON.stringify(headers));
      }),
    );
  });
  page.on('response', (response) => {
    if (!recording) return;
    reads.push(
      (async () => {
        const headers = await response.allHeaders();
        scanner.scan('response headers', response.url(), JSON.stringify(headers));
        // The workspace's event stream never ends while the page is open: no body to read. What it
        // sends (revision numbers) is checked in server/tests/workspace-http.test.ts.
        if ((headers['content-type'] ?? '').startsWith('text/event-stream')) {
          scanner.scan('event stream', response.url(), response.url());
          return;
        }
        try {
          scanner.scan('response body', response.url(), await response.body());
        } catch (error) {
          bodyFailures.push(`${response.url()}: ${String(error)}`);
        }
      })(),
    );
  });
  page.on('websocket', (socket) => {
    if (!recording) return;
    sockets++;
    scanner.scan('WebSocket URL', socket.url(), socket.url());
    socket.on('framesent', (frame) => {
      scanner.scan('WebSocket frame sent', socket.url(), frame.payload);
    });
    socket.on('framereceived', (frame) => {
      scanner.scan('WebSocket frame received', socket.url(), frame.payload);
    });
  });
  return {
    stop: async () => {
      recording = false;
      await Promise.all(reads);
    },
    bodyFailures,
    sockets: () => sockets,
  };
}

let simulator: RunningServer | undefined;
let chartroom: RunningServer | undefined;

test.beforeAll(async () => {
  // The simulator's clock is the real one here: in upstream mode the dashboard has no other.
  simulator = await startSimulator();
  chartroom = await startServer({ MARKET_API_KEY: KEY, MARKET_API_BASE_URL: simulator.url });
});

test.afterAll(async () => {
  await chartroom?.stop();
  await simulator?.stop();
});

test('in upstream mode the API key reaches the upstream only: not the browser, the bundle or the logs', async ({ page, request }) => {
  test.setTimeout(120_000);
  if (!chartroom || !simulator) throw new Error('servers did not start');
  const base = chartroom.url;
  const scanner = new Scanner();
  const traffic = recordTraffic(page, scanner);
  const main = page.getByRole('tabpanel');

  // Chart, with the interval and adjust switches.
  await page.goto(`${base}/?symbol=AAPL.US&interval=1d&adjust=none&tab=chart`);
  await expect(page.getByTestId('status-source')).toContainText('Live upstream', { timeout: 15_000 });
  await expect(page.getByTestId('chart-legend')).toContainText('C', { timeout: 15_000 });
  await page.getByRole('button', { name: '1h', exact: true }).click();
  await expect(page).toHaveURL(/interval=1h/);
  const adjust = page.getByRole('radiogroup', { name: 'Adjust' });
  await adjust.getByRole('radio', { name: 'Forward' }).check();
  await adjust.getByRole('radio', { name: 'Backward' }).check();
  await expect(page).toHaveURL(/adjust=backward/);
  await expect(page.getByTestId('chart-legend')).toContainText('C');

  // Every other tab, each until it shows its data (or says why there is none).
  await page.getByRole('tab', { name: 'Intraday' }).click();
  await expect(main.getByTestId('intraday-chart').or(main.getByTestId('intraday-message').filter({ hasNotText: 'Loading' }))).toBeVisible({ timeout: 15_000 });
  await page.getByRole('tab', { name: 'Stock info' }).click();
  await expect(main.getByTestId('stock-info')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('tab', { name: 'Trades' }).click();
  await expect(main.getByTestId('trade-row').first().or(main.getByTestId('trades-empty'))).toBeVisible({ timeout: 15_000 });
  await page.getByRole('tab', { name: 'HK market' }).click();
  await expect(page.getByTestId('hk-count')).toHaveText(/securities|match/, { timeout: 20_000 });
  // The order book, over HTTP: the upstream refuses depth subscriptions (4003), so the panel polls
  // GET /v1/market/depth and the key's path covers every endpoint.
  const refuse = await request.post(`${simulator.url}/__sim/realtime`, { data: { refuse: { depth: true } } });
  expect(refuse.ok()).toBe(true);
  await page.getByRole('tab', { name: 'Order book' }).click();
  await expect(main.getByTestId('book-feed')).toContainText('4003', { timeout: 15_000 });
  await expect(main.getByTestId('book-feed')).toContainText('over HTTP');
  await expect(main.getByTestId('book-bid')).toHaveCount(10, { timeout: 15_000 });

  // Search, then a watchlist change.
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Search symbols' });
  await dialog.getByRole('combobox', { name: 'Search symbols' }).fill('00700.HK');
  await expect(dialog.getByTestId('search-option').first()).toHaveAttribute('data-symbol', '700.HK');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/symbol=700\.HK/);
  await expect(page.getByTestId('header-last-price')).toHaveText(/\d/);
  const add = page.getByRole('combobox', { name: 'Add symbol' });
  await add.fill('NFLX.US');
  await add.press('Enter');
  const added = page.locator('[data-testid="watchlist-row"][data-symbol="NFLX.US"]');
  await expect(added.getByTestId('watchlist-last')).toHaveText(/\d/, { timeout: 15_000 });
  await page.getByRole('tab', { name: 'Chart' }).click();
  await expect(page.getByTestId('chart-legend')).toContainText('C', { timeout: 15_000 });

  // The screener: its server asks the full-market tickers with its key, the US's, then China's.
  await page.getByRole('tab', { name: 'Screener' }).click();
  const screener = page.getByTestId('screener');
  await expect(screener).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('screen-preset').selectOption({ label: 'Most active' });
  // A read that meets a closing keep-alive socket is only tried again.
  const upstreamUrl = simulator.url;
  const askedUpstream = async () => new Set((await readSimLog(request, upstreamUrl).catch(() => [])).map((entry) => entry.path));
  await expect.poll(async () => (await askedUpstream()).has('/v1/market/ticker/us-stock'), { timeout: 20_000 }).toBe(true);
  await screener.getByLabel('Market').selectOption('CN');
  await expect.poll(async () => (await askedUpstream()).has('/v1/market/ticker/cn-stock'), { timeout: 20_000 }).toBe(true);

  // What the page keeps: storage (IndexedDB included), cookies, caches.
  const kept = await page.evaluate(async () => ({
    local: JSON.stringify(Object.entries(localStorage)),
    session: JSON.stringify(Object.entries(sessionStorage)),
    cookie: document.cookie,
    caches: JSON.stringify('caches' in window ? await caches.keys() : []),
  }));
  scanner.scan('localStorage', 'page', kept.local);
  scanner.scan('sessionStorage', 'page', kept.session);
  scanner.scan('document.cookie', 'page', kept.cookie);
  scanner.scan('Cache Storage', 'page', kept.caches);
  scanner.scan('storage state', 'context', JSON.stringify(await page.context().storageState({ indexedDB: true })));
  await traffic.stop();

  // The built bundle, file by file.
  // The folder the server serves (CHARTROOM_DIST when a run builds elsewhere).
  const dist = filesUnder(process.env.CHARTROOM_DIST ?? 'dist');
  // The server's compressed copies are read decoded: the key could hide in their bytes.
  for (const file of dist) scanner.scan('dist file', file, decodedCopy(file, readFileSync(file)));

  // The Chartroom server's stdout and stderr.
  const serverOutput = chartroom.output();
  scanner.scan('Chartroom server output', 'stdout+stderr', serverOutput);

  console.log(`key secrecy: ${[...scanner.counts].map(([kind, count]) => `${String(count)} × ${kind}`).join(', ')}; ${String(traffic.sockets())} WebSocket(s)`);
  expect(scanner.hits).toEqual([]);
  expect(traffic.bodyFailures).toEqual([]);

  // The search really looked at things: the traffic of every tab, every kind of place, the whole bundle.
  expect(scanner.count('request URL')).toBeGreaterThan(20);
  expect(scanner.count('response body') + scanner.count('event stream')).toBe(scanner.count('response headers'));
  expect(dist.some((file) => file.endsWith('index.html'))).toBe(true);
  expect(dist.some((file) => file.endsWith('.js'))).toBe(true);
  expect(chartroom.truncated()).toBe(false);
  expect(serverOutput).toContain('live upstream mode');
  // …and would have seen the key: the simulator's own start line names the demo keys.
  const control = new Scanner();
  control.scan('simulator output', 'stdout+stderr', simulator.output());
  expect(control.hits).toEqual(['simulator output: stdout+stderr']);

  // The key did go upstream: the simulator received it on every request it answered.
  const upstreamLog = await readSimLog(request, simulator.url);
  expect(upstreamLog.filter((entry) => entry.key !== KEY)).toEqual([]);
  // …on each of the contract's paths.
  expect(new Set(upstreamLog.map((entry) => entry.path))).toEqual(new Set(CONTRACT_PATHS));
  // The page streamed too, through the server, which opened the upstream socket with its own key.
  expect(traffic.sockets()).toBeGreaterThan(0);
});
