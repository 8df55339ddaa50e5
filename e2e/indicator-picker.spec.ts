/**
 * The indicator picker: KDJ and VWAP added from it, each kind's code loading only then, KDJ drawn
 * in a pane of its own and VWAP over the candles (pixels of their colours read off the canvases),
 * the list kept over a reload. The picker's screenshot is kept with the results.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { unfoldToolbar } from './toolbar.ts';
import { panePixels } from './pane-pixels.ts';
import { DEFAULT_SIM_NOW, resetSimulator, setClock } from './sim-control.ts';

/** The dark theme's KDJ lines: K (the oscillator colour), D (the signal's), J (MACD's). */
const KDJ = ['#e879f9', '#f59e0b', '#38bdf8'] as const;
/** VWAP's colour, picked in the picker (its default is MA 20's amber). */
const VWAP = '#22c55e';
const chunk = (name: string) => new RegExp(`/assets/${name}-[\\w-]+\\.js$`);

test.beforeEach(async ({ request }) => {
  await resetSimulator(request);
  await setClock(request, DEFAULT_SIM_NOW, true);
});
test.afterEach(async ({ request }) => {
  await resetSimulator(request);
});

/** Opens the picker as a user does: its button may sit behind More on narrow toolbars. */
async function openPicker(page: Page) {
  await unfoldToolbar(page);
  await page.getByRole('button', { name: 'Indicators…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Indicators' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('KDJ and VWAP from the picker: their code loads then, KDJ in its own pane, VWAP over the candles, kept over a reload', async ({ page }, testInfo) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.endsWith('.js')) scripts.push(path);
  });
  await page.goto('/?symbol=AAPL.US&interval=5m');
  const chart = page.getByTestId('main-chart');
  await expect(chart).toHaveAttribute('aria-label', /with MA 20, MA 50$/);
  await expect.poll(async () => (await panePixels(page, [])).length).toBe(2);
  const before = await panePixels(page, [...KDJ, VWAP]);
  // Nothing of the picker or of these kinds on a page that does not show them.
  expect(scripts.filter((path) => [chunk('indicator-picker'), chunk('kdj'), chunk('vwap')].some((re) => re.test(path)))).toEqual([]);

  const dialog = await openPicker(page);
  const search = dialog.getByRole('searchbox', { name: 'Search indicators' });
  await expect(search).toBeFocused();
  await expect(dialog.getByRole('button', { name: /^Add / })).toHaveCount(17);
  await page.screenshot({ path: testInfo.outputPath('indicator-picker.png') });
  await search.fill('kdj');
  await expect(dialog.getByRole('button', { name: /^Add / })).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Add KDJ' }).click();
  await search.fill('volume weighted');
  await dialog.getByRole('button', { name: 'Add VWAP' }).click();
  await dialog.getByLabel('Colour of VWAP').fill(VWAP);
  await expect(dialog.getByRole('region', { name: 'On the chart' }).getByRole('listitem')).toHaveText([/^MA 20/, /^MA 50/, /^KDJ 9, 3, 3/, /^VWAP/]);
  await page.screenshot({ path: testInfo.outputPath('indicator-picker-added.png') });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await expect(chart).toHaveAttribute('aria-label', /with MA 20, MA 50, KDJ 9, 3, 3, VWAP$/);
  expect(scripts.some((path) => chunk('kdj').test(path))).toBe(true);
  expect(scripts.some((path) => chunk('vwap').test(path))).toBe(true);
  // A third pane below the volume, with K, D and J drawn in it; VWAP's green over the candles.
  await expect.poll(async () => (await panePixels(page, [])).length).toBe(3);
  const drawn = async () => {
    const panes = await panePixels(page, [...KDJ, VWAP]);
    return { price: panes[0]?.counts[3] ?? 0, kdj: panes[2]?.counts.slice(0, 3) ?? [] };
  };
  await expect.poll(async () => (await drawn()).price).toBeGreaterThan(100);
  const after = await drawn();
  expect(before[0]?.counts[3]).toBe(0);
  for (const count of after.kdj) expect(count).toBeGreaterThan(50);
  await page.screenshot({ path: testInfo.outputPath('kdj-and-vwap.png') });
  testInfo.annotations.push({
    type: 'pixels',
    description: `VWAP on the price pane ${String(after.price)}; KDJ pane K ${String(after.kdj[0])}, D ${String(after.kdj[1])}, J ${String(after.kdj[2])}`,
  });

  // Saved: after a reload the same list, and KDJ's pane drawn again.
  await page.reload();
  await expect(chart).toHaveAttribute('aria-label', /with MA 20, MA 50, KDJ 9, 3, 3, VWAP$/);
  await expect.poll(async () => (await drawn()).kdj.every((count) => count > 50)).toBe(true);
  await expect.poll(async () => (await drawn()).price).toBeGreaterThan(100);
});
