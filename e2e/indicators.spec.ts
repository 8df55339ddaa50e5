/**
 * Indicators on the chart: the moving averages share the price's base in percent and log scale
 * (read off the canvas against the linear chart), and the period field refuses what the chart
 * cannot draw, saying why, with the field and the chart in agreement before and after a reload.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { fitLine, legendAt, lineRowAt, readCandles, type PricePane } from './price-pane-pixels.ts';
import { DEFAULT_SIM_NOW, resetSimulator, setClock } from './sim-control.ts';

/** The dark theme's second moving-average colour: MA 50 of the default "20, 50". */
const MA_50 = '#38bdf8';
/** Candles whose legend prices fix the pane's mapping (spread over the view, first and last included). */
const REFERENCE_CANDLES = 12;

test.beforeEach(async ({ request }) => {
  await resetSimulator(request);
  // A frozen clock: the last candle stays put while the scales are compared.
  await setClock(request, DEFAULT_SIM_NOW, true);
});
test.afterEach(async ({ request }) => {
  await resetSimulator(request);
});

interface Reading {
  /** Close of the first visible candle, and of the candle the MA was read at. */
  first: number;
  last: number;
  /** Which candle the MA was read at, counted from the last (0: the last one). */
  fromEnd: number;
  /** The MA 50 at that candle, as the price the pane's mapping gives for its drawn row. */
  ma: number;
  /** The mapping's worst miss over the reference candles' highs and lows, in pixels. */
  worst: number;
  /** Pixels per price unit (linear) or per unit of ln(price) (log), for the tolerance. */
  slope: number;
}

/**
 * Picks a price scale as a user does: the scales may sit below the toolbar's fold, behind More,
 * whose controls then lie over the chart's top until More is closed again.
 */
async function chooseScale(page: Page, name: 'Log' | 'Percent') {
  const more = page.getByRole('button', { name: 'More chart tools' });
  const folded = (await more.isVisible()) && (await more.getAttribute('aria-expanded')) !== 'true';
  if (folded) await more.click();
  await page.getByRole('radio', { name }).check();
  if (folded) {
    await more.click();
    await expect(more).toHaveAttribute('aria-expanded', 'false');
  }
}

/** How far back from the last candle a reading may go to find the MA 50 not hidden by a candle's body. */
const MAX_FROM_END = 8;

/**
 * The MA 50 read off the price pane at the last candle where its line shows (a candle's body may
 * cover it; which candle does not depend on the scale, since every scale keeps the order of
 * prices), or at `fromEnd` when given: the row of its line, turned into a price by
 * the pane's mapping (fitted through the drawn highs and lows of reference candles and their
 * legend prices; `ln` for a log scale). In percent mode the candles are drawn on a linear image of
 * their percent change, so the same fit holds.
 */
/** The same candles at the same places: nothing moved the pane between two readings. */
function samePlaces(before: PricePane, after: PricePane): boolean {
  return before.candles.length === after.candles.length && before.candles.every((candle, i) => Math.abs(candle.x - (after.candles[i]?.x ?? Number.NaN)) < 0.5);
}

/** The pane once two readings a little apart find every candle in the same place (the price axis settles its width after a load or a scale change). */
async function settledPane(page: Page): Promise<PricePane> {
  let last = await readCandles(page);
  await expect
    .poll(async () => {
      const next = await readCandles(page);
      const settled = samePlaces(last, next);
      last = next;
      return settled;
    })
    .toBe(true);
  return last;
}

/** How many times a mapping is read again when the pane moved while its legends were read. */
const MAPPING_TRIES = 3;

/**
 * The pane's mapping from its reference candles' legend prices, read while the pane stays put: a
 * pane that moves under the reading (the price axis widening for a new label shifts every candle
 * sideways) gives legends of the neighbouring candles, so the reading is taken again.
 */
async function readMapping(
  page: Page,
  scale: 'linear' | 'percent' | 'log',
): Promise<{ pane: PricePane; closes: number[]; a: number; b: number; worst: number }> {
  for (let attempt = 1; ; attempt += 1) {
    const pane = await settledPane(page);
    const { candles } = pane;
    expect(candles.length).toBeGreaterThan(60);
    // Not a candle whose high or low meets the last price's line: that edge is read short.
    const readable = candles.filter(({ onPriceLine }) => !onPriceLine);
    const picks = Array.from({ length: REFERENCE_CANDLES }, (_, i) => readable[Math.round((i * (readable.length - 1)) / (REFERENCE_CANDLES - 1))]);
    const points: [number, number][] = [];
    const closes: number[] = [];
    for (const candle of picks) {
      if (!candle) continue;
      const { high, low, close } = await legendAt(page, candle.x, pane.top + 5);
      const value = scale === 'log' ? Math.log : (price: number) => price;
      points.push([value(high), candle.top], [value(low), candle.bottom]);
      closes.push(close);
    }
    await page.mouse.move(0, 0);
    if (samePlaces(pane, await readCandles(page)) || attempt === MAPPING_TRIES) return { pane, closes, ...fitLine(points) };
  }
}

async function readMa(page: Page, scale: 'linear' | 'percent' | 'log', fromEnd?: number): Promise<Reading> {
  const { pane, closes, a, b, worst } = await readMapping(page, scale);
  const { candles } = pane;
  const lastCandle = candles.at(-1);
  if (!lastCandle) throw new Error('no candles');
  const tries = fromEnd === undefined ? Array.from({ length: MAX_FROM_END + 1 }, (_, i) => i) : [fromEnd];
  for (const back of tries) {
    const candle = candles[candles.length - 1 - back];
    const row = candle ? await lineRowAt(page, candle.x, MA_50) : null;
    if (!candle || row === null) continue;
    // The last candle's close was read with the reference candles (the legend shows it already).
    const close = back === 0 ? (closes.at(-1) ?? Number.NaN) : (await legendAt(page, candle.x, pane.top + 5)).close;
    await page.mouse.move(0, 0);
    const at = (row - a) / b;
    return { first: closes[0] ?? Number.NaN, last: close, fromEnd: back, ma: scale === 'log' ? Math.exp(at) : at, worst, slope: Math.abs(b) };
  }
  throw new Error(
    `MA 50 is not drawn at ${fromEnd === undefined ? `any of the last ${String(MAX_FROM_END + 1)} candles` : `candle ${String(fromEnd)} from the end`}`,
  );
}

test('moving averages share the price’s base in percent and log scale: MA% − price% as on the linear chart', async ({ page }, testInfo) => {
  await page.goto('/?symbol=AAPL.US&interval=1d');
  await expect(page.getByTestId('main-chart')).toHaveAttribute('aria-label', /with MA 20, MA 50$/);
  await expect.poll(async () => (await readCandles(page)).candles.length, { timeout: 15_000 }).toBeGreaterThan(60);

  const linear = await readMa(page, 'linear');
  expect(linear.worst).toBeLessThan(1.5);
  await chooseScale(page, 'Percent');
  await expect.poll(async () => (await readCandles(page)).candles.length).toBeGreaterThan(60);
  const percent = await readMa(page, 'percent', linear.fromEnd);
  await page.screenshot({ path: testInfo.outputPath('percent-scale-with-mas.png') });
  await chooseScale(page, 'Log');
  const log = await readMa(page, 'log', linear.fromEnd);

  // Both rebased to the percent chart's base, the price's first visible close there (its price
  // axis is wider, so the view may start a candle later than the linear one): MA% − price% at the
  // same candle, from the MA drawn on the percent chart and from the one drawn on the linear chart.
  const base = percent.first;
  const spread = (ma: number) => (100 * (ma - percent.last)) / base;
  expect(percent.last).toBe(linear.last);
  // One and a half pixels of the pane, in percentage points of that base.
  expect(Math.abs(spread(percent.ma) - spread(linear.ma))).toBeLessThan((100 * 1.5) / percent.slope / base);
  // Log: ±1.5 px is ±1.5/slope of ln(price), about that share of the price.
  expect(Math.abs(spread(log.ma) - spread(linear.ma))).toBeLessThan((100 * 1.5) / log.slope);
  testInfo.annotations.push({
    type: `MA 50 − price at candle ${String(linear.fromEnd)} from the last, % of the first visible close`,
    description: `linear ${spread(linear.ma).toFixed(2)}, percent ${spread(percent.ma).toFixed(2)}, log ${spread(log.ma).toFixed(2)} (price ${((100 * (linear.last - base)) / base).toFixed(2)} %)`,
  });
});

test('a period the chart cannot draw is refused with its reason and the range; field, chart and reload agree', async ({ page }, testInfo) => {
  await page.goto('/?symbol=AAPL.US&interval=1d');
  const chart = page.getByTestId('main-chart');
  const field = page.getByRole('textbox', { name: 'MA', exact: true });
  await expect(chart).toHaveAttribute('aria-label', /with MA 20, MA 50$/);
  // Typed around the MA already drawn: the field and the chart keep the order typed.
  await field.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('5, 10, 20', { delay: 40 });
  await page.keyboard.press('Enter');
  await expect(field).toHaveValue('5, 10, 20');
  await expect(chart).toHaveAttribute('aria-label', /with MA 5, MA 10, MA 20$/);
  await field.fill('10 30');
  await field.press('Enter');
  await expect(field).toHaveValue('10, 30');
  await expect(chart).toHaveAttribute('aria-label', /with MA 10, MA 30$/);

  const reasons: Record<string, string> = {
    abc: '“abc” is not a number',
    '0': '0 is less than 1',
    '-5': '-5 is less than 1',
    '2.5': '2.5 is not a whole number',
    '999999': '999999 is more than 500',
  };
  const alert = page.getByRole('alert');
  for (const [typed, reason] of Object.entries(reasons)) {
    await field.fill(typed);
    await field.press('Enter');
    await expect(alert).toHaveText(`MA: ${reason}. Periods are whole numbers from 1 to 500, at most 5, separated by commas. Kept 10, 30.`);
    await expect(field).toHaveValue('10, 30');
    await expect(chart).toHaveAttribute('aria-label', /with MA 10, MA 30$/);
  }
  await page.screenshot({ path: testInfo.outputPath('period-refused.png') });
  // Leaving the field refuses too: what it shows is what the chart draws.
  await field.fill('xyz');
  await page.getByRole('radio', { name: 'Log' }).click();
  await expect(alert).toContainText('“xyz” is not a number');
  await expect(field).toHaveValue('10, 30');

  await page.reload();
  await expect(field).toHaveValue('10, 30');
  await expect(chart).toHaveAttribute('aria-label', /with MA 10, MA 30$/);
  await expect(page.getByRole('list', { name: 'Notices' })).toHaveCount(0);

  // Saved preferences edited by hand: the list falls back to the default and the page says so.
  await page.evaluate(() => {
    const saved = JSON.parse(localStorage.getItem('chartroom') ?? '{}') as { state: { preferences: { indicators: unknown } } };
    saved.state.preferences.indicators = 'MA 999999';
    localStorage.setItem('chartroom', JSON.stringify(saved));
  });
  await page.reload();
  await expect(page.getByRole('list', { name: 'Notices' })).toContainText('Some saved settings were unreadable and were reset');
  await expect(field).toHaveValue('20, 50');
  await expect(chart).toHaveAttribute('aria-label', /with MA 20, MA 50$/);
});
