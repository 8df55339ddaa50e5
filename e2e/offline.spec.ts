/**
 * Issue 33: the app opens without the network on what it last saw, marked offline, and is live
 * again when the network returns, with no reload. The service worker is allowed here (the other
 * journeys block it: playwright.config.ts).
 */
import type { Page } from '@playwright/test';
import { candlePixels } from './chart-pixels.ts';
import { expect, test } from './fixtures.ts';
import { keptData } from './kept-data.ts';
import { resetSimulator } from './sim-control.ts';

test.use({ serviceWorkers: 'allow' });

test.beforeEach(async ({ request }) => {
  await resetSimulator(request);
});

/** Until the worker controls the page and the kept data names `symbol` (saved after answers come in). */
async function waitUntilKept(page: Page, symbol: string): Promise<void> {
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20_000 }).toBe(true);
  await expect.poll(() => keptData(page), { timeout: 20_000 }).toContain(`"${symbol}"`);
}

async function searchFinds(page: Page, typed: string, symbol: string): Promise<void> {
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Search symbols' });
  await expect(dialog.getByRole('combobox', { name: 'Search symbols' })).toBeFocused();
  await page.keyboard.type(typed, { delay: 40 });
  await expect(dialog.getByTestId('search-option').first()).toHaveAttribute('data-symbol', symbol);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

test('offline, a reload opens on the last chart and the watchlist with their kept data, marked; online again, live with no reload', async ({
  page,
  context,
}) => {
  await page.goto('/?symbol=AAPL.US&interval=1d');
  await expect.poll(async () => (await candlePixels(page)).up, { timeout: 15_000 }).toBeGreaterThan(100);
  const lastPrices = page.getByTestId('watchlist-last');
  await expect(lastPrices.first()).toHaveText(/\d/, { timeout: 15_000 });
  // The search once online: its catalogue index is kept by the worker.
  await searchFinds(page, 'MSFT', 'MSFT.US');
  await waitUntilKept(page, 'AAPL.US');
  const keptRows = await page.getByTestId('watchlist-row').count();
  // The data's clock (the simulator's, days from this machine's): the markets' local time shows it.
  const marketTime = page.locator('[data-testid^="local-time-"]').first();
  const dataNow = async () => Date.parse((await marketTime.getAttribute('datetime')) ?? '');
  const onlineNow = await dataNow();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-banner')).toContainText(/Offline since .+Prices as of/);
  await expect.poll(async () => (await candlePixels(page)).up, { timeout: 5_000 }).toBeGreaterThan(100);
  const firstCandle = await page.evaluate(() => performance.getEntriesByName('chartroom:first-candle')[0]?.startTime ?? -1);
  console.log(`offline reload: first candle ${firstCandle.toFixed(0)} ms after navigation start`);
  expect(firstCandle).toBeGreaterThan(0);
  await expect(page.getByTestId('symbol-header')).toContainText('AAPL.US');
  await expect(page.getByTestId('watchlist-row')).toHaveCount(keptRows);
  await expect(lastPrices.first()).toHaveText(/\d/);
  await expect(page.getByTestId('status-realtime')).toContainText('Live: offline — waiting for the network');
  // The worker's page carries no clock: the one kept with the data goes on from where it was.
  await expect(marketTime).toHaveAttribute('datetime', /\d/);
  expect(Math.abs((await dataNow()) - onlineNow)).toBeLessThan(5 * 60_000);

  // The search works offline, typed at a typist's pace from the moment it shows.
  await searchFinds(page, 'NVDA', 'NVDA.US');

  // A symbol never opened online: it says it waits for the network.
  await page.goto('/?symbol=0700.HK&interval=1d');
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await expect(page.getByText('Offline: nothing was kept for this here. It loads once the network is back.')).toBeVisible();

  // Back online: the banner goes, the chart fills and the socket opens, with no reload.
  const navigations: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations.push(frame.url());
  });
  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  await expect.poll(async () => (await candlePixels(page)).up, { timeout: 15_000 }).toBeGreaterThan(100);
  await expect(page.getByTestId('status-realtime')).toHaveAttribute('data-connection', 'open', { timeout: 15_000 });
  expect(navigations).toEqual([]);
});
