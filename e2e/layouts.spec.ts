/**
 * Chart layouts: a 2 × 2 screen built by hand (layout menu, a symbol per chart through the
 * search) comes back on reload and through its link in a fresh browser; the crosshair is synced
 * (the same date in every legend); two charts of one symbol and interval share their K-line
 * requests; on a phone the layout is one chart with a switcher; indicators' panes built again (a
 * cell's new interval, the other theme) leave no listener on series gone (no page error on a click).
 */
import type { Page, Request } from '@playwright/test';
import { expect, test, withoutCarriedPage } from './fixtures.ts';
import { unfoldToolbar } from './toolbar.ts';
import { DEFAULT_SIM_NOW, resetSimulator, setClock } from './sim-control.ts';
import { newEntries, readSimLog, type SimLogEntry } from './sim-log.ts';

test.beforeEach(async ({ request }) => {
  await resetSimulator(request);
  // A frozen clock: the last candles stay put while legends are compared.
  await setClock(request, DEFAULT_SIM_NOW, true);
});
test.afterEach(async ({ request }) => {
  await resetSimulator(request);
});

const frames = (page: Page) => page.getByTestId('layout-chart');

async function chooseLayout(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Layout', exact: true }).click();
  const menu = page.getByRole('dialog', { name: 'Chart layout' });
  await menu.getByRole('button', { name }).click();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
}

/** Opens `symbol` on chart `index` as a user does: a press on that chart, then the search. */
async function openOnChart(page: Page, index: number, symbol: string): Promise<void> {
  await frames(page)
    .nth(index)
    .getByTestId('main-chart')
    .click({ position: { x: 60, y: 40 } });
  await expect(frames(page).nth(index)).toHaveAttribute('data-active', 'true');
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Search symbols' });
  await dialog.getByRole('combobox', { name: 'Search symbols' }).fill(symbol);
  await expect(dialog.getByTestId('search-option').first()).toHaveAttribute('data-symbol', symbol);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(frames(page).nth(index)).toHaveAccessibleName(new RegExp(`: ${symbol.replace('.', '\\.')}$`));
}

const SCREEN = ['700.HK', 'MSFT.US', 'XAUUSD', 'ETHUSDT'] as const;

async function expectScreen(page: Page): Promise<void> {
  await expect(frames(page)).toHaveCount(4);
  for (const [index, symbol] of SCREEN.entries()) {
    await expect(frames(page).nth(index)).toHaveAccessibleName(`Chart ${String(index + 1)}: ${symbol}`);
    // Each chart draws its own candles: its legend shows prices.
    await expect(frames(page).nth(index).getByTestId('chart-legend')).toContainText(/C\s*[\d,.]+/);
  }
  // The last chart opened is the active one, and the header follows it.
  await expect(frames(page).nth(3)).toHaveAttribute('data-active', 'true');
  await expect(page.getByTestId('symbol-header')).toContainText('ETHUSDT');
}

test('a 2 × 2 layout with a symbol per chart comes back on reload and through its link', async ({ page, browser, baseURL }) => {
  await page.goto('/?symbol=AAPL.US');
  await expect(page.getByTestId('chart-legend')).toContainText(/C\s*[\d,.]+/);
  await chooseLayout(page, 'Four charts (2 × 2)');
  await expect(frames(page)).toHaveCount(4);
  for (const [index, symbol] of SCREEN.entries()) await openOnChart(page, index, symbol);
  await expectScreen(page);
  // The search names each symbol's type, which the link keeps.
  await expect(page).toHaveURL(/layout=4&charts=700\.HK~1d~forward~stock,MSFT\.US~1d~forward~stock,XAUUSD~1d~none~forex,ETHUSDT~1d~none~crypto&active=3/);

  await page.reload();
  await expectScreen(page);

  // The link in a browser that has never seen the layout (no saved state) opens the same screen.
  const context = await browser.newContext({ baseURL });
  const other = await context.newPage();
  await other.goto(page.url());
  await expectScreen(other);
  await context.close();
});

test('the synced crosshair puts the same date in every legend', async ({ page }) => {
  // Markets that trade on every day the US does (FX on weekdays, crypto every day), so the date
  // under the pointer on the US chart is a candle on each of them.
  await page.goto('/?symbol=AAPL.US&interval=1d&layout=4&charts=AAPL.US~1d~none,MSFT.US~1d~none,EURUSD~1d~none,BTCUSDT~1d~none&active=0&sync=crosshair');
  await expect(frames(page)).toHaveCount(4);
  for (let index = 0; index < 4; index++) await expect(frames(page).nth(index).getByTestId('chart-legend')).toContainText(/C\s*[\d,.]+/);
  const legendDate = async (index: number) => /\d{4}-\d{2}-\d{2}/.exec((await frames(page).nth(index).getByTestId('chart-legend').textContent()) ?? '')?.[0];
  const box = await frames(page).nth(0).getByTestId('main-chart').boundingBox();
  if (!box) throw new Error('no chart');
  // Two places on the first chart: every legend follows each of them.
  for (const share of [0.35, 0.6]) {
    const before = await legendDate(0);
    await page.mouse.move(box.x + box.width * share, box.y + box.height * 0.4);
    await expect.poll(() => legendDate(0)).not.toBe(before);
    const date = await legendDate(0);
    for (let index = 1; index < 4; index++) await expect.poll(() => legendDate(index)).toBe(date);
  }
  // The pointer gone, every legend is back at its own last candle.
  await page.mouse.move(box.x - 40, box.y - 40);
  await expect.poll(() => legendDate(3)).toBe('2026-11-25');
});

test('two charts of one symbol and interval share one set of K-line requests', async ({ page, request }) => {
  const klines = (requests: Request[]) => requests.map((sent) => sent.url()).filter((url) => url.includes('/v1/market/kline') && url.includes('symbol=700.HK'));
  // At the server too: the simulator's log of history requests that reached it (its path carries
  // no query, and only 700.HK has a chart on these screens).
  const historyAtServer = async (since: SimLogEntry[]) =>
    newEntries(since, await readSimLog(request)).filter((entry) => entry.path === '/v1/market/kline').length;
  const seen: Request[] = [];
  page.on('request', (sent) => seen.push(sent));
  // Both screens ask for their own pages (a one-chart link's first page may come in index.html).
  await withoutCarriedPage(page);
  let before = await readSimLog(request);
  await page.goto('/?symbol=700.HK&interval=1d');
  await expect(page.getByTestId('chart-legend')).toContainText(/C\s*[\d,.]+/);
  await page.waitForLoadState('networkidle');
  const single = klines(seen);
  const singleAtServer = await historyAtServer(before);
  expect(single.length).toBeGreaterThan(0);
  expect(singleAtServer).toBe(single.length);

  seen.length = 0;
  before = await readSimLog(request);
  await page.goto('/?symbol=700.HK&interval=1d&layout=2h&charts=700.HK~1d~none,700.HK~1d~none&active=0&sync=');
  await expect(frames(page)).toHaveCount(2);
  for (let index = 0; index < 2; index++) await expect(frames(page).nth(index).getByTestId('chart-legend')).toContainText(/C\s*[\d,.]+/);
  await page.waitForLoadState('networkidle');
  const double = klines(seen);
  // The same requests as one chart, none twice; at the server no more than one chart's (the
  // server keeps complete windows, so the second visit may cost nothing upstream).
  expect(new Set(double).size).toBe(double.length);
  expect(double.length).toBe(single.length);
  expect(await historyAtServer(before)).toBeLessThanOrEqual(singleAtServer);
});

test('on a phone a layout is one chart with a switcher', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/?symbol=AAPL.US&interval=1d&layout=4&charts=AAPL.US~1d~none,700.HK~1d~none,EURUSD~1d~none,BTCUSDT~1d~none&active=0&sync=crosshair');
  const switcher = page.getByRole('tablist', { name: 'Charts' });
  await expect(switcher.getByRole('tab')).toHaveCount(4);
  await expect(frames(page)).toHaveCount(1);
  await switcher.getByRole('tab', { name: /700\.HK/ }).click();
  await expect(frames(page)).toHaveCount(1);
  await expect(frames(page).first()).toHaveAccessibleName('Chart 2: 700.HK');
  await expect(page.getByTestId('symbol-header')).toContainText('700.HK');
  await expect(frames(page).first().getByTestId('chart-legend')).toContainText(/C\s*[\d,.]+/);
  await expect(page).toHaveURL(/active=1/);
});

test('on a laptop’s short screen each chart of a 2 × 2 fits its own cell', async ({ page }) => {
  // 1280 × 660: a 13-inch laptop's browser window; each cell is about 250 px high.
  await page.setViewportSize({ width: 1280, height: 660 });
  await page.goto('/?symbol=AAPL.US&interval=1d&layout=4&charts=AAPL.US~1d~none,700.HK~1d~none,EURUSD~1d~none,BTCUSDT~1d~none&active=0&sync=crosshair');
  await expect(frames(page)).toHaveCount(4);
  for (let index = 0; index < 4; index += 1) {
    const frame = frames(page).nth(index);
    await expect(frame.getByTestId('chart-legend')).toContainText(/C\s*[\d,.]+/);
    const cell = await frame.boundingBox();
    const chart = await frame.getByTestId('main-chart').boundingBox();
    if (!cell || !chart) throw new Error(`chart ${String(index + 1)} has no box`);
    // The chart (its time axis at the bottom) ends inside its cell, not over the chart below.
    expect(chart.y + chart.height).toBeLessThanOrEqual(cell.y + cell.height + 0.5);
    expect(chart.height).toBeGreaterThanOrEqual(100);
  }
});

test('a symbol’s drawings show on every chart of it, the tools on the active one only', async ({ page }) => {
  const line = {
    id: 'level',
    kind: 'horizontal-line',
    anchors: [{ time: Date.parse('2026-11-20T02:00:00Z'), price: 480 }],
    style: { color: '#ff0000', width: 2, line: 'solid' },
    locked: false,
  };
  await page.addInitScript(
    (saved) => {
      localStorage.setItem('chartroom.drawings', saved);
    },
    JSON.stringify({ version: 1, state: { bySymbol: { '700.HK': [line] } } }),
  );
  await page.goto('/?symbol=AAPL.US&interval=1d&layout=2h&charts=AAPL.US~1d~none,700.HK~1d~none&active=0&sync=');
  const other = frames(page).nth(1);
  await expect(other.locator('[data-drawings]')).toHaveAttribute('data-drawings', /"id":"level"/, { timeout: 15_000 });
  const placed = JSON.parse((await other.locator('[data-drawings]').getAttribute('data-drawings')) ?? '[]') as { points: { y: number }[] }[];
  expect(placed[0]?.points[0]?.y).toBeGreaterThan(0);
  // The drawing tools are on the active chart only.
  await expect(
    frames(page)
      .nth(0)
      .getByRole('button', { name: /drawing tools/i })
      .first(),
  ).toBeVisible();
  await expect(other.getByRole('button', { name: /drawing tools/i })).toHaveCount(0);
});

test('each chart of a layout keeps its own indicators', async ({ page }) => {
  await page.goto('/?symbol=AAPL.US&interval=1d&layout=2h&charts=AAPL.US~1d~none,700.HK~1d~none&active=0&sync=');
  const second = frames(page).nth(1);
  await expect(second.getByTestId('chart-legend')).toContainText(/C\s*[\d,.]+/);
  await second.getByTestId('main-chart').click({ position: { x: 60, y: 40 } });
  await expect(second).toHaveAttribute('data-active', 'true');
  await unfoldToolbar(second);
  await second.getByRole('button', { name: 'Indicators…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Indicators' });
  await dialog.getByRole('searchbox', { name: 'Search indicators' }).fill('rsi');
  await dialog.getByRole('button', { name: 'Add RSI' }).click();
  await page.keyboard.press('Escape');
  await expect(second.getByTestId('main-chart')).toHaveAccessibleName(/RSI/);
  await expect(frames(page).nth(0).getByTestId('main-chart')).not.toHaveAccessibleName(/RSI/);
  // Kept with the chart over a reload.
  await page.reload();
  await expect(frames(page).nth(1).getByTestId('main-chart')).toHaveAccessibleName(/RSI/);
  await expect(frames(page).nth(0).getByTestId('main-chart')).not.toHaveAccessibleName(/RSI/);
});

test('indicators’ panes on a 2 × 2, a cell’s interval changed by its key: later clicks raise no page error, back on one chart too', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.stack ?? error.message));
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/?symbol=AAPL.US&interval=1d');
  await expect(page.getByTestId('chart-legend')).toContainText(/C\s*[\d,.]+/);
  await unfoldToolbar(page);
  await page.getByRole('button', { name: 'Indicators…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Indicators' });
  for (const name of ['MACD', 'RSI']) {
    await dialog.getByRole('searchbox', { name: 'Search indicators' }).fill(name.toLowerCase());
    await dialog.getByRole('button', { name: `Add ${name}` }).click();
  }
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('indicator-pane-legends')).toHaveCount(2);
  await chooseLayout(page, 'Four charts (2 × 2)');
  await expect(frames(page)).toHaveCount(4);
  for (let index = 0; index < 4; index++) await expect(frames(page).nth(index).getByTestId('chart-legend')).toContainText(/C\s*[\d,.]+/);

  // The top-right chart, active, to 4h by its key.
  const topRight = frames(page).nth(1);
  await topRight.getByTestId('main-chart').click({ position: { x: 60, y: 40 } });
  await expect(topRight).toHaveAttribute('data-active', 'true');
  await page.keyboard.press('6');
  await expect(topRight.getByTestId('cell-header')).toContainText('4h');
  await expect(topRight.getByTestId('chart-legend')).toContainText(/C\s*[\d,.]+/);
  const clickEach = async (): Promise<void> => {
    for (const index of [0, 1, 2, 3])
      await frames(page)
        .nth(index)
        .getByTestId('main-chart')
        .click({ position: { x: 60, y: 40 } });
  };
  await clickEach();
  expect.soft(errors, 'clicks on the 2 × 2').toEqual([]);
  errors.length = 0;

  // The other theme: every chart builds its indicators' series again, no candle moving (the
  // interval's change does so when the decimals read from its first candles differ, by timing).
  await page.locator('header.app-header').getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(page.locator('header.app-header').getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
  await clickEach();
  expect.soft(errors, 'clicks on the 2 × 2 in the other theme').toEqual([]);
  errors.length = 0;

  // Back on one chart: its clicks too.
  await chooseLayout(page, 'One chart');
  const chart = page.getByTestId('main-chart');
  await expect(chart).toHaveCount(1);
  await expect(page.getByTestId('indicator-pane-legends')).toHaveCount(2);
  await chart.click({ position: { x: 60, y: 40 } });
  await chart.click({ position: { x: 120, y: 60 } });
  expect(errors, 'clicks on one chart').toEqual([]);
});
