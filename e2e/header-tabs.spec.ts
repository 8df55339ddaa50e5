/**
 * The header and the tabs on small screens: at 1024×768 every tab of the main area can be reached
 * and, once open, is wholly visible; on a phone the header stays within 120 px, shows no keyboard
 * hints, and every tab can be opened; the chart's toolbar keeps one box and unfolds what does not
 * fit. The header tells the instrument's own session state on the data's clock (China futures'
 * night session included).
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { resetSimulator, setClock } from './sim-control.ts';

const TABS = ['Chart', 'Intraday', 'Stock info', 'Trades', 'HK market', 'Order book'] as const;

test.beforeEach(async ({ request }) => {
  await resetSimulator(request);
});
test.afterAll(async ({ request }) => {
  await resetSimulator(request);
});

/** The tab's box lies wholly inside the visible part of the tab strip. */
async function expectWhollyShown(page: Page, tab: Locator): Promise<void> {
  const strip = await page.getByRole('tablist', { name: 'Panels' }).boundingBox();
  const box = await tab.boundingBox();
  expect(strip && box).toBeTruthy();
  if (!strip || !box) return;
  expect(box.x).toBeGreaterThanOrEqual(strip.x - 0.5);
  expect(box.x + box.width).toBeLessThanOrEqual(strip.x + strip.width + 0.5);
}

test.describe('at 1024×768', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test('a page opened on the order book shows its tab, and every tab can be reached and is shown once open', async ({ page }) => {
    await page.goto('/?symbol=AAPL.US&interval=1d&tab=book');
    const panels = page.getByRole('tablist', { name: 'Panels' });
    const book = panels.getByRole('tab', { name: 'Order book' });
    await expect(book).toHaveAttribute('aria-selected', 'true');
    await expectWhollyShown(page, book);
    // Tabs lie beyond the start now: the strip says so and scrolls back.
    await page.getByRole('button', { name: 'Scroll tabs back' }).click();
    await expect(page.getByRole('button', { name: 'More tabs' })).toBeVisible();

    // By keyboard shortcut, each tab in turn: it opens and is scrolled wholly into view.
    for (const [index, name] of TABS.entries()) {
      await page.keyboard.press(`Alt+${String(index + 1)}`);
      const tab = panels.getByRole('tab', { name });
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      await expectWhollyShown(page, tab);
    }
  });

  test('the chart toolbar keeps its box; what does not fit unfolds over the chart with More, and Escape folds it', async ({ page }) => {
    await page.goto('/?symbol=AAPL.US&interval=1d&tab=chart');
    const chart = await page.getByTestId('main-chart').boundingBox();
    const more = page.getByRole('button', { name: 'More chart tools' });
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await more.click();
    await expect(more).toHaveAttribute('aria-expanded', 'true');
    const scale = page.getByRole('radiogroup', { name: 'Price scale' });
    await scale.getByRole('radio', { name: 'Log' }).check();
    await expect(scale.getByRole('radio', { name: 'Log' })).toBeChecked();
    // Unfolded over the chart: the chart did not move.
    expect(await page.getByTestId('main-chart').boundingBox()).toEqual(chart);
    await page.keyboard.press('Escape');
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await expect(more).toBeFocused();

    // By keyboard: Tab from the last interval reaches the adjust toggle below the fold, which unfolds.
    await page.getByRole('group', { name: 'Interval' }).getByRole('button', { name: '1M', exact: true }).focus();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('radiogroup', { name: 'Adjust' }).getByRole('radio', { checked: true })).toBeFocused();
    await expect(more).toHaveAttribute('aria-expanded', 'true');
  });
});

test.describe('on a phone (390×844, touch)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

  test('the header takes at most 120 px and shows no keyboard hint; every tab can be opened and is shown', async ({ page }) => {
    await page.goto('/?symbol=AAPL.US&interval=1d&tab=chart');
    await expect(page.getByTestId('header-last-price')).toBeVisible();
    await expect(page.getByTestId('header-session')).toBeVisible();
    // The market's state reads whole beside the watchlist's star: its phase ('Pre-market', 'Open');
    // the next change is in its title.
    const phase = page.getByTestId('header-session').locator('.truncate');
    expect(await phase.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(1);
    expect((await phase.innerText()).trim()).not.toBe('');
    await expect(page.getByRole('button', { name: 'In watchlist' })).toBeVisible();
    const header = await page.locator('header.app-header').boundingBox();
    expect(header?.height).toBeLessThanOrEqual(120);
    await expect(page.getByText('Ctrl K')).toBeHidden();
    // Search is still there, named as before.
    await expect(page.getByRole('button', { name: /Search/ })).toBeVisible();

    const panels = page.getByRole('tablist', { name: 'Panels' });
    for (const name of TABS) {
      const tab = panels.getByRole('tab', { name });
      await tab.tap();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      await expectWhollyShown(page, tab);
    }
  });
});

test.describe("the header's session state", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('AU2612 (China futures): the night session, then closed until the next one, on the simulator’s clock', async ({ page, request }) => {
    // 21:30 in Shanghai: the night session runs to 23:00.
    await setClock(request, '2026-11-25T13:30:00Z', true);
    await page.goto('/?symbol=AU2612&interval=1d&tab=chart');
    const state = page.getByTestId('header-session');
    await expect(state).toHaveText('Night session · closes 23:00');
    await expect(state).toHaveAttribute('data-phase', 'night');

    // 15:30 in Shanghai: the day sessions are over; the night session opens at 21:00.
    await setClock(request, '2026-11-25T07:30:00Z', true);
    await page.reload();
    await expect(state).toHaveText('Closed · opens 21:00');
    await expect(state).toHaveAttribute('title', /night session in 5 h 30 m/);
  });

  test('a US stock in its regular session, a crypto pair around the clock', async ({ page, request }) => {
    // 10:00 in New York.
    await setClock(request, '2026-11-25T15:00:00Z', true);
    await page.goto('/?symbol=AAPL.US&interval=1d&tab=chart');
    await expect(page.getByTestId('header-session')).toHaveText('Open · closes 16:00');
    await page.goto('/?symbol=BTCUSDT&interval=1d&tab=chart');
    await expect(page.getByTestId('header-session')).toHaveText('Open 24/7');
  });
});
