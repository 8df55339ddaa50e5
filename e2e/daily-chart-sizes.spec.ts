/**
 * Issue #30's checks at each of its four screen sizes (1440×900, 1280×720, 1024×768, 390×844), with
 * a screenshot of each step in the test's output folder: a 2 × 2 layout shows four labelled cells;
 * a chart scrolled back comes back to its latest bar with one click on »; "nvda" typed on the chart
 * opens the search with "nvda" in it. (Forward-adjusted stocks: adjust-default.spec; the legends:
 * indicator-legends.spec; the columns folded: room-to-see.spec, each at these sizes.)
 */
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { paneBox } from './price-pane-pixels.ts';
import { DAILY_CHART_SIZES } from './screen-sizes.ts';
import { DEFAULT_SIM_NOW, resetSimulator, setClock } from './sim-control.ts';

const CELLS = ['AAPL.US~1d~forward~stock', 'MSFT.US~1h~forward~stock', 'XAUUSD~15m~none~forex', 'BTCUSDT~1w~none~crypto'];

test.beforeEach(async ({ request }) => {
  await resetSimulator(request);
  await setClock(request, DEFAULT_SIM_NOW, true);
});
test.afterEach(async ({ request }) => {
  await resetSimulator(request);
});

const shot = (page: Page, testInfo: TestInfo, name: string) => page.screenshot({ path: testInfo.outputPath(`${name}.png`) });

for (const size of DAILY_CHART_SIZES) {
  const label = `${String(size.width)}×${String(size.height)}`;
  test.describe(`at ${label}`, () => {
    test.use({ viewport: size });

    test('a 2 × 2 shows four labelled cells', async ({ page }, testInfo) => {
      await page.goto(`/?layout=4&charts=${CELLS.join(',')}&active=0`);
      const frames = page.getByTestId('layout-chart');
      const labels = CELLS.map((spec) => spec.split('~').slice(0, 2) as [string, string]);
      if (size.width >= 640) {
        await expect(frames).toHaveCount(4);
        for (const [index, [symbol, interval]] of labels.entries()) {
          const header = frames.nth(index).getByTestId('cell-header');
          await expect(header).toContainText(symbol);
          await expect(header).toContainText(interval);
          await expect(frames.nth(index).getByTestId('chart-legend')).toContainText(/C\s*[\d,.]+/, { timeout: 30_000 });
        }
        await shot(page, testInfo, `layout-2x2-${label}`);
        return;
      }
      // A phone shows one cell at a time: the four as labelled tabs, each opening its chart.
      const tabs = page.getByRole('tablist', { name: 'Charts' }).getByRole('tab');
      await expect(tabs).toHaveText(labels.map(([symbol, interval]) => `${symbol} ${interval}`));
      for (const [index, [symbol]] of labels.entries()) {
        await tabs.nth(index).click();
        await expect(tabs.nth(index)).toHaveAttribute('aria-selected', 'true');
        const frame = page.getByRole('region', { name: `Chart ${String(index + 1)}: ${symbol}` });
        await expect(frame.getByTestId('chart-legend')).toContainText(/C\s*[\d,.]+/, { timeout: 30_000 });
        await shot(page, testInfo, `layout-2x2-${label}-cell-${String(index + 1)}`);
      }
    });

    test('scrolled back, one click on » returns to the latest bar', async ({ page }, testInfo) => {
      await page.goto('/?symbol=AAPL.US&interval=1d');
      await expect(page.getByTestId('chart-legend')).toContainText(/C\s*[\d,.]+/, { timeout: 15_000 });
      await page.waitForLoadState('networkidle');
      const latest = page.getByRole('button', { name: 'Scroll to the latest bar' });
      await expect(latest).toBeHidden();
      const pane = await paneBox(page);
      const y = pane.top + pane.height / 2;
      // Dragged right by most of the pane, twice: months back.
      for (let drag = 0; drag < 2; drag += 1) {
        await page.mouse.move(pane.left + 10, y);
        await page.mouse.down();
        await page.mouse.move(pane.left + pane.width * 0.8, y, { steps: 12 });
        await page.mouse.up();
      }
      await expect(latest).toBeVisible();
      await shot(page, testInfo, `scrolled-back-${label}`);
      await latest.click();
      await expect(latest).toBeHidden();
      await shot(page, testInfo, `latest-bar-${label}`);
    });

    test('“nvda” typed on the chart opens the search with “nvda” in it', async ({ page }, testInfo) => {
      await page.goto('/?symbol=AAPL.US&interval=1h');
      await expect(page.getByTestId('chart-legend')).toBeVisible({ timeout: 15_000 });
      const pane = await paneBox(page);
      await page.mouse.click(pane.left + pane.width / 2, pane.top + pane.height / 2);
      await page.keyboard.type('nvda', { delay: 40 });
      const search = page.getByRole('combobox', { name: 'Search symbols' });
      await expect(search).toHaveValue('nvda');
      await expect(page.getByTestId('search-option').first()).toHaveAttribute('data-symbol', 'NVDA.US');
      await shot(page, testInfo, `typed-nvda-${label}`);
    });
  });
}
