/**
 * The Compare box suggests what the search palette finds (issue #31): "tencent", typed at a
 * typist's pace, offers 700.HK selected; Enter picks it, and the chart draws the comparison (its
 * legend row shows a percent). The arrows move the selection. Screenshots for a person to look at.
 */
import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { unfoldToolbar } from './toolbar.ts';
import { DEFAULT_SIM_NOW, resetSimulator, setClock } from './sim-control.ts';

const SHOTS = process.env.LINKS_SHOTS_DIR ?? 'test-results/shots-links';
const PERCENT = /^[+−-]?\d[\d,]*\.\d\d%$/;

test.beforeEach(async ({ request }) => {
  await resetSimulator(request);
  await setClock(request, DEFAULT_SIM_NOW, true);
});
test.afterAll(async ({ request }) => {
  await resetSimulator(request);
});

/** The Compare popup opened as a user does: the button may wait behind the toolbar's More. */
async function openCompare(page: Page) {
  await unfoldToolbar(page);
  await page.getByRole('button', { name: /^Compare/ }).click();
  return page.getByRole('dialog', { name: 'Compare with other symbols' });
}

test('“tencent” typed at 40 ms a key in the Compare box suggests 700.HK; Enter picks it and the comparison line shows', async ({ page }) => {
  await mkdir(SHOTS, { recursive: true });
  await page.goto('/?symbol=AAPL.US&interval=1d&adjust=none');
  await expect(page.getByTestId('chart-legend')).toBeVisible({ timeout: 15_000 });
  const dialog = await openCompare(page);
  const field = dialog.getByRole('combobox', { name: 'Symbol to compare' });
  await expect(field).toBeFocused();
  await page.keyboard.type('tencent', { delay: 40 });
  await expect(field).toHaveValue('tencent');
  const options = dialog.getByRole('option');
  await expect(options.first()).toHaveAttribute('data-symbol', '700.HK', { timeout: 15_000 });
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await expect(dialog).not.toContainText('not in the catalogue');
  await page.screenshot({ path: `${SHOTS}/compare-suggestions-tencent.png` });

  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('list', { name: 'Compared symbols' })).toContainText('700.HK');
  await expect(field).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('compare-legend').locator('[data-symbol="700.HK"] dd')).toHaveText(PERCENT, { timeout: 15_000 });
  await page.mouse.move(0, 0);
  await page.screenshot({ path: `${SHOTS}/compare-suggestions-line.png` });
});

test('the arrows move the Compare box’s selection and Enter adds the one selected', async ({ page }) => {
  await page.goto('/?symbol=AAPL.US&interval=1d&adjust=none');
  await expect(page.getByTestId('chart-legend')).toBeVisible({ timeout: 15_000 });
  const dialog = await openCompare(page);
  // Keys typed before the popup's chunk has arrived are lost (the box is not there yet): a
  // separate defect of the on-demand popup, noted for the integrator.
  await expect(dialog.getByRole('combobox', { name: 'Symbol to compare' })).toBeFocused();
  await page.keyboard.type('gold', { delay: 40 });
  const options = dialog.getByRole('option');
  await expect(options.first()).toHaveAttribute('data-symbol', 'XAUUSD', { timeout: 15_000 });
  await page.keyboard.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  const second = await options.nth(1).getAttribute('data-symbol');
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('list', { name: 'Compared symbols' })).toContainText(second ?? '?');
});
