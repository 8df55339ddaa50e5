/**
 * A silent realtime socket (open, nothing arriving, not even a pong), against the real server and
 * simulator: the simulator's test control stops every frame to the browser while the socket stays
 * open. The page finds it by its ping deadline, says so in the status bar, marks the watchlist's
 * quotes stale, polls them over HTTP, and goes back to streaming once the socket answers again.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { setRealtimeSilent } from './sim-control';

const TICKER_PATH = '/v1/market/ticker';
const SHOTS = 'test-results/shots-socket';
const NO_ANSWER = 'Live: no answer — polling over HTTP';

/** Requests for tickers the page made, as they happen. */
function countTickerRequests(page: Page): { count: number } {
  const seen = { count: 0 };
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === TICKER_PATH) seen.count += 1;
  });
  return seen;
}

/** Every row's stale mark is drawn whole, between its name and its change: a long name's ellipsis does not hide it. */
async function expectMarksShown(page: Page): Promise<void> {
  const rows = page.getByTestId('watchlist-row');
  const count = await rows.count();
  expect(count).toBeGreaterThan(1);
  for (let index = 0; index < count; index += 1) {
    const row = rows.nth(index);
    const mark = await row.getByTestId('watchlist-stale').boundingBox();
    const change = await row.getByTestId('watchlist-change').boundingBox();
    const button = await row.locator('[data-row-open]').boundingBox();
    if (!mark || !change || !button) throw new Error(`row ${String(index)}: no mark, change or button`);
    expect(mark.width).toBeGreaterThan(0);
    expect(mark.x + mark.width).toBeLessThanOrEqual(change.x);
    expect(mark.x).toBeGreaterThanOrEqual(button.x);
  }
}

test.afterEach(async ({ request }) => {
  await setRealtimeSilent(request, false);
});

test('a silent socket: "no answer" within ~10 s, stale marks, quotes polled, then streaming again', async ({ page, request }) => {
  test.setTimeout(120_000);
  const tickers = countTickerRequests(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/?symbol=AAPL.US&interval=1d&tab=chart');
  const status = page.getByTestId('status-realtime');
  const rows = page.getByTestId('watchlist-row');
  await expect(status).toHaveText('Live: streaming', { timeout: 20_000 });
  await expect(rows.first()).toBeVisible();
  await expect(page.getByTestId('watchlist-stale')).toHaveCount(0);
  await expect(rows.first()).not.toHaveAttribute('data-quote');

  await setRealtimeSilent(request, true);
  // The ping deadline finds it 3 to 7 s after the last frame; no closing frame ever comes.
  await expect(status).toHaveText(NO_ANSWER, { timeout: 10_000 });
  const mark = rows.first().getByTestId('watchlist-stale');
  await expect(mark).toBeVisible();
  await expect(mark).toHaveAttribute('title', 'Quote not live: polled over HTTP');
  // Polled, not failed: the row says which as data too (the soak's probe reads it).
  await expect(rows.first()).toHaveAttribute('data-quote', 'polled');
  await expectMarksShown(page);
  await page.screenshot({ path: `${SHOTS}/silent.png` });

  // The quotes are polled: ticker requests go out again, and the rows' prices move with them.
  const polledFrom = tickers.count;
  const prices = async () => (await rows.getByTestId('watchlist-last').allTextContents()).join(' | ');
  const silentPrices = await prices();
  await expect.poll(() => tickers.count - polledFrom, { timeout: 12_000 }).toBeGreaterThanOrEqual(2);
  await expect.poll(prices, { timeout: 30_000 }).not.toBe(silentPrices);
  // Still silent after reconnects: an open socket proves nothing until it answers.
  await expect(status).toHaveText(NO_ANSWER);

  await setRealtimeSilent(request, false);
  // The next reconnect (its backoff grows while silent: a few seconds) answers.
  await expect(status).toHaveText('Live: streaming', { timeout: 30_000 });
  await expect(page.getByTestId('watchlist-stale')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/recovered.png` });
  // Live again: the ticker polling stops (two poll periods without a request).
  const streamingFrom = tickers.count;
  await page.waitForTimeout(7_000);
  expect(tickers.count - streamingFrom).toBe(0);
});

test('the network gone (offline emulation: the open socket gets nothing and no close): "offline" within ~10 s, rows marked, live again once online', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await page.goto('/?symbol=AAPL.US&interval=1d&tab=chart');
  const status = page.getByTestId('status-realtime');
  await expect(status).toHaveText('Live: streaming', { timeout: 20_000 });
  await context.setOffline(true);
  // The browser knows its network is gone: nothing polls either (the queries wait for it).
  await expect(status).toHaveText('Live: offline — waiting for the network', { timeout: 10_000 });
  await expect(page.getByTestId('watchlist-row').first().getByTestId('watchlist-stale')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/offline.png` });
  await context.setOffline(false);
  await expect(status).toHaveText('Live: streaming', { timeout: 40_000 });
  await expect(page.getByTestId('watchlist-stale')).toHaveCount(0);
});
