/**
 * The way back to the latest bar (issue #30 §3): scrolled back by a drag or the mouse wheel, a »
 * button shows at the chart's bottom-right and one click brings the latest bar back (it hides
 * there); the End key and a double-click on the time axis do the same. While scrolled back the
 * price axis's label reads the live price, not the last visible candle's close. Go to date (Alt+G)
 * centres a day a year back, loading older history; reset (Alt+R) brings the latest bar back.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { fitLine, legendAt, paneBox, readCandles } from './price-pane-pixels.ts';
import { DEFAULT_SIM_NOW, resetSimulator, setClock } from './sim-control.ts';

const SHOTS = 'test-results/shots-cells';

test.beforeEach(async ({ request }) => {
  await resetSimulator(request);
  // A frozen clock: the live price stays put while it is compared with the axis.
  await setClock(request, DEFAULT_SIM_NOW, true);
});
test.afterEach(async ({ request }) => {
  await resetSimulator(request);
});

const latestButton = (page: Page) => page.getByRole('button', { name: 'Scroll to the latest bar' });

/** Holds back the chunk beside the chart, which brings the view tools after the first candle, as on a slow link; returns the release. */
async function holdViewTools(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/beside-chart-[^/]*\.js$/, async (route) => {
    await held;
    await route.fallback();
  });
  return release;
}

/** The candle under the pane's middle is of `day` (the legend reads the candle under the pointer); older pages may load first. */
async function expectDayInMiddle(page: Page, pane: Awaited<ReturnType<typeof paneBox>>, day: string): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.mouse.move(pane.left + pane.width / 2, pane.top + pane.height / 2);
        return (await page.getByTestId('chart-legend').textContent()) ?? '';
      },
      { timeout: 20_000 },
    )
    .toContain(day);
}

/** Drags the price pane right by `dx` px: the view goes back in time. */
async function dragBack(page: Page, dx: number): Promise<void> {
  const pane = await paneBox(page);
  const y = pane.top + pane.height / 2;
  await page.mouse.move(pane.left + 40, y);
  await page.mouse.down();
  await page.mouse.move(pane.left + 40 + dx, y, { steps: 12 });
  await page.mouse.up();
}

/** The last price the legend shows with the crosshair away: the live candle's close. */
async function livePrice(page: Page): Promise<number> {
  await page.mouse.move(1, 1);
  const text = (await page.getByTestId('chart-legend').textContent()) ?? '';
  const match = /C([\d,.]+)/.exec(text);
  if (!match) throw new Error(`legend without a close: ${text}`);
  return Number((match[1] ?? '').replace(/,/g, ''));
}

/**
 * Row (CSS px from the price pane's top) of the middle of the last-value label on the price
 * pane's axis: the block of rows drawn in a candle colour on the canvas right of the pane.
 */
async function axisLabelRow(page: Page): Promise<number | null> {
  return page.evaluate(() => {
    const css = getComputedStyle(document.documentElement);
    const rgb = (value: string) =>
      [0, 2, 4].map((i) =>
        parseInt(
          value
            .trim()
            .replace('#', '')
            .slice(i, i + 2),
          16,
        ),
      );
    const colours = [rgb(css.getPropertyValue('--color-up')), rgb(css.getPropertyValue('--color-down'))];
    const canvases = [...document.querySelectorAll<HTMLCanvasElement>('[data-testid="main-chart"] canvas')];
    const pane = canvases.reduce((best, c) => (c.width * c.height > best.width * best.height ? c : best)).getBoundingClientRect();
    for (const canvas of canvases) {
      const rect = canvas.getBoundingClientRect();
      if (Math.abs(rect.left - pane.right) > 2 || Math.abs(rect.top - pane.top) > 2 || canvas.width === 0) continue;
      const ratio = canvas.width / rect.width;
      const { data, width, height } = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height) ?? new ImageData(1, 1);
      const rows: number[] = [];
      for (let y = 0; y < height; y++) {
        let count = 0;
        for (let x = 0; x < width; x++) {
          const i = (y * width + x) * 4;
          if (
            colours.some(
              ([r, g, b]) =>
                Math.abs((data[i] ?? 0) - (r ?? 0)) < 30 && Math.abs((data[i + 1] ?? 0) - (g ?? 0)) < 30 && Math.abs((data[i + 2] ?? 0) - (b ?? 0)) < 30,
            )
          )
            count++;
        }
        if (count > width * 0.5) rows.push(y);
      }
      if (rows.length > 0) return ((rows[0] ?? 0) + (rows[rows.length - 1] ?? 0) + 1) / 2 / ratio;
    }
    return null;
  });
}

test('scrolled back, the » button, End and a double-click on the time axis bring the latest bar back; the axis reads the live price', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/?symbol=AAPL.US&interval=1d');
  await expect(page.getByTestId('chart-legend')).toContainText(/C\s*[\d,.]+/);
  const live = await livePrice(page);
  // At the latest bar the button is not there: it waits for the view tools to load, then stays hidden.
  await page.waitForLoadState('networkidle');
  await expect(latestButton(page)).toBeHidden();

  // Back about four months: far enough that the last visible close is not the live price.
  await dragBack(page, 500);
  await dragBack(page, 500);
  await expect(latestButton(page)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/latest-bar-scrolled-back.png` });

  // The axis's label sits at the live price on the pane's scale (read off the drawn candles and
  // their legend prices), far from the last visible candle's close.
  const { candles } = await readCandles(page);
  const pane = await paneBox(page);
  const sample = [candles[2], candles[Math.floor(candles.length / 2)], candles[candles.length - 3]].filter((candle) => candle !== undefined);
  const points: [number, number][] = [];
  for (const candle of sample) {
    const prices = await legendAt(page, candle.x, pane.top + pane.height / 2);
    points.push([prices.high, candle.top], [prices.low, candle.bottom]);
  }
  const lastVisible = await legendAt(page, candles[candles.length - 1]?.x ?? 0, pane.top + pane.height / 2);
  await page.mouse.move(1, 1);
  const line = fitLine(points);
  const rowOf = (price: number) => line.a + line.b * price;
  const labelRow = await axisLabelRow(page);
  expect(labelRow).not.toBeNull();
  // The journey can tell the two apart: the last visible close is well away from the live price.
  expect(Math.abs(rowOf(lastVisible.close) - rowOf(live))).toBeGreaterThan(40);
  // Within half the label's height: at the pane's edge the label is cut, and its middle moves.
  expect(Math.abs((labelRow ?? 0) - rowOf(live))).toBeLessThan(10);

  await latestButton(page).click();
  await expect(latestButton(page)).toBeHidden();
  await page.screenshot({ path: `${SHOTS}/latest-bar-back.png` });

  // The mouse wheel scrolls back too (a horizontal wheel pans); End comes back.
  const box = await paneBox(page);
  await page.mouse.move(box.left + box.width / 2, box.top + box.height / 2);
  await page.mouse.wheel(-600, 0);
  await expect(latestButton(page)).toBeVisible();
  await page.keyboard.press('End');
  await expect(latestButton(page)).toBeHidden();

  // A double-click on the time axis.
  await dragBack(page, 400);
  await expect(latestButton(page)).toBeVisible();
  const chart = await page.getByTestId('main-chart').boundingBox();
  if (!chart) throw new Error('no chart');
  await page.mouse.dblclick(chart.x + chart.width / 2, chart.y + chart.height - 8);
  await expect(latestButton(page)).toBeHidden();
});

test('go to a date a year back centres it, loading older history; reset brings the latest bar back; a future date shows the latest bar at its place', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/?symbol=AAPL.US&interval=1h');
  await expect(page.getByTestId('chart-legend')).toContainText(/C\s*[\d,.]+/);
  await page.waitForLoadState('networkidle');

  const dialog = page.getByRole('dialog', { name: 'Go to date' });
  // The view tools load after the first candle: a press before they are here is held for them.
  await page.keyboard.press('Alt+g');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Date' }).fill('2025-11-25');
  await dialog.getByRole('button', { name: 'Go', exact: true }).click();
  await expect(dialog).toBeHidden();

  // The pane's middle shows that day (older pages load first).
  const pane = await paneBox(page);
  await expectDayInMiddle(page, pane, '2025-11-25');
  await expect(latestButton(page)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/go-to-date.png` });

  // Reset from the chart's right-click menu.
  await page.mouse.click(pane.left + pane.width / 2, pane.top + pane.height / 2, { button: 'right' });
  await expect(page.getByRole('menu', { name: 'Chart' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/chart-menu.png` });
  await page.getByRole('menuitem', { name: /Reset chart/ }).click();
  await expect(latestButton(page)).toBeHidden();
  // And Alt+R from the keyboard, scrolled back again.
  await dragBack(page, 400);
  await expect(latestButton(page)).toBeVisible();
  await page.keyboard.press('Alt+r');
  await expect(latestButton(page)).toBeHidden();

  // A date after the latest bar: the latest bar where it always sits, at the right (it was centred, half the chart empty).
  await page.keyboard.press('Alt+g');
  await dialog.getByRole('textbox', { name: 'Date' }).fill('2027-12-25');
  await dialog.getByRole('button', { name: 'Go', exact: true }).click();
  await expect(dialog).toBeHidden();
  await page.mouse.move(0, 0);
  await expect.poll(async () => Math.max(...(await readCandles(page)).candles.map((candle) => candle.x))).toBeGreaterThan(pane.left + pane.width * 0.8);
  await expect(latestButton(page)).toBeHidden();
});

test('a right-click made before the chart’s view tools are there opens their menu once they are', async ({ page }) => {
  const releaseTools = await holdViewTools(page);
  await page.goto('/?symbol=700.HK&interval=1h&tab=chart');
  await expect(page.getByTestId('chart-legend')).toContainText(/C\s*[\d,.]+/, { timeout: 20_000 });
  const pane = await paneBox(page);
  await page.mouse.click(pane.left + pane.width / 2, pane.top + pane.height / 2, { button: 'right' });
  releaseTools();
  const menu = page.getByRole('menu', { name: 'Chart' });
  await expect(menu).toBeVisible();
  // Where the press was, and working.
  const at = await menu.boundingBox();
  expect(Math.round(at?.x ?? 0)).toBe(Math.round(pane.left + pane.width / 2));
  await page.getByRole('menuitem', { name: /Reset chart/ }).click();
  await expect(menu).toBeHidden();
});

test('Alt+G pressed before the chart’s view tools are there, the date typed at once at a typist’s pace and Enter: the chart goes to that day, and no digit reached the interval keys', async ({
  page,
}) => {
  const releaseTools = await holdViewTools(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/?symbol=AAPL.US&interval=1h');
  await expect(page.getByTestId('chart-legend')).toContainText(/C\s*[\d,.]+/, { timeout: 20_000 });
  const pane = await paneBox(page);
  await page.mouse.click(pane.left + pane.width / 2, pane.top + pane.height / 2);
  await page.keyboard.press('Alt+g');
  await page.keyboard.type('2025-11-25', { delay: 40 });
  await page.keyboard.press('Enter');
  releaseTools();
  // The dialog came, took the date and Enter, and went.
  await expect(page.getByRole('dialog', { name: 'Go to date' })).toBeHidden();
  await expectDayInMiddle(page, pane, '2025-11-25');
  expect(page.url()).toMatch(/interval=1h/);
});
