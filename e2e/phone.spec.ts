/**
 * The phone (issue 21), 390×844 with touch: the chart is the first thing drawn and nothing on the
 * first screen moves after; the header keeps to two rows and the chart's toolbar to one; the
 * watchlists and the markets are one tap away in the bar at the bottom, and a symbol picked there
 * shows its chart; a pinch zooms, a drag pans, a long press shows the crosshair's candle in the
 * legend; on its side, no keyboard hints (the search palette's, the paper ticket's), which a mouse
 * and keyboard at the same size keeps. Touches go through the DevTools protocol (Playwright's
 * touchscreen only taps).
 */
import type { CDPSession, Page } from '@playwright/test';
import { readCandles } from './price-pane-pixels.ts';
import { expect, test } from './fixtures.ts';
import { resetSimulator } from './sim-control.ts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

/** Layout shifts as Cumulative Layout Shift adds them up, and the early chart's box once drawn. */
const WATCH = `
  window.__phone = { shifts: [], early: undefined, textBeforeChart: undefined };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__phone.shifts.push(entry.value);
  }).observe({ type: 'layout-shift', buffered: true });
  new MutationObserver(() => {
    const element = document.querySelector('[data-testid="early-chart"]');
    if (window.__phone.early || !element || !element.querySelector('canvas')) return;
    const box = element.getBoundingClientRect();
    window.__phone.early = { x: box.x, y: box.y, width: box.width, height: box.height };
    // What text the page showed when the chart appeared, but the quote the boot writes into the
    // shell's header once the candles are painted (the shell has no text; the app brings it).
    const quote = document.querySelector('[data-testid="shell-quote"]');
    window.__phone.textBeforeChart = document.body.innerText.replace(quote ? quote.innerText : '', '').trim();
  }).observe(document, { childList: true, subtree: true });
`;

interface PhoneRecord {
  shifts: number[];
  early?: { x: number; y: number; width: number; height: number };
  textBeforeChart?: string;
}

const record = (page: Page) => page.evaluate(() => (window as unknown as { __phone: PhoneRecord }).__phone);
const mounted = (page: Page) => page.waitForFunction(() => performance.getEntriesByName('chartroom:react-mounted', 'mark').length > 0);

type Point = { x: number; y: number };

async function touch(cdp: CDPSession, type: 'touchStart' | 'touchMove' | 'touchEnd', points: Point[]): Promise<void> {
  await cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map((point, id) => ({ ...point, id })) });
}

/** Two fingers from `from` apart to `to` apart, centred on `centre`, in steps. */
async function pinch(cdp: CDPSession, centre: Point, from: number, to: number): Promise<void> {
  const at = (gap: number): Point[] => [
    { x: centre.x - gap / 2, y: centre.y },
    { x: centre.x + gap / 2, y: centre.y },
  ];
  await touch(cdp, 'touchStart', at(from));
  for (let step = 1; step <= 8; step++) await touch(cdp, 'touchMove', at(from + ((to - from) * step) / 8));
  await touch(cdp, 'touchEnd', []);
}

async function drag(cdp: CDPSession, from: Point, to: Point): Promise<void> {
  await touch(cdp, 'touchStart', [from]);
  for (let step = 1; step <= 8; step++) await touch(cdp, 'touchMove', [{ x: from.x + ((to.x - from.x) * step) / 8, y: from.y + ((to.y - from.y) * step) / 8 }]);
  await touch(cdp, 'touchEnd', []);
}

test.beforeEach(async ({ request }) => {
  await resetSimulator(request);
});

test('the chart is drawn first and stays put; header two rows, toolbar one; watchlist and markets one tap away', async ({ page }) => {
  // The app's chunk held back a little, so the order does not depend on the machine's speed.
  await page.route('**/assets/app-*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  await page.addInitScript({ content: WATCH });
  await page.goto('/?symbol=AAPL.US&interval=1d&tab=chart');
  await mounted(page);
  await expect(page.getByTestId('header-last-price')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Screens' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The screens not shown are not rendered yet: the phone's first seconds go to the chart.
  await expect(page.getByTestId('watchlist-row')).toHaveCount(0);
  await expect(page.getByRole('table', { name: /Trading sessions, US/ })).toHaveCount(0);

  const { early, shifts, textBeforeChart } = await record(page);
  // The candles came before any of the app's text, where the app's chart is now, the width of the screen.
  expect(textBeforeChart).toBe('');
  const chart = await page.getByTestId('main-chart').boundingBox();
  expect(early).toEqual(chart);
  expect(chart?.width ?? 0).toBeGreaterThan(340);
  // The chart takes the screen's height down to the status line and the bar at the bottom.
  const bar = await page.getByRole('navigation', { name: 'Screens' }).boundingBox();
  expect((chart?.y ?? 0) + (chart?.height ?? 0)).toBeLessThanOrEqual(bar?.y ?? 0);
  expect(chart?.height ?? 0).toBeGreaterThan(400);
  expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.05);

  // Two rows of header; the intervals in one row, the other tools behind "More chart tools".
  expect((await page.locator('header.app-header').boundingBox())?.height ?? 0).toBeLessThanOrEqual(90);
  const toolbar = page.getByTestId('chart-toolbar');
  expect((await toolbar.boundingBox())?.height ?? 0).toBeLessThanOrEqual(30);
  const intervals = page.getByRole('group', { name: 'Interval' });
  await expect(intervals.getByRole('button', { name: '1d', exact: true })).toBeInViewport({ ratio: 1 });
  const more = page.getByRole('button', { name: 'More chart tools' });
  await expect(more).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: 'Adjust' })).not.toBeInViewport();
  await more.tap();
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('radiogroup', { name: 'Adjust' })).toBeInViewport();
  await more.tap();
  await expect(more).toHaveAttribute('aria-expanded', 'false');

  // The watchlists: one tap.
  const screens = page.getByRole('navigation', { name: 'Screens' });
  await screens.getByRole('button', { name: 'Watchlist' }).tap();
  await expect(screens.getByRole('button', { name: 'Watchlist' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('watchlist-row').first()).toBeVisible();
  await expect(page.getByTestId('main-chart')).toBeHidden();
  // The markets: one tap.
  await screens.getByRole('button', { name: 'Markets' }).tap();
  await expect(page.getByRole('table', { name: /Trading sessions, US/ })).toBeVisible();
  await expect(page.getByTestId('watchlist-row').first()).toBeHidden();
  // A symbol picked in the watchlist shows its chart.
  await screens.getByRole('button', { name: 'Watchlist' }).tap();
  await page.locator('[data-testid="watchlist-row"][data-symbol="MSFT.US"]').getByText('MSFT.US', { exact: true }).tap();
  await expect(page).toHaveURL(/symbol=MSFT\.US/);
  await expect(page.getByTestId('main-chart')).toBeVisible();
  await expect(screens.getByRole('button', { name: 'Chart' })).toHaveAttribute('aria-pressed', 'true');
});

test('a pinch zooms the chart, a drag pans it, a long press shows the candle under the finger in the legend', async ({ page, context }) => {
  await page.goto('/?symbol=AAPL.US&interval=1d&tab=chart');
  await mounted(page);
  const chart = page.getByTestId('main-chart');
  await expect.poll(async () => (await readCandles(page)).candles.length).toBeGreaterThan(30);
  const box = await chart.boundingBox();
  if (!box) throw new Error('chart has no box');
  const cdp = await context.newCDPSession(page);
  const centre = { x: box.x + box.width * 0.45, y: box.y + box.height * 0.45 };

  // Pinch out: fewer, wider candles.
  const before = (await readCandles(page)).candles.length;
  await pinch(cdp, centre, 60, 240);
  await expect.poll(async () => (await readCandles(page)).candles.length).toBeLessThan(before * 0.7);
  const zoomed = (await readCandles(page)).candles;

  // Drag to the right: the candles move right with the finger (older ones come in from the left).
  const firstX = zoomed[0]?.x ?? 0;
  const lastX = zoomed.at(-1)?.x ?? 0;
  await drag(cdp, { x: box.x + box.width * 0.2, y: centre.y }, { x: box.x + box.width * 0.6, y: centre.y });
  await expect
    .poll(async () => {
      const { candles } = await readCandles(page);
      // The same candles, further right: the rightmost one is off the pane or moved right.
      return (candles.at(-1)?.x ?? 0) !== lastX || (candles[0]?.x ?? 0) !== firstX;
    })
    .toBe(true);

  // A long press: the legend shows the candle under the finger, not the last one.
  const legend = page.getByTestId('chart-legend');
  const resting = await legend.textContent();
  const candles = (await readCandles(page)).candles;
  const target = candles[Math.floor(candles.length / 3)];
  if (!target) throw new Error('no candle to press');
  await touch(cdp, 'touchStart', [{ x: target.x, y: centre.y }]);
  await page.waitForTimeout(800);
  await expect.poll(async () => await legend.textContent()).not.toBe(resting);
  await touch(cdp, 'touchEnd', []);
});

test('the chosen interval stays in sight in the toolbar’s sideways row, after the phone is turned and back', async ({ page }) => {
  await page.goto('/?symbol=700.HK&interval=1d');
  const row = page.getByRole('group', { name: 'Interval' });
  const active = row.getByRole('button', { pressed: true });
  await expect(active).toHaveText('1d');
  const inSight = () =>
    row.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const pressed = element.querySelector('[aria-pressed="true"]')?.getBoundingClientRect();
      return pressed !== undefined && pressed.left >= box.left - 1 && pressed.right <= box.right + 1;
    });
  await expect.poll(inSight).toBe(true);
  await page.setViewportSize({ width: 844, height: 390 });
  await expect.poll(inSight).toBe(true);
  await page.setViewportSize({ width: 390, height: 844 });
  // The row narrows again for the More button: the chosen interval scrolls back into it.
  await expect.poll(inSight).toBe(true);
});

/**
 * Whether the keyboard hints show: the search palette's footer and the paper ticket's Alt+B / Alt+S,
 * each opened as on a screen without the side columns (the search button; Markets, then its tab).
 */
async function keyboardHints(page: Page): Promise<{ search: boolean; paper: boolean }> {
  await page.goto('/?symbol=700.HK&interval=1d&tab=chart');
  await mounted(page);
  await page.getByRole('button', { name: /Search/ }).click();
  const palette = page.getByRole('dialog', { name: 'Search symbols' });
  // The footer is the palette's own (not its stand-in's) once it counts the catalogue.
  await expect(palette.getByTestId('search-count')).toHaveText(/instruments/);
  const search = await palette.getByText(/Enter open/).isVisible();
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Markets' }).click();
  await page.getByRole('tab', { name: 'Paper trading' }).click();
  const ticket = page.getByTestId('paper-ticket');
  await expect(ticket.getByRole('button', { name: /^Buy / })).toBeVisible();
  const paper = await ticket.getByText(/Alt\+B/).isVisible();
  return { search, paper };
}

test.describe('on its side (844×390)', () => {
  test.use({ viewport: { width: 844, height: 390 } });

  test('no keyboard hints on the touch screen (the palette’s footer, the paper ticket); a mouse and keyboard at the same size keeps them', async ({
    page,
    browser,
    baseURL,
  }) => {
    expect(await keyboardHints(page)).toEqual({ search: false, paper: false });
    // A new context takes this file's options (touch) unless told otherwise.
    const desktop = await browser.newContext({ viewport: { width: 844, height: 390 }, hasTouch: false, isMobile: false, deviceScaleFactor: 1, baseURL });
    try {
      expect(await keyboardHints(await desktop.newPage())).toEqual({ search: true, paper: true });
    } finally {
      await desktop.close();
    }
  });

  test('one header row and one toolbar row leave the chart room above the bar, and the early chart is where the app keeps it', async ({ page }) => {
    await page.addInitScript({ content: WATCH });
    await page.goto('/?symbol=700.HK&interval=1d&tab=chart');
    await mounted(page);
    await expect(page.getByTestId('header-last-price')).toBeVisible();
    expect((await page.locator('header.app-header').boundingBox())?.height ?? 0).toBeLessThanOrEqual(50);
    expect((await page.getByTestId('chart-toolbar').boundingBox())?.height ?? 0).toBeLessThanOrEqual(30);
    const chart = await page.getByTestId('main-chart').boundingBox();
    const bar = await page.getByRole('navigation', { name: 'Screens' }).boundingBox();
    expect(chart?.height ?? 0).toBeGreaterThanOrEqual(120);
    expect((chart?.y ?? 0) + (chart?.height ?? 0)).toBeLessThanOrEqual(bar?.y ?? 0);
    expect(bar?.height ?? 0).toBeLessThanOrEqual(41);
    const { early } = await record(page);
    if (early) expect(early).toEqual(chart);
    await expect.poll(async () => (await readCandles(page)).candles.length).toBeGreaterThan(30);
    await page.screenshot({ path: 'test-results/phone-shots/landscape.png' });
  });
});
