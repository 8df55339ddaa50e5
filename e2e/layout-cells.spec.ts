/**
 * Layout cells (issue #30 §3): at 2 × 2 on a 1440 × 900 screen each cell names what it shows
 * (symbol, interval) in a compact header, the active one marked; any cell maximises (its header's
 * button, or a double-click on the header) and comes back; no legend covers its price axis.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DEFAULT_SIM_NOW, resetSimulator, setClock } from './sim-control.ts';

const SHOTS = 'test-results/shots-cells';

test.beforeEach(async ({ request }) => {
  await resetSimulator(request);
  await setClock(request, DEFAULT_SIM_NOW, true);
});
test.afterEach(async ({ request }) => {
  await resetSimulator(request);
});

const CELLS = [
  { symbol: 'AAPL.US', interval: '1d', spec: 'AAPL.US~1d~forward~stock' },
  { symbol: 'MSFT.US', interval: '1h', spec: 'MSFT.US~1h~forward~stock' },
  { symbol: 'XAUUSD', interval: '15m', spec: 'XAUUSD~15m~none~forex' },
  { symbol: 'BTCUSDT', interval: '1w', spec: 'BTCUSDT~1w~none~crypto' },
] as const;

const frames = (page: Page) => page.getByTestId('layout-chart');

/** The right edge of the cell's legend and the left edge of its price axis (page px). */
async function legendAndAxis(frame: Locator): Promise<{ legendRight: number; axisLeft: number }> {
  return frame.evaluate((element) => {
    const legend = element.querySelector('[data-testid="chart-legend"]')?.parentElement?.getBoundingClientRect();
    const canvases = [...element.querySelectorAll<HTMLCanvasElement>('[data-testid="main-chart"] canvas')];
    const pane = canvases.reduce((best, c) => (c.width * c.height > best.width * best.height ? c : best)).getBoundingClientRect();
    return { legendRight: legend?.right ?? Infinity, axisLeft: pane.right };
  });
}

test('a 2 × 2 names its cells, maximises one and comes back, and keeps legends off the price axes', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/?layout=4&charts=${CELLS.map((cell) => cell.spec).join(',')}&active=1`);
  await expect(frames(page)).toHaveCount(4);
  for (const [index, cell] of CELLS.entries()) {
    const header = frames(page).nth(index).getByTestId('cell-header');
    await expect(header).toContainText(cell.symbol);
    await expect(header).toContainText(cell.interval);
    // Four charts load at once (a busy machine takes its time).
    await expect(frames(page).nth(index).getByTestId('chart-legend')).toContainText(/C\s*[\d,.]+/, { timeout: 30_000 });
  }
  // The active cell is marked in its header.
  await expect(frames(page).nth(1).getByTestId('cell-header').locator('[data-active="true"]')).toHaveCount(1);
  await expect(frames(page).nth(0).getByTestId('cell-header').locator('[data-active="true"]')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/layout-2x2.png` });

  for (const index of CELLS.keys()) {
    const { legendRight, axisLeft } = await legendAndAxis(frames(page).nth(index));
    expect(legendRight, `legend of cell ${String(index + 1)}`).toBeLessThanOrEqual(axisLeft);
  }

  // Maximise the third cell: it fills the grid, the others hide; the button brings them back.
  const third = frames(page).nth(2);
  const before = await third.boundingBox();
  await third.getByRole('button', { name: 'Maximise chart' }).click();
  await expect(frames(page).nth(0)).toBeHidden();
  await expect(frames(page).nth(3)).toBeHidden();
  const maximised = await third.boundingBox();
  expect(maximised?.width ?? 0).toBeGreaterThan(1.8 * (before?.width ?? 0));
  expect(maximised?.height ?? 0).toBeGreaterThan(1.8 * (before?.height ?? 0));
  await expect(third.getByTestId('chart-legend')).toContainText(/C\s*[\d,.]+/);
  await page.screenshot({ path: `${SHOTS}/layout-maximised.png` });
  await third.getByRole('button', { name: 'Restore the layout' }).click();
  await expect(frames(page).nth(0)).toBeVisible();
  await expect(frames(page).nth(3)).toBeVisible();

  // A double-click on a header does the same, both ways.
  await frames(page).nth(0).getByTestId('cell-header').dblclick();
  await expect(frames(page).nth(1)).toBeHidden();
  await frames(page).nth(0).getByTestId('cell-header').dblclick();
  await expect(frames(page)).toHaveCount(4);
  for (const index of CELLS.keys()) await expect(frames(page).nth(index)).toBeVisible();
  // The charts kept their candles through it.
  for (const index of CELLS.keys()) await expect(frames(page).nth(index).getByTestId('chart-legend')).toContainText(/C\s*[\d,.]+/);
});
