/**
 * Two tabs of one browser share the user's records (src/store/records/): a symbol added to the
 * same watchlist in each and a drawing made in each all survive, in both tabs and after a reload.
 * Before, the second tab saved its whole older state over the first's edits.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DEFAULT_SIM_NOW, resetSimulator, setClock } from './sim-control.ts';

test.beforeEach(async ({ request }) => {
  await resetSimulator(request);
  await setClock(request, DEFAULT_SIM_NOW, true);
});
test.afterEach(async ({ request }) => {
  await resetSimulator(request);
});

/** The element the chart reports its placed drawings on (e2e/drawings.spec.ts). */
function drawingsReport(page: Page): Locator {
  return page.locator('[data-testid="main-chart"][data-drawings], [data-testid="main-chart"] [data-drawings]').first();
}

async function placedCount(page: Page): Promise<number> {
  const text = await drawingsReport(page).getAttribute('data-drawings');
  return text ? (JSON.parse(text) as unknown[]).length : 0;
}

async function openTab(page: Page): Promise<void> {
  await page.goto('/?symbol=AAPL.US&interval=1d');
  await expect(drawingsReport(page)).toHaveAttribute('data-drawings', /.*/, { timeout: 15_000 });
  await expect(page.getByTestId('watchlist-row').first()).toBeVisible();
}

async function addSymbol(page: Page, symbol: string): Promise<void> {
  const add = page.getByRole('combobox', { name: 'Add symbol' });
  await add.fill(symbol);
  await add.press('Enter');
  await expect(page.locator(`[data-testid="watchlist-row"][data-symbol="${symbol}"]`)).toBeVisible({ timeout: 15_000 });
}

/** A horizontal line at height `y` of the chart (one click places it). */
async function drawHorizontalLine(page: Page, y: number): Promise<void> {
  const expand = page.getByRole('button', { name: 'Expand drawing tools' });
  if (await expand.isVisible()) await expand.click();
  await page.getByRole('button', { name: 'Horizontal line', exact: true }).click();
  const box = await page.getByTestId('main-chart').boundingBox();
  if (!box) throw new Error('no chart box');
  await page.mouse.click(box.x + box.width / 2, box.y + y);
}

async function expectBoth(page: Page): Promise<void> {
  for (const symbol of ['388.HK', 'XAUUSD'])
    await expect(page.locator(`[data-testid="watchlist-row"][data-symbol="${symbol}"]`)).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => placedCount(page), { timeout: 10_000 }).toBe(2);
}

test('a symbol added to one watchlist in each of two tabs, and a drawing in each: both kept, in both tabs and after a reload', async ({ context }) => {
  const first = await context.newPage();
  const second = await context.newPage();
  await Promise.all([openTab(first), openTab(second)]);
  // Both tabs edit at once: neither has seen the other's change when it makes its own.
  await Promise.all([addSymbol(first, '388.HK'), addSymbol(second, 'XAUUSD')]);
  await Promise.all([drawHorizontalLine(first, 120), drawHorizontalLine(second, 220)]);

  await expectBoth(first);
  await expectBoth(second);
  // Each tab's last save holds both (the other tab's edits merged into its own state).
  await first.reload();
  await expectBoth(first);
  await second.close();
  await first.reload();
  await expectBoth(first);
});
