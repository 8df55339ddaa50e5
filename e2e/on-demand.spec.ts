/**
 * What waits for a click loads on the click, or just before it: pointing at (or focusing) a tab,
 * or the search button starts its chunk's download, and the first page loads none
 * of them by itself. Only sets and orders: no timings.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { resetSimulator } from './sim-control.ts';

/** Every chunk that loads on demand (file names follow their modules; the indicators' picker and kinds the chart does not show). */
const ON_DEMAND =
  /\/assets\/(intraday-panel|stock-info-panel|trades-panel|hk-market-panel|order-book-panel|search-palette|indicator-picker|indicator-loaders|kdj|vwap|macd|rsi|ichimoku|column-chooser|import-dialog|undo-toast|drag-row)[-.]/;

test.beforeEach(async ({ request }) => {
  await resetSimulator(request);
});

/** Paths of the scripts the page has asked for so far. */
function scriptsOf(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.endsWith('.js')) asked.push(path);
  });
  return asked;
}

const chunk = (name: string) => new RegExp(`/assets/${name}[-.]`);

test('the first page loads no on-demand chunk; each starts on intent and opens on the click', async ({ page }) => {
  const asked = scriptsOf(page);
  await page.goto('/?symbol=AAPL.US&interval=1d&tab=chart');
  await expect(page.getByTestId('watchlist-row').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('market-US')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(asked.filter((path) => ON_DEMAND.test(path))).toEqual([]);

  // A tab: the panel's chunk is on its way before the click.
  await page.getByRole('tab', { name: 'Trades' }).hover();
  await expect.poll(() => asked.some((path) => chunk('trades-panel').test(path))).toBe(true);
  await page.getByRole('tab', { name: 'Trades' }).click();
  await expect(page.getByRole('table', { name: 'Trades of AAPL.US' })).toBeVisible({ timeout: 15_000 });

  // Keyboard focus counts as intent too.
  await page.getByRole('tab', { name: 'Order book' }).focus();
  await expect.poll(() => asked.some((path) => chunk('order-book-panel').test(path))).toBe(true);

  // Search.
  await page.getByRole('button', { name: /Search/ }).hover();
  await expect.poll(() => asked.some((path) => chunk('search-palette').test(path))).toBe(true);
  await page.getByRole('button', { name: /Search/ }).click();
  await expect(page.getByRole('dialog', { name: 'Search symbols' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Search symbols' })).toHaveCount(0);

  // A new list's name typed at once after the click: the field is in the watchlist's chunk, every letter lands.
  const actions = page.getByRole('toolbar', { name: 'List actions' });
  await actions.getByRole('button', { name: '+ New list' }).click();
  await page.keyboard.type('Asia banks');
  await expect(page.getByRole('textbox', { name: 'List name' })).toHaveValue(/Asia banks$/);
  await page.keyboard.press('Escape');
  await expect(actions).toBeVisible();

  // Nothing asked for loaded anything else.
  expect(asked.filter((path) => chunk('intraday-panel').test(path))).toEqual([]);
});

test('a panel whose code failed to download (offline, or a chunk of another build) comes back with Retry, without a reload', async ({ page }) => {
  let failing = true;
  await page.route(chunk('trades-panel'), (route) => (failing ? route.abort('internetdisconnected') : route.continue()));
  await page.goto('/?symbol=AAPL.US&interval=1d&tab=chart');
  await expect(page.getByTestId('watchlist-row').first()).toBeVisible({ timeout: 20_000 });
  await page.getByRole('tab', { name: 'Trades' }).click();
  const retry = page.getByRole('button', { name: 'Retry' });
  await expect(retry).toBeVisible({ timeout: 15_000 });
  // In the trader's words, not the browser's ("Failed to fetch dynamically imported module: …").
  await expect(page.getByText('This part of the app did not download.')).toBeVisible();
  await expect(page.getByText(/dynamically imported/)).toHaveCount(0);
  await page.screenshot({ path: 'test-results/on-demand/panel-download-failed.png' });
  failing = false;
  await retry.click();
  await expect(page.getByRole('table', { name: 'Trades of AAPL.US' })).toBeVisible({ timeout: 15_000 });
});

test('a popup whose code failed to download says so beside its button; the chart under it stays, and Retry opens it', async ({ page }) => {
  let failing = true;
  await page.route(chunk('indicator-picker'), (route) => (failing ? route.abort('internetdisconnected') : route.continue()));
  await page.setViewportSize({ width: 1920, height: 900 });
  await page.goto('/?symbol=AAPL.US&interval=1d&tab=chart');
  const chart = page.getByTestId('main-chart');
  await expect(chart).toHaveAttribute('aria-label', /AAPL\.US/, { timeout: 20_000 });
  await page.getByRole('button', { name: 'Indicators…' }).click();
  const notice = page.getByRole('alert').filter({ hasText: 'This part of the app did not download.' });
  await expect(notice).toBeVisible({ timeout: 15_000 });
  // The chart and its toolbar are still there (the whole panel's notice replaced them before).
  await expect(chart).toBeVisible();
  await expect(page.getByRole('group', { name: 'Interval' })).toBeVisible();
  await page.screenshot({ path: 'test-results/on-demand/popup-download-failed.png' });
  failing = false;
  await notice.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('dialog', { name: /Indicators/ })).toBeVisible({ timeout: 15_000 });
  await expect(chart).toBeVisible();
});
