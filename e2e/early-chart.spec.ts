/**
 * Chart first: on the chart tab of a wide screen the boot paints the first history page before
 * the app has evaluated, in a frame exactly where the app's chart will be, and the app takes that
 * very canvas over. The app's chunk is held back here so the order does not depend on the
 * machine's speed; the K-line window is asked once first so the server's cache answers it.
 */
import type { Page } from '@playwright/test';
import { candlePixels } from './chart-pixels.ts';
import { expect, test } from './fixtures.ts';
import { resetSimulator } from './sim-control.ts';

const APP_CHUNK = '**/assets/main-*.js';
const HOLD_APP_MS = 1_500;

/** Records the early frame as it appears (its box) and the element the chart library drew into. */
const WATCH_EARLY_FRAME = `
  window.__early = { frames: 0 };
  const seen = new WeakSet();
  new MutationObserver(() => {
    const frame = document.querySelector('[data-testid="early-chart"]');
    if (!frame) return;
    if (!seen.has(frame)) {
      seen.add(frame);
      window.__early.frames += 1;
      const box = frame.getBoundingClientRect();
      window.__early.box = { x: box.x, y: box.y, width: box.width, height: box.height };
    }
    if (!window.__early.element && frame.querySelector('canvas')) window.__early.element = frame.firstElementChild;
  }).observe(document, { childList: true, subtree: true });
`;

interface EarlyRecord {
  frames: number;
  box?: { x: number; y: number; width: number; height: number };
  adopted: boolean;
}

async function holdApp(page: Page): Promise<void> {
  await page.route(APP_CHUNK, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, HOLD_APP_MS));
    await route.continue();
  });
}

function marks(page: Page) {
  return page.evaluate(() => ({
    candle: performance.getEntriesByName('chartroom:first-candle', 'mark')[0]?.startTime,
    mounted: performance.getEntriesByName('chartroom:react-mounted', 'mark')[0]?.startTime,
  }));
}

function earlyRecord(page: Page): Promise<EarlyRecord> {
  return page.evaluate(() => {
    const early = (window as unknown as { __early: { frames: number; box?: EarlyRecord['box']; element?: Element } }).__early;
    const chart = document.querySelector('[data-testid="main-chart"]');
    return { frames: early.frames, ...(early.box && { box: early.box }), adopted: !!early.element && !!chart?.contains(early.element) };
  });
}

const chartBox = (page: Page) => page.getByTestId('main-chart').boundingBox();
const mounted = (page: Page) => page.waitForFunction(() => performance.getEntriesByName('chartroom:react-mounted', 'mark').length > 0);

test.beforeEach(async ({ page, request }) => {
  await resetSimulator(request);
  await page.addInitScript({ content: WATCH_EARLY_FRAME });
});

// A stock's toolbar has the adjust toggle, other symbols' not: at 1440 px it takes a row less.
for (const { symbol, viewport } of [
  { symbol: 'AAPL.US', viewport: { width: 1280, height: 800 } },
  { symbol: 'AAPL.US', viewport: { width: 1920, height: 1080 } },
  { symbol: 'EURUSD', viewport: { width: 1440, height: 900 } },
]) {
  test(`${symbol} at ${String(viewport.width)}×${String(viewport.height)}: the candles are painted before the app, where the app puts them, and the app keeps that canvas`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const url = `/?symbol=${symbol}&interval=1d&tab=chart`;
    // Warm the server's K-line cache with the very window the page asks first.
    await page.goto(url);
    await mounted(page);

    await holdApp(page);
    await page.goto(url);
    await mounted(page);
    const { candle, mounted: mountedAt } = await marks(page);
    expect(candle).toBeDefined();
    expect(candle ?? Infinity).toBeLessThan(mountedAt ?? 0);

    const early = await earlyRecord(page);
    expect(early.frames).toBe(1);
    expect(early.adopted).toBe(true);
    await expect(page.getByTestId('early-chart')).toHaveCount(0);
    // The frame stood exactly where the app's chart is: nothing moved when the app took over.
    const final = await chartBox(page);
    expect(early.box).toEqual(final);
    // And the adopted canvas still shows candles.
    await expect.poll(async () => (await candlePixels(page)).up).toBeGreaterThan(0);
  });
}

test('a narrow screen, where the panels stack, gets no early chart; the app draws it', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 900 });
  await page.goto('/?symbol=AAPL.US&interval=1d&tab=chart');
  await mounted(page);
  await expect.poll(async () => (await candlePixels(page)).up).toBeGreaterThan(0);
  expect((await earlyRecord(page)).frames).toBe(0);
});

test('a page opened on another tab draws no early chart', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/?symbol=AAPL.US&interval=1d&tab=trades');
  await mounted(page);
  await expect(page.getByRole('tab', { name: 'Trades' })).toHaveAttribute('aria-selected', 'true');
  expect((await earlyRecord(page)).frames).toBe(0);
});

test('when the first history page fails, the early frame goes and the chart panel says why', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.route('**/v1/market/kline?*', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"code":5001,"message":"upstream down"}' }));
  await page.goto('/?symbol=AAPL.US&interval=1d&tab=chart');
  await mounted(page);
  await expect(page.getByTestId('early-chart')).toHaveCount(0);
  const main = page.getByRole('region', { name: 'Main' });
  await expect(main.getByRole('alert').first()).toBeVisible({ timeout: 20_000 });
  // The rest of the screen is there.
  await expect(page.getByRole('heading', { name: 'Watchlists' })).toBeVisible();
});

test('shortcut keys pressed while the app is still on its way are carried out once it is there', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await holdApp(page);
  await page.goto('/?symbol=AAPL.US&interval=1d&tab=chart');
  // The early chart is up and the app is not: a trader presses 1 (one-minute candles), then /.
  await expect(page.locator('[data-testid="early-chart"] canvas').first()).toBeAttached();
  expect(await page.evaluate(() => performance.getEntriesByName('chartroom:react-mounted', 'mark').length)).toBe(0);
  await page.keyboard.press('1');
  await page.keyboard.press('/');

  await mounted(page);
  await expect(page.getByRole('group', { name: 'Interval' }).getByRole('button', { name: '1m', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page).toHaveURL(/interval=1m/);
});
