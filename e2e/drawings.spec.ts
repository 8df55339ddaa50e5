/**
 * Drawing tools on the main chart: a trend line drawn with the mouse stays after a reload, sits at
 * the same times and prices on another interval, follows the candles under Forward adjustment;
 * an anchor moves, the move undoes and redoes, Delete removes; a finger draws on a phone.
 *
 * Positions are read back from the chart's `data-drawings` (each drawing's anchors as shown and
 * their pane pixels at the last paint) and checked on the canvas, where the line's colour must be.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { fitLine, legendAt, readCandles } from './price-pane-pixels.ts';
import { DEFAULT_SIM_NOW, resetSimulator, setClock } from './sim-control.ts';

interface Placed {
  id: string;
  kind: string;
  anchors: { time: number; price: number }[];
  points: { x: number; y: number }[];
}

test.beforeEach(async ({ request }) => {
  await resetSimulator(request);
  await setClock(request, DEFAULT_SIM_NOW, true);
});
test.afterEach(async ({ request }) => {
  await resetSimulator(request);
});

/**
 * The element the drawings report on: the chart's own (main-chart, or the early chart's element
 * inside it that the app took over).
 */
function reporter(chart: Locator): Locator {
  return chart.page().locator('[data-testid="main-chart"][data-drawings], [data-testid="main-chart"] [data-drawings]').first();
}

async function placed(chart: Locator): Promise<Placed[]> {
  const holder = reporter(chart);
  if ((await holder.count()) === 0) return [];
  const text = await holder.getAttribute('data-drawings');
  return text ? (JSON.parse(text) as Placed[]) : [];
}

/** The drawings once `count` are placed (the chart reports them shortly after a paint). */
async function waitPlaced(chart: Locator, count: number): Promise<Placed[]> {
  await expect.poll(async () => (await placed(chart)).length, { timeout: 10_000 }).toBe(count);
  return placed(chart);
}

/** The page point of a pane point (the price pane starts at the chart's top left). */
async function pagePoint(chart: Locator, x: number, y: number): Promise<{ x: number; y: number }> {
  const box = await chart.boundingBox();
  if (!box) throw new Error('no chart box');
  return { x: box.x + x, y: box.y + y };
}

/** How many pixels near a pane point have the colour #rrggbb (the line drawn there). */
async function colourNear(page: Page, x: number, y: number, colour: string): Promise<number> {
  return page.evaluate(
    ([px, py, hex]) => {
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
      const canvases = [...document.querySelectorAll<HTMLCanvasElement>('[data-testid="main-chart"] canvas')];
      let count = 0;
      for (const canvas of canvases) {
        const rect = canvas.getBoundingClientRect();
        const chart = document.querySelector('[data-testid="main-chart"]')?.getBoundingClientRect();
        if (!chart || rect.top - chart.top > 2 || rect.left - chart.left > 2) continue;
        const ratio = canvas.width / rect.width;
        const context = canvas.getContext('2d');
        if (!context) continue;
        const size = Math.round(6 * ratio);
        const data = context.getImageData(Math.round(px * ratio) - size, Math.round(py * ratio) - size, size * 2, size * 2).data;
        for (let i = 0; i < data.length; i += 4) {
          if (
            Math.abs((data[i] ?? 0) - (r ?? 0)) < 30 &&
            Math.abs((data[i + 1] ?? 0) - (g ?? 0)) < 30 &&
            Math.abs((data[i + 2] ?? 0) - (b ?? 0)) < 30 &&
            (data[i + 3] ?? 0) > 150
          )
            count++;
        }
      }
      return count;
    },
    [x, y, colour] as const,
  );
}

async function drawTrendLine(page: Page, chart: Locator, from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
  await page.getByRole('button', { name: 'Trend line' }).click();
  const a = await pagePoint(chart, from.x, from.y);
  const b = await pagePoint(chart, to.x, to.y);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up();
}

const BLUE = '#2962ff';

function must<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('missing value');
  return value;
}

/** Places a drawing by clicking its anchors one by one (pane points). */
async function drawWith(page: Page, chart: Locator, tool: string, points: readonly { x: number; y: number }[]): Promise<void> {
  await page.getByRole('button', { name: tool, exact: true }).click();
  for (const point of points) {
    const at = await pagePoint(chart, point.x, point.y);
    await page.mouse.click(at.x, at.y);
  }
}

/** A point of the segment a–b inside the pane's width (the part of a line on screen). */
function visiblePointOf(a: { x: number; y: number }, b: { x: number; y: number }, width: number): { x: number; y: number } {
  const left = Math.max(Math.min(a.x, b.x), 20);
  const right = Math.min(Math.max(a.x, b.x), width - 20);
  const x = (left + right) / 2;
  return { x, y: a.y + ((b.y - a.y) * (x - a.x)) / (b.x - a.x) };
}

/** The top of the high wick (pane px) of the candle drawn nearest pane x. */
async function highTopAt(page: Page, chart: Locator, x: number): Promise<number> {
  const box = await chart.boundingBox();
  const { candles } = await readCandles(page);
  const pageX = (box?.x ?? 0) + x;
  const nearest = candles.reduce((best, candle) => (Math.abs(candle.x - pageX) < Math.abs(best.x - pageX) ? candle : best));
  return nearest.top;
}

/** The price pane's linear mapping y = a + b·price, from a few candles' wicks and legend prices. */
async function priceScaleOf(page: Page): Promise<{ a: number; b: number }> {
  const { top, candles } = await readCandles(page);
  const pairs: [number, number][] = [];
  for (let i = 0; i < 6; i++) {
    const candle = candles[Math.round(((candles.length - 1) * (i + 0.5)) / 6)];
    if (!candle) continue;
    const prices = await legendAt(page, candle.x, top + (candle.top + candle.bottom) / 2);
    pairs.push([prices.high, candle.top], [prices.low, candle.bottom]);
  }
  const fit = fitLine(pairs);
  expect(fit.worst).toBeLessThan(2);
  return { a: fit.a, b: fit.b };
}

async function openChart(page: Page, query: string): Promise<Locator> {
  await page.goto(`/?${query}`);
  const chart = page.getByTestId('main-chart');
  await expect(reporter(chart)).toHaveAttribute('data-drawings', /.*/, { timeout: 15_000 });
  // The wide screen's tool column starts closed (it would cover the chart's left edge).
  const expand = page.getByRole('button', { name: 'Expand drawing tools' });
  if (await expand.isVisible()) await expand.click();
  return chart;
}

test('a trend line drawn with the mouse stays after a reload and keeps its times and prices on 1h', async ({ page }) => {
  const chart = await openChart(page, 'symbol=AAPL.US&interval=1d');
  // Over the last few days, so that the 1h chart shows it too.
  const box = must((await chart.boundingBox()) ?? undefined);
  const lastX = must((await readCandles(page)).candles.at(-1)).x - box.x;
  await drawTrendLine(page, chart, { x: lastX - 45, y: 150 }, { x: lastX - 8, y: 250 });
  const [drawn] = await waitPlaced(chart, 1);
  if (!drawn) throw new Error('nothing drawn');
  expect(drawn.kind).toBe('trend-line');
  const middle = visiblePointOf(must(drawn.points[0]), must(drawn.points[1]), box.width);
  expect(await colourNear(page, middle.x, middle.y, BLUE)).toBeGreaterThan(0);
  // Away from the line: none of its colour.
  expect(await colourNear(page, middle.x, middle.y - 40, BLUE)).toBe(0);

  await page.reload();
  await expect(reporter(chart)).toHaveAttribute('data-drawings', /trend-line/, { timeout: 15_000 });
  const [reloaded] = await waitPlaced(chart, 1);
  expect(reloaded?.anchors).toEqual(drawn.anchors);
  // Where it was, once the chart has settled: while the page loads, the indicators coming back
  // move the price scale (a CI run read the line 5 px off, mid-load).
  await expect.poll(async () => (await placed(chart))[0]?.points, { timeout: 10_000 }).toEqual(drawn.points);

  await page.getByRole('button', { name: '1h', exact: true }).click();
  await expect(chart).toHaveAttribute('aria-label', /1h/);
  // The same instrument times and prices, placed on the 1h axis.
  await expect.poll(async () => JSON.stringify((await placed(chart))[0]?.points)).not.toBe(JSON.stringify(drawn.points));
  const [hourly] = await waitPlaced(chart, 1);
  expect(hourly?.anchors).toEqual(drawn.anchors);
  const width = (await chart.boundingBox())?.width ?? 0;
  // Each end's y is its price on the 1h price scale: the scale's mapping read off drawn candles
  // (their wicks' rows against the legend's high and low).
  const [a, b] = hourly?.points ?? [];
  if (!a || !b) throw new Error('no points');
  const scale = await priceScaleOf(page);
  expect(Math.abs(a.y - (scale.a + scale.b * must(drawn.anchors[0]).price))).toBeLessThanOrEqual(2);
  expect(Math.abs(b.y - (scale.a + scale.b * must(drawn.anchors[1]).price))).toBeLessThanOrEqual(2);
  // Painted where it is placed (the part on screen, clear of the toolbar column).
  const onScreen = visiblePointOf({ x: Math.max(a.x, 60), y: a.x < 60 ? a.y + ((b.y - a.y) * (60 - a.x)) / (b.x - a.x) : a.y }, b, width - 80);
  expect(onScreen.x).toBeGreaterThan(40);
  expect(await colourNear(page, onScreen.x, onScreen.y, BLUE)).toBeGreaterThan(0);
  await page.screenshot({ path: 'test-results/drawings-shots/trend-line-1h.png' });
});

/** Clicks an adjustment mode (a radio of the Adjust group). */
async function adjust(page: Page, mode: 'None' | 'Forward' | 'Backward'): Promise<void> {
  await page
    .getByRole('radiogroup', { name: /adjust/i })
    .getByRole('radio', { name: mode })
    .click();
}

/** Two candles near the chart's left edge (the tool column is beside the chart), left of COST.US's 4-for-1 split of 14 September 2026. */
async function candlesBeforeSplit(page: Page, chart: Locator, first: number, second: number): Promise<{ x: number; y: number }[]> {
  const box = must((await chart.boundingBox()) ?? undefined);
  const clear = (await readCandles(page)).candles.filter((candle) => candle.x - box.x > 10);
  return [clear[first], clear[second]].map((candle) => ({ x: must(candle).x - box.x, y: must(candle).top - 2 }));
}

test('under Forward adjustment a drawing stays on the candles it was drawn on, both ways', async ({ page }) => {
  // COST.US split 4-for-1 on 14 September 2026: Forward divides earlier prices by four.
  const chart = await openChart(page, 'symbol=COST.US&interval=1d&adjust=none');
  await page.getByRole('button', { name: 'Magnet' }).click();
  await drawWith(page, chart, 'Trend line', await candlesBeforeSplit(page, chart, 0, 6));
  const [none] = await waitPlaced(chart, 1);
  if (!none) throw new Error('nothing drawn');
  for (const point of none.points) expect(Math.abs(point.y - (await highTopAt(page, chart, point.x)))).toBeLessThanOrEqual(1.5);

  await adjust(page, 'Forward');
  await expect.poll(async () => (await placed(chart))[0]?.anchors[0]?.price, { timeout: 10_000 }).not.toBe(none.anchors[0]?.price);
  const [forward] = await waitPlaced(chart, 1);
  if (!forward) throw new Error('lost');
  // Same times, a quarter of the prices (and a dividend's worth), still on the same candles' highs.
  expect(forward.anchors.map((anchor) => anchor.time)).toEqual(none.anchors.map((anchor) => anchor.time));
  expect(must(forward.anchors[0]).price).toBeLessThan(must(none.anchors[0]).price / 3.5);
  for (const point of forward.points) expect(Math.abs(point.y - (await highTopAt(page, chart, point.x)))).toBeLessThanOrEqual(1.5);

  // Drawn under Forward, stored raw: on None it sits on its candles' raw highs.
  await drawWith(page, chart, 'Trend line', await candlesBeforeSplit(page, chart, 1, 4));
  const drawnForward = must((await waitPlaced(chart, 2))[1]);
  expect(must(drawnForward.anchors[1]).time).toBeLessThan(Date.parse('2026-09-14T00:00:00Z'));
  await adjust(page, 'None');
  await expect.poll(async () => (await placed(chart))[0]?.anchors[0]?.price).toBeCloseTo(must(none.anchors[0]).price, 6);
  const back = await waitPlaced(chart, 2);
  expect(must(back[1]).anchors[0]?.price).toBeGreaterThan(must(drawnForward.anchors[0]).price * 3.5);
  for (const drawing of back) {
    for (const point of drawing.points) expect(Math.abs(point.y - (await highTopAt(page, chart, point.x)))).toBeLessThanOrEqual(1.5);
  }
  await page.screenshot({ path: 'test-results/drawings-shots/cost-split-none.png' });
});

test('an anchor moves; the move undoes and redoes; Delete removes and undo brings it back', async ({ page }) => {
  const chart = await openChart(page, 'symbol=AAPL.US&interval=1d');
  await drawTrendLine(page, chart, { x: 250, y: 150 }, { x: 420, y: 230 });
  const [drawn] = await waitPlaced(chart, 1);
  if (!drawn) throw new Error('nothing drawn');
  const end = must(drawn.points[1]);
  const from = await pagePoint(chart, end.x, end.y);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 20, from.y - 30, { steps: 3 });
  await page.mouse.move(from.x + 40, from.y - 60, { steps: 3 });
  await page.mouse.up();
  await expect.poll(async () => (await placed(chart))[0]?.points[1]?.y).toBeCloseTo(end.y - 60, 0);
  const [moved] = await placed(chart);
  // The other end stays put.
  expect(moved?.anchors[0]).toEqual(drawn.anchors[0]);

  await page.keyboard.press('ControlOrMeta+z');
  await expect.poll(async () => (await placed(chart))[0]?.anchors).toEqual(drawn.anchors);
  await page.keyboard.press('Shift+ControlOrMeta+z');
  await expect.poll(async () => (await placed(chart))[0]?.anchors).toEqual(moved?.anchors);

  await page.keyboard.press('Delete');
  await waitPlaced(chart, 0);
  await page.keyboard.press('ControlOrMeta+z');
  await expect.poll(async () => (await placed(chart))[0]?.anchors).toEqual(moved?.anchors);

  // Esc drops a drawing in progress.
  await page.getByRole('button', { name: 'Rectangle', exact: true }).click();
  const start = await pagePoint(chart, 100, 100);
  await page.mouse.click(start.x, start.y);
  await page.mouse.move(start.x + 50, start.y + 50);
  await page.keyboard.press('Escape');
  await page.waitForTimeout(300);
  expect(await placed(chart)).toHaveLength(1);
});

test('a finger draws a trend line on a phone, drags its end and undoes from the menu', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, baseURL });
  const page = await context.newPage();
  const chart = await openChart(page, 'symbol=AAPL.US&interval=1d');
  await chart.scrollIntoViewIfNeeded();
  await page.getByRole('button', { name: 'Draw' }).tap();
  await expect(page.getByRole('menu', { name: 'Drawing tools' })).toBeVisible();
  await page.screenshot({ path: 'test-results/drawings-shots/phone-menu.png' });
  await page.getByRole('menuitemradio', { name: 'Trend line' }).tap();
  const a = await pagePoint(chart, 80, 140);
  const b = await pagePoint(chart, 220, 220);
  await page.touchscreen.tap(a.x, a.y);
  await page.touchscreen.tap(b.x, b.y);
  const [drawn] = await waitPlaced(chart, 1);
  expect(drawn?.kind).toBe('trend-line');
  expect(drawn?.points[0]?.x).toBeCloseTo(80, -1);
  expect(drawn?.points[1]?.y).toBeCloseTo(220, -1);
  await page.screenshot({ path: 'test-results/drawings-shots/phone-drawn.png' });

  // A finger drags the line's end (touch events through the DevTools protocol: Playwright's
  // touchscreen only taps).
  const touch = await context.newCDPSession(page);
  const end = await pagePoint(chart, must(drawn?.points[1]).x, must(drawn?.points[1]).y);
  await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: end.x, y: end.y }] });
  for (let step = 1; step <= 5; step++) {
    await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: end.x - 6 * step, y: end.y - 8 * step }] });
  }
  await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await expect.poll(async () => (await placed(chart))[0]?.points[1]?.y).toBeCloseTo(must(drawn?.points[1]).y - 40, 0);
  expect((await placed(chart))[0]?.anchors[0]).toEqual(drawn?.anchors[0]);
  // No keyboard: the menu undoes.
  await page.getByRole('button', { name: 'Draw' }).tap();
  await page.getByRole('menuitem', { name: 'Undo' }).tap();
  await expect.poll(async () => (await placed(chart))[0]?.anchors).toEqual(drawn?.anchors);
  await context.close();
});

test('keys pressed in a dialog are the dialog’s: Delete keeps the selected drawing, a digit the interval, Shift+F the layout', async ({ page }) => {
  const chart = await openChart(page, 'symbol=AAPL.US&interval=1d');
  await drawTrendLine(page, chart, { x: 250, y: 150 }, { x: 420, y: 230 });
  await waitPlaced(chart, 1);
  // Alt+G on the chart: the go-to-date dialog; Tab to its Cancel button (off the date field).
  await page.keyboard.press('Alt+g');
  const dialog = page.getByRole('dialog', { name: 'Go to date' });
  await expect(dialog).toBeVisible();
  const cancel = dialog.getByRole('button', { name: 'Cancel' });
  await cancel.focus();
  for (const key of ['Delete', 'Backspace', '1', 'Alt+2', 'Shift+F', 'ControlOrMeta+z']) await page.keyboard.press(key);
  await page.waitForTimeout(300);
  expect(await placed(chart)).toHaveLength(1);
  await expect(page).toHaveURL(/interval=1d/);
  await expect(page.getByRole('tab', { name: 'Chart', exact: true })).toHaveAttribute('aria-selected', 'true');
  expect(await page.evaluate(() => document.fullscreenElement === null && !document.querySelector('[data-maximised]'))).toBe(true);
  await expect(dialog).toBeVisible();
  // Closed, the page's keys are the page's again.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.keyboard.press('1');
  await expect(page).toHaveURL(/interval=1m/);
});

test('restyle, lock, hide all, remove all; export, refuse a bad file, import back', async ({ page }) => {
  const chart = await openChart(page, 'symbol=AAPL.US&interval=1d');
  await drawWith(page, chart, 'Horizontal line', [{ x: 400, y: 200 }]);
  const [line] = await waitPlaced(chart, 1);
  if (!line) throw new Error('nothing drawn');
  const y = must(line.points[0]).y;

  await page.getByRole('textbox', { name: 'Colour' }).or(page.getByLabel('Colour')).first().fill('#ff0000');
  await expect.poll(() => colourNear(page, 300, y, '#ff0000')).toBeGreaterThan(0);
  expect(await colourNear(page, 300, y, BLUE)).toBe(0);

  // Locked: a drag and Delete leave it.
  await page.getByRole('button', { name: 'Lock', exact: true }).click();
  const grab = await pagePoint(chart, 300, y);
  await page.mouse.move(grab.x, grab.y);
  await page.mouse.down();
  await page.mouse.move(grab.x, grab.y + 60, { steps: 5 });
  await page.mouse.up();
  await page.keyboard.press('Delete');
  await page.waitForTimeout(300);
  expect((await placed(chart))[0]?.anchors).toEqual(line.anchors);
  await page.getByRole('button', { name: 'Locked', exact: true }).click();

  // Hide all: nothing placed or painted; shown again: back.
  await page.getByRole('button', { name: 'Hide all drawings' }).click();
  await waitPlaced(chart, 0);
  expect(await colourNear(page, 300, y, '#ff0000')).toBe(0);
  await page.getByRole('button', { name: 'Hide all drawings' }).click();
  await waitPlaced(chart, 1);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export drawings' }).click();
  const file = await (await download).path();
  const { readFile } = await import('node:fs/promises');
  const exported = await readFile(file, 'utf8');
  expect(JSON.parse(exported)).toMatchObject({
    format: 'chartroom.drawings',
    version: 1,
    symbol: 'AAPL.US',
    drawings: [{ kind: 'horizontal-line', style: { color: '#ff0000' } }],
  });

  await page.getByRole('button', { name: 'Remove all drawings' }).click();
  await waitPlaced(chart, 0);

  const input = page.getByLabel('Drawings file to import');
  await input.setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from('{oops') });
  await expect(page.getByText('This file is not JSON: no drawings were imported.')).toBeVisible();
  await input.setInputFiles({ name: 'other.json', mimeType: 'application/json', buffer: Buffer.from(exported.replace('"AAPL.US"', '"TSLA.US"')) });
  await expect(page.getByText(/holds drawings of TSLA.US, not AAPL.US/)).toBeVisible();
  expect(await placed(chart)).toEqual([]);

  await input.setInputFiles({ name: 'AAPL.US-drawings.json', mimeType: 'application/json', buffer: Buffer.from(exported) });
  const [imported] = await waitPlaced(chart, 1);
  expect(imported?.anchors).toEqual(line.anchors);
});

test('an anchor right of the last bar keeps its future time, on 1d and on 1w', async ({ page }) => {
  const chart = await openChart(page, 'symbol=AAPL.US&interval=1d');
  const box = must((await chart.boundingBox()) ?? undefined);
  const { candles } = await readCandles(page);
  const last = must(candles.at(-1));
  const from = { x: last.x - box.x - 200, y: 200 };
  // Right of the last candle, inside the pane (its price scale starts about 80 px from the right).
  const to = { x: last.x - box.x + 15, y: 150 };
  await drawWith(page, chart, 'Trend line', [from, to]);
  const [drawn] = await waitPlaced(chart, 1);
  const future = must(drawn?.anchors[1]);
  expect(future.time).toBeGreaterThan(Date.parse(DEFAULT_SIM_NOW));

  await page.getByRole('button', { name: '1w', exact: true }).click();
  await expect(chart).toHaveAttribute('aria-label', /1w/);
  await expect.poll(async () => JSON.stringify((await placed(chart))[0]?.points)).not.toBe(JSON.stringify(drawn?.points));
  const [weekly] = await waitPlaced(chart, 1);
  expect(weekly?.anchors).toEqual(drawn?.anchors);
  // On 1w the future end is still right of the last (weekly) candle.
  const weeklyLast = must((await readCandles(page)).candles.at(-1));
  expect(must(weekly?.points[1]).x + box.x).toBeGreaterThan(weeklyLast.x - 1);
});

test('a damaged saved drawing is dropped with a notice; the others stay, of every symbol', async ({ page }) => {
  const good = {
    id: 'good',
    kind: 'horizontal-line',
    anchors: [{ time: Date.parse('2026-11-20T05:00:00Z'), price: 225 }],
    style: { color: '#ff0000', width: 2, line: 'solid' },
    locked: false,
  };
  const damaged = { ...good, id: 'bad', anchors: [{ time: 'yesterday', price: 225 }] };
  await page.addInitScript(
    (saved) => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('chartroom.drawings', saved);
    },
    JSON.stringify({
      version: 1,
      state: { bySymbol: { 'AAPL.US': [good, damaged], 'MSFT.US': [{ ...good, id: 'other', anchors: [{ time: good.anchors[0]?.time, price: 400 }] }] } },
    }),
  );
  const chart = await openChart(page, 'symbol=AAPL.US&interval=1d');
  await expect(page.getByText('1 saved drawing was damaged and dropped; the others are kept.')).toBeVisible();
  const [kept] = await waitPlaced(chart, 1);
  expect(kept?.id).toBe('good');
  expect(kept?.anchors).toEqual(good.anchors);
  // Drawn where the chart reports it, read afresh: the notice above the page moves the chart down
  // and shortens it as it appears, and the report follows the chart's next paint.
  await expect
    .poll(async () => {
      const [line] = await placed(chart);
      return line ? colourNear(page, 300, must(line.points[0]).y, '#ff0000') : 0;
    })
    .toBeGreaterThan(0);
  // Another symbol's drawings were kept too.
  const other = await openChart(page, 'symbol=MSFT.US&interval=1d');
  const [msft] = await waitPlaced(other, 1);
  expect(msft?.id).toBe('other');
});

test('a horizontal line turns into a price alert at its level, drawn as an alert line on the chart', async ({ page }) => {
  // Raw prices asked for: the line's level and the alert's are then the same number (stocks open forward-adjusted).
  const chart = await openChart(page, 'symbol=AAPL.US&interval=1d&adjust=none');
  await drawWith(page, chart, 'Horizontal line', [{ x: 400, y: 200 }]);
  const [line] = await waitPlaced(chart, 1);
  if (!line) throw new Error('nothing drawn');
  const level = must(line.anchors[0]).price;

  await page.getByRole('button', { name: 'Alert', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Alert set at' })).toBeVisible();
  await page.getByRole('tab', { name: 'Alerts' }).click();
  const row = page.getByTestId('alert-row');
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute('data-status', 'armed');
  const shownText = /crosses ([\d.]+)/.exec((await row.textContent()) ?? '')?.[1] ?? '';
  // At the line's level on the instrument's tick (AAPL.US: cents), not the anchor's raw float.
  expect(shownText).toMatch(/^\d+(\.\d{1,2})?$/);
  expect(Math.abs(Number(shownText) - level)).toBeLessThanOrEqual(0.005 + 1e-9);
  // Its alert line is painted in the alert colour where the drawing is (seen with the drawings hidden).
  await page.getByRole('button', { name: 'Hide all drawings' }).click();
  await expect.poll(() => colourNear(page, 300, must(line.points[0]).y, '#f59e0b')).toBeGreaterThan(0);
});

test('a text note takes what is typed at once: its box has focus, the placeholder word selected', async ({ page }) => {
  const chart = await openChart(page, 'symbol=AAPL.US&interval=1d');
  await drawWith(page, chart, 'Text note', [{ x: 400, y: 200 }]);
  await page.keyboard.type('Earnings gap');
  const note = page.getByLabel('Note text');
  await expect(note).toBeFocused();
  await expect(note).toHaveValue('Earnings gap');
  await page.keyboard.press('Backspace');
  // Backspace edits the note; it does not remove the drawing.
  await expect(note).toHaveValue('Earnings ga');
  await expect.poll(async () => (await placed(chart)).length).toBe(1);
});
