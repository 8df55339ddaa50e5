/**
 * The first page's load: the first K-line request leaves before React mounts (the boot starts it),
 * the app sets its User Timing marks, the page carries the data's clock, and panels that are not
 * on the first screen load only when asked. No wall-clock assertions: only orders and sets.
 */
import type { Page } from '@playwright/test';
import { PRECOMPRESS_MIN_BYTES } from '../server/precompressed-files.ts';
import { firstPageBytes } from '../scripts/bundle-size.ts';
import { expect, test, withoutCarriedPage } from './fixtures.ts';
import { resetSimulator, setClock } from './sim-control.ts';

const MARKS = ['chartroom:react-mounted', 'chartroom:first-candle', 'chartroom:first-quote'] as const;
/** The chunk of what renders once the chart's first candle is drawn, and its stylesheet (vite-plugins/first-screen-chunks.ts). */
const BESIDE_CHART_CHUNK = /\/assets\/beside-chart-[\w-]+\.(js|css)$/;
/** Chunks of the panels that load on demand (file names follow their modules). */
const LAZY_CHUNK = /\/assets\/(intraday-panel|stock-info-panel|trades-panel|hk-market-panel|search-palette|order-book-panel)[-.]/;

test.beforeEach(async ({ request }) => {
  await resetSimulator(request);
});
test.afterAll(async ({ request }) => {
  await resetSimulator(request);
});

function waitForMarks(page: Page) {
  return page.waitForFunction((names) => names.every((name) => performance.getEntriesByName(name, 'mark').length > 0), MARKS, { timeout: 20_000 });
}

/** Paths of the JS and CSS files the page asked for before its first candle was drawn. */
function scriptsBeforeFirstCandle(page: Page): Promise<string[]> {
  return page.evaluate((mark) => {
    const candle = performance.getEntriesByName(mark, 'mark')[0]?.startTime ?? Infinity;
    return performance
      .getEntriesByType('resource')
      .filter((entry) => /\.(js|css)$/.test(new URL(entry.name).pathname) && entry.startTime < candle)
      .map((entry) => new URL(entry.name).pathname);
  }, 'chartroom:first-candle');
}

/** Start times (page clock) of the marks and of the K-line history requests. */
function timeline(page: Page) {
  return page.evaluate((names) => {
    const mark = (name: string) => performance.getEntriesByName(name, 'mark')[0]?.startTime;
    const klines = performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname === '/v1/market/kline')
      .map((entry) => ({ url: entry.name, startTime: entry.startTime }));
    return { marks: Object.fromEntries(names.map((name) => [name, mark(name)])), klines };
  }, MARKS);
}

test('the first K-line request leaves before React mounts; the marks are set; no second identical request', async ({ page }) => {
  // The app's own request, as when the page comes without its first history page (first-page-carried.spec.ts).
  await withoutCarriedPage(page);
  await page.goto('/?symbol=MSFT.US&interval=1d&tab=chart');
  await waitForMarks(page);
  await expect(page.getByTestId('header-last-price')).toBeVisible();
  const { marks, klines } = await timeline(page);
  const mounted = marks['chartroom:react-mounted'];
  expect(mounted).toBeDefined();
  expect(klines.length).toBeGreaterThan(0);
  const first = klines.reduce((a, b) => (b.startTime < a.startTime ? b : a));
  expect(first.startTime).toBeLessThan(mounted ?? 0);
  // The chart took the boot's request: the same window was not asked for again.
  expect(klines.filter(({ url }) => url === first.url)).toHaveLength(1);
  // Ticker and history for the URL's symbol, not the default one first.
  expect(new URL(first.url).searchParams.get('symbol')).toBe('MSFT.US');
});

test("a shared link's symbol is the first request, not the default symbol's", async ({ page }) => {
  const symbols: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/v1/market/kline') symbols.push(url.searchParams.get('symbol') ?? '');
  });
  await withoutCarriedPage(page);
  await page.goto('/?symbol=700.HK&interval=1h&tab=chart');
  await waitForMarks(page);
  expect(symbols.length).toBeGreaterThan(0);
  expect(new Set(symbols)).toEqual(new Set(['700.HK']));
});

test("the page carries the data's clock, and the app runs on it before any API answer", async ({ page, request }) => {
  const shifted = '2026-03-02T15:00:00Z';
  await setClock(request, shifted, true);
  // No API answer (and so no X-Chartroom-Clock header) reaches the page: only the stamped clock can align it.
  await page.route('**/v1/**', (route) => route.abort());
  await page.goto('/?symbol=AAPL.US&interval=1d&tab=chart');
  const stamped = await page.locator('meta[name="chartroom-clock"]').getAttribute('content');
  expect(Number(stamped)).toBe(Date.parse(shifted));
  const shown = await page.getByTestId('local-time-US').getAttribute('datetime');
  const drift = Math.abs(Date.parse(shown ?? '') - Date.parse(shifted));
  expect(drift).toBeLessThan(60_000);
});

test("the first K-line window is aligned to the data's clock, not the browser's", async ({ page, request }) => {
  const shifted = Date.parse('2026-03-02T15:20:00Z');
  await setClock(request, new Date(shifted).toISOString(), true);
  const first = page.waitForRequest((req) => new URL(req.url()).pathname === '/v1/market/kline');
  await withoutCarriedPage(page);
  await page.goto('/?symbol=BTCUSDT&interval=1h&tab=chart');
  const endTime = Number(new URL((await first).url()).searchParams.get('end_time'));
  // Completed hours only: the page ends just before the current hour of the simulator's clock.
  expect(endTime).toBe(Date.parse('2026-03-02T15:00:00Z') - 1);
});

test("a repeat visit's offline side loads at once, before the first candle, and brings neither the app's panels beside the chart nor their stylesheet", async ({
  page,
}) => {
  // The flag a visit that kept market data leaves (src/app/offline/kept-flag.ts): the boot imports the offline side at once.
  await page.addInitScript(() => {
    localStorage.setItem('chartroom:offline-kept', '1');
  });
  await page.goto('/?symbol=AAPL.US&interval=1d&tab=chart');
  await waitForMarks(page);
  const beforeFirstCandle = await scriptsBeforeFirstCandle(page);
  expect(beforeFirstCandle.some((path) => /\/assets\/offline-start-[\w-]+\.js$/.test(path))).toBe(true);
  expect(beforeFirstCandle.filter((path) => BESIDE_CHART_CHUNK.test(path))).toEqual([]);
});

test('the first page loads exactly the counted JS and CSS, compressed; the panels beside the chart after its first candle; no lazy panel until asked', async ({
  page,
}) => {
  const loaded: string[] = [];
  const uncompressed: string[] = [];
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (!/\.(js|css)$/.test(url.pathname)) return;
    loaded.push(url.pathname);
    const coding = response.headers()['content-encoding'];
    // The server sends the build's brotli copies; files under MIN_BYTES have none (not worth it).
    if (coding !== 'br' && (await response.body()).length >= PRECOMPRESS_MIN_BYTES) uncompressed.push(url.pathname);
  });
  await page.goto('/?symbol=AAPL.US&interval=1d&tab=chart');
  await waitForMarks(page);
  await page.waitForLoadState('networkidle');

  // Before the first candle: exactly the counted files, the chart's chunk among them.
  const beforeFirstCandle = await scriptsBeforeFirstCandle(page);
  const counted = await firstPageBytes(process.env.CHARTROOM_DIST ?? 'dist');
  expect(new Set(beforeFirstCandle)).toEqual(new Set(counted.files.map(({ file }) => `/${file}`)));
  // After it: the chunk of the watchlists, the markets and the header's session state, with its
  // stylesheet (the chart's full screen…), the tabs' exchange of record changes (src/app/tab-sync.ts),
  // and the small pieces that follow the first candle (the legends' lines, names in the language's
  // script, a layout link's check): never a panel's chunk (below).
  const after = loaded.filter((path) => !beforeFirstCandle.includes(path));
  expect(
    after
      .filter((path) => BESIDE_CHART_CHUNK.test(path))
      .map((path) => path.replace(/^.*\./, ''))
      .sort(),
  ).toEqual(['css', 'js']);
  expect(after.some((path) => /\/assets\/tab-sync[-.]/.test(path))).toBe(true);
  expect(uncompressed).toEqual([]);
  expect(loaded.filter((path) => LAZY_CHUNK.test(path))).toEqual([]);

  // Asked for: the tab's chunk comes.
  await page.getByRole('tab', { name: 'Intraday' }).click();
  await expect.poll(() => loaded.some((path) => /\/assets\/intraday-panel[-.]/.test(path))).toBe(true);
  expect(loaded.filter((path) => LAZY_CHUNK.test(path) && !path.includes('intraday-panel'))).toEqual([]);
});
