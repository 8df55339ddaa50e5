/**
 * The alert dialog and toasts on the phone (390×844, touch): the dialog opens over the screen its
 * trigger is on, not inside the hidden Markets screen, and an alert that fires while the chart
 * screen shows is seen there. Screenshots in test-results/keys-shots.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { findRise, iso, T0 } from './price-rise.ts';
import { resetSimulator, setClock } from './sim-control.ts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

const SYMBOL = 'AAPL.US';
const SHOTS = 'test-results/keys-shots';

test.beforeEach(async ({ request }) => {
  await resetSimulator(request);
});
test.afterAll(async ({ request }) => {
  await resetSimulator(request);
});

/** Shown on screen: a box of some size inside the viewport. */
async function expectOnScreen(element: Locator, page: Page): Promise<void> {
  await expect(element).toBeVisible();
  const box = await element.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) throw new Error('no box');
  expect(box.width).toBeGreaterThan(100);
  expect(box.height).toBeGreaterThan(40);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
}

test('a watchlist row’s bell opens the dialog over the watchlist; a crossing while the chart shows is seen there', async ({ page, request }) => {
  const { p0, t1, p1 } = await findRise(request, SYMBOL);
  await setClock(request, iso(T0), true);
  await page.goto(`/?symbol=${SYMBOL}&interval=1d&adjust=none`);
  const screens = page.getByRole('navigation', { name: 'Screens' });
  await screens.getByRole('button', { name: 'Watchlist' }).tap();
  await page
    .locator(`[data-testid="watchlist-row"][data-symbol="${SYMBOL}"]`)
    .getByRole('button', { name: `Set alert for ${SYMBOL}…` })
    .tap();

  const dialog = page.getByRole('dialog', { name: 'New alert' });
  await expectOnScreen(dialog, page);
  await page.screenshot({ path: `${SHOTS}/phone-alert-dialog.png` });
  await dialog.getByLabel('Price level').fill(String(Number(((p0 + p1) / 2).toFixed(4))));
  await dialog.getByLabel('Direction').selectOption({ label: 'Crossing up' });
  await dialog.getByRole('button', { name: 'Create alert' }).tap();
  await expect(dialog).toBeHidden();

  await screens.getByRole('button', { name: 'Chart' }).tap();
  await expect(page.getByTestId('main-chart')).toBeVisible();
  await setClock(request, iso(t1), true);
  const toast = page.getByTestId('alert-toast');
  await expect(toast).toContainText(`Alert: ${SYMBOL}crossed above`, { timeout: 15_000 });
  await expectOnScreen(toast, page);
  // Above the screen bar, not under it.
  const bar = await screens.boundingBox();
  const toastBox = await toast.boundingBox();
  expect((toastBox?.y ?? 0) + (toastBox?.height ?? 0)).toBeLessThanOrEqual(bar?.y ?? 0);
  await page.screenshot({ path: `${SHOTS}/phone-alert-toast.png` });
});

test('a long press on the chart and its bell open the dialog over the chart', async ({ page, context }) => {
  await page.goto(`/?symbol=${SYMBOL}&interval=1d&adjust=none`);
  const chart = page.getByTestId('main-chart');
  await expect(page.getByRole('navigation', { name: 'Screens' })).toBeVisible();
  const box = await chart.boundingBox();
  if (!box) throw new Error('chart has no box');
  // Through the DevTools protocol: Playwright's touchscreen only taps.
  const cdp = await context.newCDPSession(page);
  const finger = { x: box.x + box.width * 0.4, y: box.y + box.height * 0.4, id: 0 };
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [finger] });
  const bell = page.getByTestId('alert-here');
  await expect(bell).toBeVisible();
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await bell.tap();
  const dialog = page.getByRole('dialog', { name: 'New alert' });
  await expectOnScreen(dialog, page);
  await expect(dialog.getByLabel('Price level')).not.toHaveValue('');
  await page.screenshot({ path: `${SHOTS}/phone-alert-from-chart.png` });
});
