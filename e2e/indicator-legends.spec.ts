/**
 * The indicators' legends: MACD, RSI, KDJ, BOLL and Ichimoku added from the picker each show their
 * name, parameters and values, and the values are those of the project's own indicator code run
 * here over the candles the chart holds (read back through the chart's CSV export), at the last
 * candle and at a hovered one; RSI's pane keeps its 0–100 scale under Percent and Log (its axis
 * labels read off the canvas as the library writes them); from a legend an indicator is hidden,
 * shown, set and removed, its pane moved and maximised; a pane's border dragged resizes it and the
 * height stays when the panes are built again. Screenshots under test-results/shots-legends/.
 */
import { mkdir, readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { computeIndicator } from '#shared/indicators/fold.ts';
import type { Bar, IndicatorFactory } from '#shared/indicators/indicator.ts';
import { create as bollinger } from '#shared/indicators/bollinger.ts';
import { create as ichimoku } from '#shared/indicators/ichimoku.ts';
import { create as kdj } from '#shared/indicators/kdj.ts';
import { create as macd } from '#shared/indicators/macd.ts';
import { create as rsi } from '#shared/indicators/rsi.ts';
import { chartLoaded, openExportMenu, parseCsv } from './chart-csv.ts';
import { expect, test } from './fixtures.ts';
import { unfoldToolbar } from './toolbar.ts';
import { DEFAULT_SIM_NOW, resetSimulator, setClock } from './sim-control.ts';

const SHOTS = 'test-results/shots-legends';

/** The kinds added, by the picker's name, the legend's title and the code computing them here. */
const ADDED: readonly { name: string; title: string; create: IndicatorFactory }[] = [
  { name: 'MACD', title: 'MACD 12 26 9', create: macd },
  { name: 'RSI', title: 'RSI 14', create: rsi },
  { name: 'KDJ', title: 'KDJ 9 3 3', create: kdj },
  { name: 'BOLL', title: 'BOLL 20 2', create: bollinger },
  { name: 'Ichimoku', title: 'Ichimoku 9 26 52 26', create: ichimoku },
];

test.beforeEach(async ({ request }) => {
  await resetSimulator(request);
  // A frozen clock: the forming candle stays put while legends and export are compared.
  await setClock(request, DEFAULT_SIM_NOW, true);
});
test.afterEach(async ({ request }) => {
  await resetSimulator(request);
});

/**
 * Every text the library writes on a canvas since the canvas was last filled whole (its
 * background): a price axis's labels as drawn. Installed before the page's scripts.
 */
async function recordCanvasTexts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const texts = new WeakMap<HTMLCanvasElement, string[]>();
    const proto = CanvasRenderingContext2D.prototype;
    // The library's own calls go on through the originals, taken as plain functions.
    const original = (name: 'fillRect' | 'fillText') => Object.getOwnPropertyDescriptor(proto, name)?.value as (...args: unknown[]) => void;
    const fillRect = original('fillRect');
    const fillText = original('fillText');
    proto.fillRect = function (this: CanvasRenderingContext2D, x: number, y: number, w: number, h: number) {
      if (x === 0 && y === 0 && w >= this.canvas.width && h >= this.canvas.height) texts.set(this.canvas, []);
      Reflect.apply(fillRect, this, [x, y, w, h]);
    };
    proto.fillText = function (this: CanvasRenderingContext2D, text: string, x: number, y: number, maxWidth?: number) {
      texts.set(this.canvas, [...(texts.get(this.canvas) ?? []), text]);
      Reflect.apply(fillText, this, maxWidth === undefined ? [text, x, y] : [text, x, y, maxWidth]);
    };
    (window as unknown as { canvasTexts: (canvas: HTMLCanvasElement) => string[] }).canvasTexts = (canvas) => texts.get(canvas) ?? [];
  });
}

/** Adds each kind from the picker, as a user does (the picker's button may wait behind More). */
async function addIndicators(page: Page): Promise<void> {
  const more = page.getByRole('button', { name: 'More chart tools' });
  await unfoldToolbar(page);
  await page.getByRole('button', { name: 'Indicators…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Indicators' });
  const search = dialog.getByRole('searchbox', { name: 'Search indicators' });
  for (const { name } of ADDED) {
    await search.fill(name.toLowerCase());
    await dialog.getByRole('button', { name: `Add ${name}` }).click();
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  if ((await more.isVisible()) && (await more.getAttribute('aria-expanded')) === 'true') await more.click();
}

/** Folds the toolbar's More if it is open (the export menu leaves it so). */
async function foldToolbar(page: Page): Promise<void> {
  const more = page.getByRole('button', { name: 'More chart tools' });
  if ((await more.isVisible()) && (await more.getAttribute('aria-expanded')) === 'true') await more.click();
}

/** The chart's candles as it holds them (the forming one with the quotes' last moves): its CSV export. */
async function chartBars(page: Page): Promise<Bar[]> {
  const menu = await openExportMenu(page);
  const [download] = await Promise.all([page.waitForEvent('download'), menu.getByRole('menuitem', { name: 'Candles (CSV)' }).click()]);
  const [, header, ...rows] = parseCsv((await readFile(await download.path())).toString('utf8'));
  const column = (name: string) => (header ?? []).indexOf(name);
  const [open, high, low, close, volume] = ['open', 'high', 'low', 'close', 'volume'].map(column);
  return rows.map((row) => ({
    open: Number(row[open ?? -1]),
    high: Number(row[high ?? -1]),
    low: Number(row[low ?? -1]),
    close: Number(row[close ?? -1]),
    volume: Number(row[volume ?? -1]),
  }));
}

/** The legend row titled `title`. */
const legendRow = (page: Page, title: string): Locator =>
  page.getByTestId('indicator-legend').filter({ has: page.getByTestId('indicator-legend-title').getByText(title, { exact: true }) });

/**
 * Presses a legend's button as a user does: the pointer goes to the row's name first (in a small
 * chart the buttons wait out of sight until the row is pointed at or pressed; in a big one they show).
 */
async function pressLegendButton(page: Page, title: string, name: string): Promise<void> {
  // The name lets the pointer through to the chart where the buttons show anyway: no hit check.
  await legendRow(page, title).getByTestId('indicator-legend-title').hover({ force: true });
  await page.getByRole('button', { name }).click();
}

/** Whether the page would hand a press at the element's centre to it (false when it is out of sight). */
const isUnderPointer = (element: Locator): Promise<boolean> =>
  element.evaluate((node) => {
    const box = node.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return hit !== null && node.contains(hit);
  });

/** A legend's value as a number (undefined for the warm-up dash) and its decimals. */
function readValue(text: string): { value: number | undefined; decimals: number } {
  if (text === '—') return { value: undefined, decimals: 0 };
  const plain = text.replace(/,/g, '').replace('−', '-');
  return { value: Number(plain), decimals: plain.split('.')[1]?.length ?? 0 };
}

/** Whether legend texts read the values (each within half its last shown digit). */
function reads(texts: readonly string[], values: readonly (number | undefined)[]): boolean {
  return (
    texts.length === values.length &&
    texts.every((text, o) => {
      const { value, decimals } = readValue(text);
      const expected = values[o];
      if (value === undefined || expected === undefined) return value === expected;
      return Math.abs(value - expected) <= 0.5 * 10 ** -decimals + 1e-9;
    })
  );
}

async function legendTexts(page: Page): Promise<Map<string, string[]>> {
  const texts = new Map<string, string[]>();
  for (const { title } of ADDED) texts.set(title, await legendRow(page, title).getByTestId('indicator-legend-value').allTextContents());
  return texts;
}

/** The page y of the top and the height of the pane whose legend reads `title`. */
async function paneBox(page: Page, title: string): Promise<{ top: number; height: number }> {
  const box = await legendRow(page, title)
    .locator('xpath=ancestor::td[1]')
    .evaluate((cell) => {
      const rect = cell.getBoundingClientRect();
      return { top: rect.top, height: rect.height };
    });
  return box;
}

/** The labels RSI's pane's price axis shows (the cell right of its pane). */
async function rsiAxisLabels(page: Page): Promise<string[]> {
  return legendRow(page, 'RSI 14')
    .locator('xpath=ancestor::td[1]/following-sibling::td[1]//canvas')
    .first()
    .evaluate((canvas) => (window as unknown as { canvasTexts: (c: HTMLCanvasElement) => string[] }).canvasTexts(canvas as HTMLCanvasElement));
}

async function chooseScale(page: Page, name: 'Linear' | 'Log' | 'Percent') {
  const more = page.getByRole('button', { name: 'More chart tools' });
  const folded = (await more.isVisible()) && (await more.getAttribute('aria-expanded')) !== 'true';
  if (folded) await more.click();
  await page.getByRole('radio', { name }).check();
  if (folded) await more.click();
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
  { width: 1024, height: 768 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${String(viewport.width)}×${String(viewport.height)}`, () => {
    test.use({ viewport });

    test('each indicator’s legend reads its name and the values its code computes over the chart’s candles', async ({ page }) => {
      await mkdir(SHOTS, { recursive: true });
      await recordCanvasTexts(page);
      await page.goto('/?symbol=BTCUSDT&interval=1h');
      await chartLoaded(page);
      await addIndicators(page);
      for (const { title } of ADDED) await expect(legendRow(page, title)).toBeVisible();
      // Over the price: BOLL and Ichimoku under the candle's legend; the others in their panes.
      await expect(page.getByTestId('indicator-legends').getByTestId('indicator-legend-title')).toHaveText([
        'MA 20',
        'MA 50',
        'BOLL 20 2',
        'Ichimoku 9 26 52 26',
      ]);
      await expect(page.getByTestId('indicator-pane-legends')).toHaveCount(3);
      await page.mouse.move(0, 0);
      await page.screenshot({ path: `${SHOTS}/legends-${String(viewport.width)}.png` });

      const bars = await chartBars(page);
      expect(bars.length).toBeGreaterThan(100);
      const computed = new Map(ADDED.map(({ title, create }) => [title, computeIndicator(create({}, 0), bars)]));
      const at = (title: string, i: number) => (computed.get(title) ?? []).map((column) => column[i]);
      // Crosshair away: the last candle's values.
      const last = bars.length - 1;
      // The export menu's item was over the chart: the pointer leaves it, and the toolbar folds.
      await page.mouse.move(0, 0);
      await foldToolbar(page);
      await expect.poll(async () => reads((await legendTexts(page)).get('RSI 14') ?? [], at('RSI 14', last))).toBe(true);
      const shown = await legendTexts(page);
      for (const { title } of ADDED)
        expect(reads(shown.get(title) ?? [], at(title, last)), `${title}: ${String(shown.get(title))} against ${String(at(title, last))}`).toBe(true);
      // Over the price, at the price's decimals (the candle legend's close).
      const close = (await page.getByTestId('chart-legend').locator('dd').nth(4).textContent()) ?? '';
      expect(readValue(shown.get('BOLL 20 2')?.[1] ?? '').decimals).toBe(readValue(close).decimals);

      // Hovering a candle in the middle: every legend reads that candle's values.
      const chart = page.getByTestId('main-chart');
      const box = await chart.boundingBox();
      if (!box) throw new Error('no chart');
      await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.3);
      await expect.poll(async () => (await legendTexts(page)).get('RSI 14')).not.toEqual(shown.get('RSI 14'));
      const hovered = await legendTexts(page);
      const candle = bars.findIndex((_, i) => ADDED.every(({ title }) => reads(hovered.get(title) ?? [], at(title, i))));
      expect(candle, `a candle whose values all legends read: ${JSON.stringify([...hovered])}`).toBeGreaterThan(0);
      expect(candle).toBeLessThan(last);
      await page.screenshot({ path: `${SHOTS}/legends-hovered-${String(viewport.width)}.png` });
      await page.mouse.move(0, 0);

      // RSI's own scale stays 0–100 whatever the price pane shows.
      for (const scale of ['Percent', 'Log'] as const) {
        await chooseScale(page, scale);
        // The panes built again under that scale (KDJ hidden and shown): a new pane must not take the price's mode.
        await pressLegendButton(page, 'KDJ 9 3 3', 'Hide KDJ 9 3 3');
        await pressLegendButton(page, 'KDJ 9 3 3', 'Show KDJ 9 3 3');
        await expect
          .poll(async () => {
            const labels = await rsiAxisLabels(page);
            return labels.length > 0 && labels.every((label) => /^\d+(\.\d+)?$/.test(label) && Number(label) >= 0 && Number(label) <= 100);
          }, `RSI's axis under ${scale}`)
          .toBe(true);
        await page.screenshot({ path: `${SHOTS}/rsi-${scale.toLowerCase()}-${String(viewport.width)}.png` });
      }
      await chooseScale(page, 'Linear');
    });
  });
}

test.describe('at 1440×900', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('from a legend: hide and show, settings, remove, move and maximise a pane; a dragged border’s height is kept', async ({ page }) => {
    await mkdir(SHOTS, { recursive: true });
    await page.goto('/?symbol=BTCUSDT&interval=1h');
    await chartLoaded(page);
    await addIndicators(page);
    const paneLegends = page.getByTestId('indicator-pane-legends');
    await expect(paneLegends).toHaveCount(3);

    // Hidden: its pane goes, its legend stays (struck through) under the candle's, and comes back.
    await page.getByRole('button', { name: 'Hide KDJ 9 3 3' }).click();
    await expect(paneLegends).toHaveCount(2);
    await expect(legendRow(page, 'KDJ 9 3 3')).toHaveAttribute('data-hidden', 'true');
    await page.screenshot({ path: `${SHOTS}/kdj-hidden.png` });
    await page.getByRole('button', { name: 'Show KDJ 9 3 3' }).click();
    await expect(paneLegends).toHaveCount(3);
    await expect(legendRow(page, 'KDJ 9 3 3').getByTestId('indicator-legend-value')).toHaveCount(3);

    // Settings: the instance's editor, its period applied at once.
    await page.getByRole('button', { name: 'Settings of RSI 14' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings of RSI 14' });
    await expect(settings).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/rsi-settings.png` });
    const period = settings.getByRole('textbox', { name: 'Period' });
    await period.fill('10');
    await expect(legendRow(page, 'RSI 10')).toBeVisible();
    await page.getByRole('button', { name: 'Close' }).click();

    // Removed.
    await page.getByRole('button', { name: 'Remove KDJ 9 3 3' }).click();
    await expect(legendRow(page, 'KDJ 9 3 3')).toHaveCount(0);
    await expect(paneLegends).toHaveCount(2);

    // Moved up: RSI's pane above MACD's.
    expect((await paneBox(page, 'RSI 10')).top).toBeGreaterThan((await paneBox(page, 'MACD 12 26 9')).top);
    await page.getByRole('button', { name: 'Move RSI 10 up' }).click();
    await expect.poll(async () => (await paneBox(page, 'RSI 10')).top < (await paneBox(page, 'MACD 12 26 9')).top).toBe(true);

    // RSI's top border dragged up by 20 px (the volume's pane above it gives them): RSI's pane grows by as much.
    const before = await paneBox(page, 'RSI 10');
    const chart = await page.getByTestId('main-chart').boundingBox();
    if (!chart) throw new Error('no chart');
    const x = chart.x + chart.width * 0.4;
    await page.mouse.move(x, before.top - 1);
    await page.mouse.down();
    await page.mouse.move(x, before.top - 11, { steps: 3 });
    await page.mouse.move(x, before.top - 21, { steps: 3 });
    await page.mouse.up();
    await expect.poll(async () => Math.abs((await paneBox(page, 'RSI 10')).height - (before.height + 20))).toBeLessThan(4);
    const resized = (await paneBox(page, 'RSI 10')).height;
    await page.screenshot({ path: `${SHOTS}/rsi-resized.png` });
    // The panes built again (MACD hidden and shown): RSI keeps the height it was given.
    await page.getByRole('button', { name: 'Hide MACD 12 26 9' }).click();
    await page.getByRole('button', { name: 'Show MACD 12 26 9' }).click();
    await expect(paneLegends).toHaveCount(2);
    await expect.poll(async () => Math.abs((await paneBox(page, 'RSI 10')).height - resized)).toBeLessThan(4);

    // Maximised: RSI takes most of the chart; restored, it has its height back.
    await page.getByRole('button', { name: 'Maximise RSI 10' }).click();
    await expect.poll(async () => (await paneBox(page, 'RSI 10')).height).toBeGreaterThan(chart.height * 0.7);
    await page.screenshot({ path: `${SHOTS}/rsi-maximised.png` });
    await page.getByRole('button', { name: 'Restore RSI 10' }).click();
    await expect.poll(async () => Math.abs((await paneBox(page, 'RSI 10')).height - resized)).toBeLessThan(4);
  });
});

test.describe('at 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the legends stay in sight below the toolbar’s More while it lies unfolded over the chart', async ({ page }) => {
    await mkdir(SHOTS, { recursive: true });
    await page.goto('/?symbol=BTCUSDT&interval=1h');
    await chartLoaded(page);
    const legend = page.getByTestId('chart-legend');
    const overPrice = page.getByTestId('indicator-legends');
    await expect(overPrice).toBeVisible();
    // The legend's place in the chart (a notice above the panel may still move the whole chart).
    const chart = page.getByTestId('main-chart');
    const inChart = async () => ((await legend.boundingBox())?.y ?? 0) - ((await chart.boundingBox())?.y ?? 0);
    const folded = await inChart();
    await page.getByRole('button', { name: 'More chart tools' }).click();
    const toolbar = page.getByTestId('chart-toolbar');
    await expect
      .poll(async () => (await legend.boundingBox())?.y ?? 0)
      .toBeGreaterThanOrEqual(await toolbar.evaluate((panel) => panel.getBoundingClientRect().bottom));
    // The indicators' lines under the candle's, below the toolbar too.
    expect((await overPrice.boundingBox())?.y ?? 0).toBeGreaterThanOrEqual(await toolbar.evaluate((panel) => panel.getBoundingClientRect().bottom));
    await page.screenshot({ path: `${SHOTS}/more-open-390.png` });
    await page.getByRole('button', { name: 'More chart tools' }).click();
    // Folded again, the legend is back at the chart's top.
    await expect.poll(async () => Math.abs((await inChart()) - folded)).toBeLessThan(1);
  });
});

test.describe('in a 2 × 2 layout at 1024×700', () => {
  test.use({ viewport: { width: 1024, height: 700 } });

  test('each legend keeps to one line; its buttons show when the row is pointed at, and Tab reaches them; the picker lies over every chart', async ({
    page,
  }) => {
    await mkdir(SHOTS, { recursive: true });
    await page.goto('/?symbol=BTCUSDT&interval=1h&layout=4&charts=BTCUSDT~1h~none,700.HK~1d~none,AAPL.US~1d~none,XAUUSD~1d~none&active=0');
    const first = page.getByTestId('layout-chart').first();
    await expect(first.getByTestId('chart-legend')).toContainText(/C\s*[\d,.]+/);
    await unfoldToolbar(first);
    await first.getByRole('button', { name: 'Indicators…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Indicators' });
    // The other charts' buttons lie under the picker: a point of the picker over one is the picker's.
    const box = await dialog.boundingBox();
    if (!box) throw new Error('no picker');
    let covered = 0;
    for (const cell of [1, 2, 3]) {
      for (const button of await page.getByTestId('layout-chart').nth(cell).getByRole('button').all()) {
        const at = await button.boundingBox();
        if (!at || at.width === 0) continue;
        const [x, y] = [at.x + at.width / 2, at.y + at.height / 2];
        if (x < box.x || x > box.x + box.width || y < box.y || y > box.y + box.height) continue;
        covered += 1;
        expect(await page.evaluate(([px, py]) => document.elementFromPoint(px ?? 0, py ?? 0)?.closest('[role="dialog"]') !== null, [x, y])).toBe(true);
      }
    }
    expect(covered).toBeGreaterThan(0);
    const search = dialog.getByRole('searchbox', { name: 'Search indicators' });
    for (const name of ['MACD', 'RSI']) {
      await search.fill(name.toLowerCase());
      await dialog.getByRole('button', { name: `Add ${name}` }).click();
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.mouse.move(0, 0);

    // One line each: a row is no taller than its name, and its buttons are out of sight.
    for (const title of ['MA 20', 'MACD 12 26 9', 'RSI 14']) {
      const row = legendRow(page, title).first();
      await expect(row).toBeVisible();
      const rowBox = await row.boundingBox();
      const nameBox = await row.getByTestId('indicator-legend-title').boundingBox();
      expect(rowBox?.height ?? 99, title).toBeLessThanOrEqual((nameBox?.height ?? 0) + 2);
      expect(await isUnderPointer(first.getByRole('button', { name: `Remove ${title}` })), title).toBe(false);
    }
    await page.screenshot({ path: `${SHOTS}/layout-2x2-1024.png` });

    // Pointed at, RSI's row shows its buttons, which work.
    await pressLegendButton(page, 'RSI 14', 'Hide RSI 14');
    await expect(legendRow(page, 'RSI 14')).toHaveAttribute('data-hidden', 'true');
    await page.screenshot({ path: `${SHOTS}/layout-2x2-1024-pointed.png` });
    await pressLegendButton(page, 'RSI 14', 'Show RSI 14');
    await expect(legendRow(page, 'RSI 14')).not.toHaveAttribute('data-hidden', 'true');

    // From the keyboard: Tab from the Hide of MA 20 goes to its settings, shown while focused.
    await page.mouse.move(0, 0);
    await first.getByRole('button', { name: 'Hide MA 20' }).focus();
    await page.keyboard.press('Tab');
    const settings = first.getByRole('button', { name: 'Settings of MA 20' });
    await expect(settings).toBeFocused();
    expect(await isUnderPointer(settings)).toBe(true);
  });
});
