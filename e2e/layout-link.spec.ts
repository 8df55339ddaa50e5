/**
 * A layout link naming a symbol the catalogue does not know (issue #31): the page says so, naming
 * the symbol; the bad chart is its slot's default chart instead, the link's good charts stay; the
 * stored layout (and so a reload) has no trace of the bad symbol. Screenshots for a person.
 */
import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DEFAULT_SIM_NOW, resetSimulator, setClock } from './sim-control.ts';

const SHOTS = process.env.LINKS_SHOTS_DIR ?? 'test-results/shots-links';

test.beforeEach(async ({ request }) => {
  await resetSimulator(request);
  await setClock(request, DEFAULT_SIM_NOW, true);
});
test.afterAll(async ({ request }) => {
  await resetSimulator(request);
});

const frames = (page: Page) => page.getByTestId('layout-chart');
const stored = (page: Page) => page.evaluate(() => localStorage.getItem('chartroom') ?? '');
const notice = (page: Page) => page.getByRole('status').filter({ hasText: 'Not in the catalogue, so not opened from this link: ZZZ.' });

test('one bad cell among good ones: reported by name, not saved; the good charts are, and a reload keeps them', async ({ page }) => {
  await mkdir(SHOTS, { recursive: true });
  await page.goto('/?symbol=AAPL.US&layout=4&charts=700.HK~1d~none,ZZZ~1d~none,BTCUSDT~1h~none,AAPL.US~1d~none&active=3');
  await expect(notice(page)).toBeVisible({ timeout: 15_000 });
  await expect(frames(page)).toHaveCount(4);
  await expect(frames(page).nth(0)).toHaveAccessibleName('Chart 1: 700.HK');
  await expect(frames(page).nth(1)).not.toHaveAccessibleName(/ZZZ/);
  await expect(frames(page).nth(2)).toHaveAccessibleName('Chart 3: BTCUSDT');
  await expect(frames(page).nth(3)).toHaveAccessibleName('Chart 4: AAPL.US');
  await expect(frames(page).nth(1).getByTestId('chart-legend')).toContainText(/C\s*[\d,.]+/, { timeout: 15_000 });
  await page.screenshot({ path: `${SHOTS}/layout-link-bad-cell.png` });
  await expect(page).not.toHaveURL(/ZZZ/);
  await expect.poll(() => stored(page)).not.toContain('ZZZ');
  expect(await stored(page)).toContain('BTCUSDT');

  await page.reload();
  await expect(frames(page)).toHaveCount(4);
  await expect(frames(page).nth(2)).toHaveAccessibleName('Chart 3: BTCUSDT');
  await expect(frames(page).nth(3).getByTestId('chart-legend')).toContainText(/C\s*[\d,.]+/, { timeout: 15_000 });
  expect(await stored(page)).not.toContain('ZZZ');
  await expect(notice(page)).toHaveCount(0);
});

test('a link whose active chart is the bad one (charts=ZZZ~1d~none) opens the slot’s default chart instead, and says why', async ({ page }) => {
  await mkdir(SHOTS, { recursive: true });
  await page.goto('/?layout=2h&charts=ZZZ~1d~none,700.HK~1d~none&active=0');
  await expect(notice(page)).toBeVisible({ timeout: 15_000 });
  await expect(frames(page)).toHaveCount(2);
  await expect(frames(page).nth(0)).not.toHaveAccessibleName(/ZZZ/);
  await expect(frames(page).nth(1)).toHaveAccessibleName('Chart 2: 700.HK');
  await expect(page.getByTestId('symbol-header')).not.toContainText('ZZZ');
  await expect(frames(page).nth(0).getByTestId('chart-legend')).toContainText(/C\s*[\d,.]+/, { timeout: 15_000 });
  await page.screenshot({ path: `${SHOTS}/layout-link-bad-active.png` });
  await expect.poll(() => stored(page)).not.toContain('ZZZ');
  await page.reload();
  await expect(frames(page)).toHaveCount(2);
  await expect(frames(page).nth(1)).toHaveAccessibleName('Chart 2: 700.HK');
  expect(await stored(page)).not.toContain('ZZZ');
});

test('a link with an active chart out of its layout, an unknown sync and a fifth chart names each in its notice', async ({ page }) => {
  await page.goto('/?layout=2h&charts=MSFT.US~1d~none,700.HK~1d~none,,,NVDA.US~1d~none&active=9&sync=crosshair,foo');
  const shown = page.getByRole('status').filter({ hasText: 'Ignored' });
  await expect(shown).toContainText('active “9”', { timeout: 15_000 });
  await expect(shown).toContainText('sync “foo”');
  await expect(shown).toContainText('chart “NVDA.US~1d~none” (4 at most)');
  await expect(frames(page)).toHaveCount(2);
  await expect(frames(page).nth(0)).toHaveAccessibleName('Chart 1: MSFT.US');
});
