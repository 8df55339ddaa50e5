/**
 * Steps of the journeys about the user's records (e2e/two-tabs.spec.ts, e2e/workspace-sync.spec.ts,
 * e2e/alerts.spec.ts): open a chart, add a symbol, draw a line, create an alert, and read what the
 * chart placed.
 */
import { expect, type Locator, type Page } from '@playwright/test';

/** The element the chart reports its placed drawings on (e2e/drawings.spec.ts). */
export function drawingsReport(page: Page): Locator {
  return page.locator('[data-testid="main-chart"][data-drawings], [data-testid="main-chart"] [data-drawings]').first();
}

export async function placedCount(page: Page): Promise<number> {
  const text = await drawingsReport(page).getAttribute('data-drawings');
  return text ? (JSON.parse(text) as unknown[]).length : 0;
}

export async function openTab(page: Page): Promise<void> {
  await page.goto('/?symbol=AAPL.US&interval=1d');
  await expect(drawingsReport(page)).toHaveAttribute('data-drawings', /.*/, { timeout: 15_000 });
  await expect(page.getByTestId('watchlist-row').first()).toBeVisible();
}

export async function addSymbol(page: Page, symbol: string): Promise<void> {
  const add = page.getByRole('combobox', { name: 'Add symbol' });
  await add.fill(symbol);
  await add.press('Enter');
  await expect(page.locator(`[data-testid="watchlist-row"][data-symbol="${symbol}"]`)).toBeVisible({ timeout: 15_000 });
}

/** A horizontal line at height `y` of the chart (one click places it). */
export async function drawHorizontalLine(page: Page, y: number): Promise<void> {
  await drawAt(page, 'Horizontal line', y);
}

/** A one-click drawing (`tool`: its button's name) placed mid-chart, `y` px below the chart's top. */
export async function drawAt(page: Page, tool: string, y: number): Promise<void> {
  const expand = page.getByRole('button', { name: 'Expand drawing tools' });
  if (await expand.isVisible()) await expand.click();
  await page.getByRole('button', { name: tool, exact: true }).click();
  const box = await page.getByTestId('main-chart').boundingBox();
  if (!box) throw new Error('no chart box');
  await page.mouse.click(box.x + box.width / 2, box.y + y);
}

/** A new alert at `level` through the New alert dialog (the Alerts panel shown). */
export async function createAlert(page: Page, level: number, direction: 'Crossing up' | 'Crossing down' | 'Either way', { sound = false } = {}): Promise<void> {
  await page.getByRole('button', { name: '+ New alert' }).click();
  const dialog = page.getByRole('dialog', { name: 'New alert' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('alert-dialog-last')).toContainText('Last price');
  await dialog.getByLabel('Price level').fill(String(level));
  await dialog.getByLabel('Direction').selectOption({ label: direction });
  if (sound) await dialog.getByLabel('Play a sound').check();
  await dialog.getByRole('button', { name: 'Create alert' }).click();
  await expect(dialog).toBeHidden();
}
