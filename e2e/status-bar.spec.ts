/**
 * The status bar tells the truth: its last update counts pushes as well as HTTP answers; its
 * failure counter is the feed's health, not a user's unknown symbol, and forgets a removed row
 * (whose query stops); it never shows the service's raw text and never wraps.
 */
import type { Page } from '@playwright/test';
import { expect, test, withoutRealtime } from './fixtures.ts';
import { resetSimulator } from './sim-control.ts';

test.beforeEach(async ({ request }) => {
  await resetSimulator(request);
});

/** A watchlist as the persisted store holds it (the add box may refuse what a saved list holds). */
async function withWatchlist(page: Page, symbols: readonly string[]): Promise<void> {
  await page.addInitScript((saved) => {
    localStorage.setItem(
      'chartroom',
      JSON.stringify({ state: { watchlists: [{ id: 'e2e', name: 'E2E', symbols: saved }], activeWatchlistId: 'e2e' }, version: 1 }),
    );
  }, symbols);
}

/** Paths and queries of the page's /v1 HTTP requests, as they leave. */
function recordApiRequests(page: Page): URL[] {
  const requests: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/v1/') && request.resourceType() !== 'websocket') requests.push(url);
  });
  return requests;
}

const tickerRequestsFor = (requests: readonly URL[], symbol: string) =>
  requests.filter((url) => url.pathname === '/v1/market/ticker' && (url.searchParams.get('symbols') ?? '').split(',').includes(symbol)).length;

/** The clock time of the last update ("Updated: 15:04:05 UTC+1 (2 s ago)" → "15:04:05 UTC+1"), without its age. */
const updatedAt = async (page: Page) => /Updated: (.*) \(/.exec((await page.getByTestId('status-updated').getAttribute('title')) ?? '')?.[1] ?? '';

test('pushes count as updates: with HTTP idle, the last update keeps moving with the watchlist pushes', async ({ page }) => {
  await withWatchlist(page, ['AAPL.US', 'MSFT.US', 'NVDA.US']);
  const requests = recordApiRequests(page);
  // The stock info tab: nothing on screen polls HTTP while the socket carries the quotes.
  await page.goto('/?symbol=AAPL.US&tab=info');
  await expect(page.getByTestId('status-realtime')).toHaveText('Live: streaming', { timeout: 15_000 });
  await expect(page.getByTestId('watchlist-row').first().getByTestId('watchlist-last')).toHaveText(/\d/);
  // Let the first screen's requests settle, then watch HTTP stay idle while the bar moves.
  await expect
    .poll(
      async () => {
        const before = requests.length;
        await page.waitForTimeout(3_000);
        return requests.length - before;
      },
      { timeout: 30_000 },
    )
    .toBe(0);
  const idleFrom = requests.length;
  const first = await updatedAt(page);
  await expect.poll(() => updatedAt(page), { timeout: 15_000 }).not.toBe(first);
  const second = await updatedAt(page);
  await expect.poll(() => updatedAt(page), { timeout: 15_000 }).not.toBe(second);
  expect(requests.slice(idleFrom).map((url) => url.pathname)).toEqual([]);
  await expect(page.getByTestId('status-updated')).toContainText('just now');
});

test('an unknown symbol in a watchlist is asked for once, and is neither a feed failure nor a channel warning', async ({ page }) => {
  await withWatchlist(page, ['AAPL.US', 'NOPE.US', 'MSFT.US']);
  const requests = recordApiRequests(page);
  await page.goto('/?symbol=AAPL.US&tab=info');
  const unknown = page.getByTestId('watchlist-row').filter({ hasText: 'NOPE.US' });
  await expect(unknown).toBeVisible();
  await expect(page.getByTestId('status-realtime')).toHaveText('Live: streaming', { timeout: 15_000 });
  // Long enough for several 3 s polls and the 10 s error cadence.
  await page.waitForTimeout(12_000);
  await expect(page.getByTestId('status-rate-limit')).toHaveText('Rate limit: OK');
  await expect(page.getByTestId('status-realtime')).toHaveText('Live: streaming');
  expect(tickerRequestsFor(requests, 'NOPE.US')).toBeLessThanOrEqual(1);
});

test('on HTTP polling, a removed row leaves the ticker requests at once', async ({ page }) => {
  await withoutRealtime(page);
  await withWatchlist(page, ['AAPL.US', 'TSLA.US', 'MSFT.US']);
  const requests = recordApiRequests(page);
  await page.goto('/?symbol=AAPL.US&tab=info');
  const row = page.getByTestId('watchlist-row').filter({ hasText: 'TSLA.US' });
  await expect(row.getByTestId('watchlist-last')).toHaveText(/\d/);
  // Polled with the others every 3 s.
  await expect.poll(() => tickerRequestsFor(requests, 'TSLA.US'), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
  await row.getByRole('button', { name: 'Remove TSLA.US' }).click();
  await expect(row).toHaveCount(0);
  const afterRemoval = tickerRequestsFor(requests, 'TSLA.US');
  const others = tickerRequestsFor(requests, 'MSFT.US');
  await expect.poll(() => tickerRequestsFor(requests, 'MSFT.US'), { timeout: 15_000 }).toBeGreaterThanOrEqual(others + 2);
  expect(tickerRequestsFor(requests, 'TSLA.US')).toBe(afterRemoval);
});

for (const [width, height] of [
  [1024, 768],
  [390, 844],
] as const) {
  test(`one line at ${String(width)}×${String(height)} with an ambiguous symbol open, and none of the service's raw text`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.goto('/?symbol=BTCUSD&tab=chart');
    const bar = page.getByLabel('Status');
    await expect(page.getByTestId('status-realtime')).toHaveText(/Live: /, { timeout: 15_000 });
    await expect(page.getByTestId('status-updated')).toContainText(/\d|now/, { timeout: 15_000 });
    // Give the ambiguous symbol's requests and subscriptions time to be refused.
    await page.waitForTimeout(4_000);
    const text = await bar.innerText();
    expect(text).not.toMatch(/AMBIGUOUS|pass type|Invalid parameter|over HTTP/);
    await expect(page.getByTestId('status-realtime')).toHaveText('Live: streaming');
    await expect(page.getByTestId('status-rate-limit')).not.toContainText('failed');
    const lineHeight = (await page.getByTestId('status-realtime').boundingBox())?.height ?? 0;
    const barBox = await bar.boundingBox();
    expect(lineHeight).toBeGreaterThan(0);
    // One line: the bar is one item high plus its padding, not two.
    expect(barBox?.height ?? 0).toBeLessThan(lineHeight * 2);
    expect(barBox?.width ?? 0).toBeLessThanOrEqual(width);
  });
}
