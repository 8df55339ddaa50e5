/**
 * The first history page carried in index.html (server/first-page.ts, src/api/inlined-answer.ts):
 * a cold visit, and a shared link to one chart, draw their first candles with no
 * `/v1/market/kline` request, with or without the early chart; a link to a layout, or a saved
 * layout the server cannot see, asks for its own pages and draws them. Nothing is timed: the requests the page makes are the evidence.
 */
import type { Page, Response } from '@playwright/test';
import { candlePixels } from './chart-pixels.ts';
import { expect, test } from './fixtures.ts';
import { isQuoteStripYear } from './quote-strip-request.ts';
import { resetSimulator } from './sim-control.ts';

const CARRIED = /<script type="application\/json" id="chartroom-first-page" data-url="([^"]*)"/;
/** A stock's factors, carried beside its page: the chart draws adjusted candles without asking for them. */
const CARRIED_FACTORS = /<script type="application\/json" id="chartroom-first-factors" data-url="\/v1\/market\/kline\/ex-factors\?symbols=AAPL\.US"/;

/** The page's requests for factors (`/v1/market/kline/ex-factors`). */
function factorsRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/v1/market/kline/ex-factors') seen.push(url.search);
  });
  return seen;
}

/** The page's requests for a page of a chart's history (`/v1/market/kline` itself, not latest or ex-factors), as their queries. */
function historyRequests(page: Page): URLSearchParams[] {
  const seen: URLSearchParams[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/v1/market/kline' && !isQuoteStripYear(url.searchParams)) seen.push(url.searchParams);
  });
  return seen;
}

/** The request whose answer the page's HTML carried, if any. */
async function carriedRequest(response: Response | null): Promise<string | undefined> {
  return CARRIED.exec((await response?.text()) ?? '')?.[1]?.replace(/&amp;/g, '&');
}

const firstCandle = (page: Page) => page.waitForFunction(() => performance.getEntriesByName('chartroom:first-candle', 'mark').length > 0);

async function expectCandlesDrawn(page: Page): Promise<void> {
  await firstCandle(page);
  await expect.poll(async () => (await candlePixels(page)).up, { timeout: 10_000 }).toBeGreaterThan(0);
}

test.beforeEach(async ({ request }) => {
  await resetSimulator(request);
});

for (const search of ['', '?early=0', '?lang=zh-CN&tz=utc']) {
  test(`a cold visit to /${search} draws the carried page with no K-line history request`, async ({ page, request }) => {
    // The page waits only so long for its first history page: a fresh server's first computation
    // of the window may miss it, and fills the K-line cache for the next page.
    await expect
      .poll(async () => {
        const html = await (await request.get(`/${search}`)).text();
        return CARRIED.test(html) && CARRIED_FACTORS.test(html);
      })
      .toBe(true);
    const requests = historyRequests(page);
    const factors = factorsRequests(page);
    const carried = await carriedRequest(await page.goto(`/${search}`));
    expect(carried).toMatch(/^\/v1\/market\/kline\?symbol=AAPL\.US&interval=1d&limit=1000&end_time=\d+&adjust=none$/);
    await expectCandlesDrawn(page);
    await expect(page.getByTestId('symbol-header')).toContainText('AAPL.US');
    // The boot read the elements and took them out of the page.
    await expect(page.locator('#chartroom-first-page, #chartroom-first-factors, #chartroom-first-ticker')).toHaveCount(0);
    expect(requests).toEqual([]);
    // The stock's factors came with the page: its candles were adjusted without asking for them.
    expect(factors).toEqual([]);
  });
}

for (const [search, symbol] of [
  ['?symbol=700.HK&interval=1d&tab=chart', '700.HK'],
  ['?symbol=btcusdt&interval=3m', 'BTCUSDT'],
  ['?symbol=EURUSD&type=forex&interval=1h', 'EURUSD'],
] as const) {
  test(`a shared link ${search} carries its own chart's page and draws it with no K-line history request`, async ({ page, request }) => {
    await expect.poll(async () => CARRIED.test(await (await request.get(`/${search}`)).text())).toBe(true);
    const requests = historyRequests(page);
    const carried = await carriedRequest(await page.goto(`/${search}`));
    expect(new URLSearchParams(carried?.split('?')[1]).get('symbol')).toBe(symbol);
    await expectCandlesDrawn(page);
    await expect(page.getByTestId('symbol-header')).toContainText(symbol);
    expect(requests).toEqual([]);
  });
}

test('a link to a layout of several charts carries nothing, asks for each chart’s page and draws them', async ({ page }) => {
  const requests = historyRequests(page);
  expect(await carriedRequest(await page.goto('/?layout=2h&charts=MSFT.US~1d~none,700.HK~1d~none&active=0'))).toBeUndefined();
  await expectCandlesDrawn(page);
  await expect(page.getByTestId('symbol-header')).toContainText('MSFT.US');
  await expect.poll(() => requests.map((query) => query.get('symbol')).sort()).toEqual(['700.HK', 'MSFT.US']);
});

test('a bare visit reopening a saved layout of other symbols fetches those: the carried page does not match', async ({ page }) => {
  // The first visit saves its layout (local storage), which the server cannot see; a bare visit opens it again.
  await page.goto('/?layout=2h&charts=MSFT.US~1d~none,700.HK~1d~none&active=0');
  await expectCandlesDrawn(page);
  const requests = historyRequests(page);
  const carried = await carriedRequest(await page.goto('/'));
  expect(carried).toContain('symbol=AAPL.US');
  await expectCandlesDrawn(page);
  await expect(page.getByTestId('symbol-header')).toContainText('MSFT.US');
  await expect.poll(() => requests.map((query) => query.get('symbol')).sort()).toEqual(['700.HK', 'MSFT.US']);
});
