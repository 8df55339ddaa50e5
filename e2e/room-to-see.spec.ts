/**
 * Room to see (issue 30, section 3): the side columns fold, each on its own, and stay folded after
 * a reload, leaving a handle that brings them back; folded, the chart takes at least 85 % of the
 * window's width; the chart goes full screen by its button and by Shift+F, and fills the page
 * where the browser refuses full screen; Esc leaves; the drawing tools sit left of the chart's
 * plot, never over a candle; a phone's and a 2 × 2 cell's legend keeps to one line; the page
 * itself never scrolls (only its panels do). Screenshots at the four sizes go to test-results/shots-room.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { unfoldToolbar } from './toolbar.ts';
import { DAILY_CHART_SIZES, WIDE_SIZES } from './screen-sizes.ts';
import { DEFAULT_SIM_NOW, resetSimulator, setClock } from './sim-control.ts';

const SHOTS = 'test-results/shots-room';

test.beforeEach(async ({ request }) => {
  await resetSimulator(request);
  await setClock(request, DEFAULT_SIM_NOW, true);
});
test.afterEach(async ({ request }) => {
  await resetSimulator(request);
});

async function openChart(page: Page): Promise<void> {
  await page.goto('/?symbol=AAPL.US&interval=1d&tab=chart');
  await expect(page.getByTestId('chart-legend')).toBeVisible();
}

async function chartWidth(page: Page): Promise<number> {
  const box = await page.getByTestId('main-chart').boundingBox();
  if (!box) throw new Error('no chart');
  return box.width;
}

/** The chart's full screen: the browser's, or the page's fallback. */
async function fullScreen(page: Page): Promise<'browser' | 'page' | 'off'> {
  return page.evaluate(() => {
    if (document.fullscreenElement?.classList.contains('chart-panel')) return 'browser';
    return document.querySelector('.chart-panel[data-maximised]') ? 'page' : 'off';
  });
}

/** A toolbar control, unfolding the toolbar first (the control may wait behind "More", cut from view). */
async function pressToolbarButton(page: Page, name: string): Promise<void> {
  await unfoldToolbar(page);
  await page.getByRole('button', { name, exact: true }).click();
}

/** The drawing tools' column ends where the chart's plot begins, or before. */
async function expectToolsLeftOfChart(page: Page): Promise<void> {
  const tools = page.getByRole('toolbar', { name: 'Drawing tools' });
  await expect(tools).toBeVisible();
  await tools.getByRole('button', { name: 'Expand drawing tools' }).click();
  await expect(tools.getByRole('button', { name: 'Trend line' })).toBeVisible();
  const column = await tools.boundingBox();
  const chart = await page.getByTestId('main-chart').boundingBox();
  if (!column || !chart) throw new Error('no boxes');
  expect(column.x + column.width).toBeLessThanOrEqual(chart.x);
}

for (const size of WIDE_SIZES) {
  const name = `${String(size.width)}x${String(size.height)}`;
  test(`at ${name} each side column folds on its own, stays folded after a reload and comes back from its handle`, async ({ page }) => {
    await page.setViewportSize(size);
    await openChart(page);
    const watchlists = page.getByRole('region', { name: 'Watchlists' });
    const markets = page.getByRole('tablist', { name: 'Markets and alerts' });
    await expect(watchlists).toBeVisible();
    await expect(markets).toBeVisible();
    const before = await chartWidth(page);
    await page.screenshot({ path: `${SHOTS}/open-${name}.png` });

    await page.getByRole('button', { name: 'Hide watchlists' }).click();
    await expect(watchlists).toBeHidden();
    await expect(page.getByRole('button', { name: 'Show watchlists' })).toBeVisible();
    await expect(markets).toBeVisible();
    await page.getByRole('button', { name: 'Hide markets and alerts' }).click();
    await expect(markets).toBeHidden();

    await page.reload();
    await expect(page.getByTestId('chart-legend')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Show watchlists' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Show markets and alerts' })).toBeVisible();
    await expect(watchlists).toBeHidden();
    await expect(markets).toBeHidden();
    // Both folded: the chart takes the width (at least 85 % of the window).
    await expect.poll(() => chartWidth(page)).toBeGreaterThanOrEqual(0.85 * size.width);
    expect(await chartWidth(page)).toBeGreaterThan(before);
    await expectToolsLeftOfChart(page);
    await page.screenshot({ path: `${SHOTS}/folded-${name}.png` });

    // One comes back, the other stays folded, after a reload too.
    await page.getByRole('button', { name: 'Show watchlists' }).click();
    await expect(watchlists).toBeVisible();
    await page.reload();
    await expect(watchlists).toBeVisible();
    await expect(page.getByRole('button', { name: 'Show markets and alerts' })).toBeVisible();
    await page.getByRole('button', { name: 'Show markets and alerts' }).click();
    await expect(markets).toBeVisible();
  });
}

test('the drawing tools sit left of the chart, not over its candles', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openChart(page);
  await expectToolsLeftOfChart(page);
  await page.screenshot({ path: `${SHOTS}/tools-1440x900.png` });
});

test('the chart goes full screen by Shift+F and by its button; Esc and the button leave', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openChart(page);
  await expect(page.getByRole('button', { name: 'Full screen (Shift+F)' })).toBeAttached();
  const before = await chartWidth(page);

  await page.keyboard.press('Shift+F');
  await expect.poll(() => fullScreen(page)).not.toBe('off');
  await expect.poll(() => chartWidth(page)).toBeGreaterThan(0.9 * 1440);
  await page.screenshot({ path: `${SHOTS}/fullscreen-1440x900.png` });
  await page.keyboard.press('Escape');
  await expect.poll(() => fullScreen(page)).toBe('off');
  await expect.poll(() => chartWidth(page)).toBe(before);

  await pressToolbarButton(page, 'Full screen (Shift+F)');
  await expect.poll(() => fullScreen(page)).not.toBe('off');
  await pressToolbarButton(page, 'Full screen (Shift+F)');
  await expect.poll(() => fullScreen(page)).toBe('off');
  // A bare f is typing, not a shortcut.
  await page.keyboard.press('f');
  expect(await fullScreen(page)).toBe('off');
});

test('where the browser refuses full screen, the chart fills the page; Esc leaves', async ({ page }) => {
  await page.addInitScript(() => {
    Element.prototype.requestFullscreen = () => Promise.reject(new TypeError('refused'));
  });
  await page.setViewportSize({ width: 1280, height: 720 });
  await openChart(page);
  await expect(page.getByRole('button', { name: 'Full screen (Shift+F)' })).toBeAttached();
  await page.keyboard.press('Shift+F');
  await expect.poll(() => fullScreen(page)).toBe('page');
  const panel = await page.locator('.chart-panel[data-maximised]').boundingBox();
  expect(panel).toEqual({ x: 0, y: 0, width: 1280, height: 720 });
  await page.screenshot({ path: `${SHOTS}/maximised-1280x720.png` });
  await page.keyboard.press('Escape');
  await expect.poll(() => fullScreen(page)).toBe('off');
});

/**
 * Every legend on the chart keeps to one line (a line of text-xs is 16 px), and shows each value
 * whole or not at all: none is cut by the legend's edge or a clipping box around it ("2026-1").
 */
async function expectOneLineLegends(page: Page, count: number): Promise<void> {
  const legends = page.getByTestId('chart-legend');
  await expect(legends).toHaveCount(count);
  for (const legend of await legends.all()) {
    await expect(legend).toBeVisible();
    const box = await legend.boundingBox();
    expect(box?.height).toBeLessThanOrEqual(20);
    const cut = await legend.evaluate((list) => {
      let clip = list.getBoundingClientRect();
      for (let box: Element | null = list.parentElement; box; box = box.parentElement) {
        if (getComputedStyle(box).overflow === 'visible') continue;
        const r = box.getBoundingClientRect();
        clip = new DOMRect(Math.max(clip.left, r.left), Math.max(clip.top, r.top), 0, 0);
        clip.width = Math.max(0, Math.min(list.getBoundingClientRect().right, r.right) - clip.left);
        clip.height = Math.max(0, Math.min(list.getBoundingClientRect().bottom, r.bottom) - clip.top);
      }
      const inside = (r: DOMRect) => r.left >= clip.left - 0.5 && r.right <= clip.right + 0.5 && r.top >= clip.top - 0.5 && r.bottom <= clip.bottom + 0.5;
      const outside = (r: DOMRect) => r.left >= clip.right || r.right <= clip.left || r.top >= clip.bottom || r.bottom <= clip.top;
      return [...list.children]
        .filter((item) => !inside(item.getBoundingClientRect()) && !outside(item.getBoundingClientRect()))
        .map((item) => item.textContent);
    });
    expect(cut, 'legend values cut at the edge').toEqual([]);
  }
}

test('on a phone the legend keeps to one line, and the columns stay screens of their own', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, baseURL });
  const page = await context.newPage();
  await openChart(page);
  await expectOneLineLegends(page, 1);
  await expect(page.getByRole('button', { name: 'Hide watchlists' })).toBeHidden();
  await page.screenshot({ path: `${SHOTS}/phone-390x844.png` });
  await context.close();
});

test('in a 2 × 2 layout each cell’s legend keeps to one line', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openChart(page);
  await page.getByRole('button', { name: 'Layout', exact: true }).click();
  const menu = page.getByRole('dialog', { name: 'Chart layout' });
  await menu.getByRole('button', { name: 'Four charts (2 × 2)' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('layout-chart')).toHaveCount(4);
  await expectOneLineLegends(page, 4);
  await page.screenshot({ path: `${SHOTS}/grid-1440x900.png` });
});

test('the page never scrolls, only its panels: a wheel or End over a list’s empty room leaves the header in place, on every tab', async ({ page }) => {
  test.setTimeout(90_000);
  for (const size of DAILY_CHART_SIZES) {
    await page.setViewportSize(size);
    for (const tab of ['chart', 'intraday', 'info', 'trades', 'hk', 'book']) {
      await page.goto(`/?symbol=AAPL.US&interval=1d&tab=${tab}`);
      await expect(page.getByRole('banner')).toBeVisible();
      // The sessions' calendars and the lists in (their hidden labels once stretched the page by 340 px).
      if (size.width >= 1024) await expect(page.getByTestId('status-US')).toBeAttached({ timeout: 15_000 });
      else await page.waitForTimeout(1_000);
      const room = await page.evaluate(() => ({ height: document.documentElement.scrollHeight, window: window.innerHeight }));
      expect(room.height, `${tab} at ${String(size.width)} × ${String(size.height)}`).toBeLessThanOrEqual(room.window);
    }
    // A wheel and End over the watchlist's empty room, where the page would scroll if it could.
    const list = page.getByRole('region', { name: 'Watchlists' });
    if (await list.isVisible()) {
      const box = await list.boundingBox();
      if (box) await page.mouse.move(box.x + box.width / 2, box.y + box.height - 10);
      await page.mouse.wheel(0, 600);
      await page.keyboard.press('End');
      await page.waitForTimeout(200);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
    }
  }
});
