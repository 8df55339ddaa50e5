/**
 * The order book tab: a ten-level ladder a side that moves, live over the realtime channel; over
 * HTTP every 2 s when the simulator refuses depth subscriptions; a sentence for markets without one.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { resetSimulator, setClock } from './sim-control.ts';

/** A Wednesday 10:00 in Hong Kong: the HK book moves only while its market trades. */
const HK_MORNING = '2026-11-25T02:00:00Z';

async function refuseDepth(request: APIRequestContext, refuse: boolean): Promise<void> {
  const response = await request.post('/__sim/realtime', { data: { refuse: { depth: refuse } } });
  if (!response.ok()) throw new Error(`realtime: ${String(response.status())} ${await response.text()}`);
}

/** Counts the page's `GET /v1/market/depth` requests from now on. */
function countDepthRequests(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/v1/market/depth') count++;
  });
  return () => count;
}

async function ladderText(page: Page): Promise<string> {
  return (await page.getByTestId('depth-ladder').locator('tbody').allInnerTexts()).join('\n');
}

const priceOf = async (page: Page, testId: string, index: number): Promise<number> =>
  Number((await page.getByTestId(testId).nth(index).locator('td').first().innerText()).replace(/,/g, ''));

async function expectMovingLadder(page: Page): Promise<void> {
  await expect(page.getByTestId('book-ask')).toHaveCount(10, { timeout: 15_000 });
  await expect(page.getByTestId('book-bid')).toHaveCount(10);
  const bestBid = await priceOf(page, 'book-bid', 0);
  const bestAsk = await priceOf(page, 'book-ask', 9);
  expect(bestBid).toBeGreaterThan(0);
  expect(bestBid).toBeLessThan(bestAsk);
  // Asks run down to the best one, bids down from the best one.
  expect(await priceOf(page, 'book-ask', 0)).toBeGreaterThan(bestAsk);
  expect(await priceOf(page, 'book-bid', 9)).toBeLessThan(bestBid);
  await expect(page.getByRole('table', { name: /Order book of/ })).toBeVisible();
  const first = await ladderText(page);
  await expect.poll(() => ladderText(page), { timeout: 15_000 }).not.toBe(first);
}

test.beforeEach(async ({ request }) => {
  await resetSimulator(request);
  await refuseDepth(request, false);
});

test.afterEach(async ({ request }) => {
  await refuseDepth(request, false);
  await resetSimulator(request);
});

test('AAPL.US: ten levels a side, best bid below best ask, numbers moving, live without HTTP polling', async ({ page }) => {
  const depthRequests = countDepthRequests(page);
  await page.goto('/?symbol=AAPL.US&tab=book');
  await expect(page.getByRole('tab', { name: 'Order book' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('book-feed')).toHaveAttribute('data-state', 'live', { timeout: 15_000 });
  await expect(page.getByTestId('book-feed')).toHaveText('Live order book, updated as it changes');
  await expectMovingLadder(page);
  const whileLive = depthRequests();
  // At most the one request made while the socket connected.
  expect(whileLive).toBeLessThanOrEqual(1);
  await page.waitForTimeout(4_500);
  expect(depthRequests()).toBe(whileLive);
});

test('700.HK during the Hong Kong session: the same ladder, moving', async ({ page, request }) => {
  await setClock(request, HK_MORNING, false);
  await page.goto('/?symbol=700.HK&tab=book');
  await expectMovingLadder(page);
  await expect(page.getByTestId('book-spread')).toContainText('bps');
});

test('depth refused by the realtime service: the panel polls /v1/market/depth every 2 s and says why', async ({ page, request }) => {
  const depthRequests = countDepthRequests(page);
  await page.goto('/?symbol=AAPL.US&tab=book');
  await expect(page.getByTestId('book-feed')).toHaveAttribute('data-state', 'live', { timeout: 15_000 });

  await refuseDepth(request, true);
  const feed = page.getByRole('status').filter({ hasText: 'Order book over HTTP' });
  await expect(feed).toHaveText('Order book over HTTP every 2 s (4003 Depth subscriptions temporarily unavailable)');
  const atRefusal = depthRequests();
  await page.waitForTimeout(6_500);
  // Every 2 s: three or four requests in 6.5 s.
  expect(depthRequests() - atRefusal).toBeGreaterThanOrEqual(3);
  expect(depthRequests() - atRefusal).toBeLessThanOrEqual(5);
  await expect(page.getByTestId('book-bid')).toHaveCount(10);

  // Opened while refused: HTTP from the start.
  await page.goto('/?symbol=MSFT.US&tab=book');
  await expect(feed).toHaveText('Order book over HTTP every 2 s (4003 Depth subscriptions temporarily unavailable)', { timeout: 15_000 });
  await expect(page.getByTestId('book-ask')).toHaveCount(10);
});

test('EURUSD has no order book: a sentence, no depth request', async ({ page }) => {
  const depthRequests = countDepthRequests(page);
  await page.goto('/?symbol=EURUSD&tab=chart');
  // Keys reach the app once it is on screen (the chart may be painted before it).
  await expect(page.getByTestId('symbol-header')).toContainText('EURUSD');
  await page.keyboard.press('Alt+6');
  await expect(page.getByRole('tab', { name: 'Order book' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/tab=book/);
  await expect(page.getByTestId('book-unavailable')).toHaveText('No order book for EURUSD: this market has none (forex, metals and indices).', {
    timeout: 15_000,
  });
  await page.waitForTimeout(2_500);
  expect(depthRequests()).toBe(0);
});

test('screenshots: desktop dark and light, phone', async ({ page, request }) => {
  await setClock(request, HK_MORNING, true);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/?symbol=700.HK&tab=book');
  await expect(page.getByTestId('book-bid')).toHaveCount(10, { timeout: 15_000 });
  await page.screenshot({ path: 'screenshots/order-book-desktop-dark.png' });
  await page.getByRole('button', { name: /Switch to light theme/ }).click();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await page.screenshot({ path: 'screenshots/order-book-desktop-light.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/?symbol=BTCUSDT&tab=book');
  await expect(page.getByTestId('book-bid')).toHaveCount(10, { timeout: 15_000 });
  await page.getByRole('tab', { name: 'Order book' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'screenshots/order-book-phone-light.png', fullPage: true });
});
