/**
 * Compare (issue #14 §2): AAPL.US on 1d compared with 700.HK. Both percents are read in the
 * legend and checked against the API's closes: the same first visible candle for both, the Hong
 * Kong close taken on the same calendar date as the US one (each in its own market's zone). The
 * scale shows percent while a comparison is on and the user's own scale after; the comparison is
 * kept over a reload; a sixth and a duplicate are refused with a message. On a frozen clock.
 */
import { mkdir } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import type { KlineJson } from '../server/sim/test-support.ts';
import { apiData } from './api-data.ts';
import { expect, test } from './fixtures.ts';
import { unfoldToolbar } from './toolbar.ts';
import { readCandles } from './price-pane-pixels.ts';
import { DEFAULT_SIM_NOW, resetSimulator, setClock } from './sim-control.ts';

/** Where the journey leaves its screenshots, for a person to look at. */
const SHOTS = process.env.COMPARE_SHOTS_DIR ?? 'test-results/compare-shots';
const PERCENT = /^[+−-]?\d[\d,]*\.\d\d%$/;

test.beforeEach(async ({ request }) => {
  await resetSimulator(request);
  await setClock(request, DEFAULT_SIM_NOW, true);
});
test.afterAll(async ({ request }) => {
  await resetSimulator(request);
});

/** A symbol's K-lines of `interval` as the chart has them: history and the forming one, ascending. */
async function klines(request: APIRequestContext, symbol: string, interval: string): Promise<KlineJson[]> {
  const history = (await apiData<{ klines: KlineJson[] }>(request, '/v1/market/kline', { symbol, interval, limit: 1000 })).klines;
  const [forming] = (await apiData<{ klines: KlineJson[] }[]>(request, '/v1/market/kline/latest', { symbols: symbol, interval }))[0]?.klines ?? [];
  return [...history, ...(forming ? [forming] : [])].sort((a, b) => a.time - b.time);
}

/** Daily closes by the calendar date of the candle in `timeZone`. */
async function closesByDate(request: APIRequestContext, symbol: string, timeZone: string): Promise<Map<string, number>> {
  const date = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  return new Map((await klines(request, symbol, '1d')).map((k) => [date.format(k.time), Number(k.close)]));
}

/** The Compare popup opened as a user does: the button may wait behind the toolbar's More. */
async function openCompare(page: Page) {
  await unfoldToolbar(page);
  await page.getByRole('button', { name: /^Compare/ }).click();
  return page.getByRole('dialog', { name: 'Compare with other symbols' });
}

async function closeCompare(page: Page) {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Compare with other symbols' })).toHaveCount(0);
  const more = page.getByRole('button', { name: 'More chart tools' });
  if ((await more.isVisible()) && (await more.getAttribute('aria-expanded')) === 'true') await more.click();
}

const percentOf = (text: string | null) => Number((text ?? '').replace('−', '-').replace(/[,%+]/g, ''));

/** What the legends show with the crosshair on the candle at page x `x`: its time label and each row's percent. */
async function readAt(page: Page, x: number, y: number): Promise<{ time: string; percents: Record<string, number> }> {
  const legend = page.getByTestId('chart-legend');
  const before = await legend.textContent();
  await page.mouse.move(x, y);
  await expect.poll(async () => await legend.textContent()).not.toBe(before);
  const time = (await legend.locator('dd').first().textContent()) ?? '';
  const percents: Record<string, number> = {};
  for (const row of await page.getByTestId('compare-legend-row').all()) {
    percents[(await row.getAttribute('data-symbol')) ?? ''] = percentOf(await row.locator('dd').textContent());
  }
  return { time, percents };
}

/** (1 + a %) / (1 + b %): the ratio of two values measured from the same base, whichever it is. */
const ratio = (a: number | undefined, b: number | undefined) => (1 + (a ?? Number.NaN) / 100) / (1 + (b ?? Number.NaN) / 100);

test('AAPL.US compared with 700.HK on 1d: both percents in the legend, from the same first visible candle, by date', async ({ page, request }) => {
  await mkdir(SHOTS, { recursive: true });
  // Raw prices (stocks open forward-adjusted): the percents are checked against the API's raw closes.
  await page.goto('/?symbol=AAPL.US&interval=1d&adjust=none');
  await expect(page.getByTestId('chart-legend')).toBeVisible({ timeout: 15_000 });
  await expect.poll(async () => (await readCandles(page)).candles.length, { timeout: 15_000 }).toBeGreaterThan(60);
  await expect(page.getByRole('radio', { name: 'Linear' })).toBeChecked();

  const dialog = await openCompare(page);
  await dialog.getByRole('combobox', { name: 'Symbol to compare' }).fill('00700.hk');
  await dialog.getByRole('combobox', { name: 'Symbol to compare' }).press('Enter');
  await expect(dialog.getByRole('list', { name: 'Compared symbols' })).toHaveText(/700\.HK/);
  await page.screenshot({ path: `${SHOTS}/compare-popup.png` });
  await closeCompare(page);
  await expect(page.getByRole('button', { name: 'Compare (1)' })).toBeAttached();

  const legend = page.getByTestId('compare-legend');
  const main = legend.locator('[data-symbol="AAPL.US"] dd');
  const hk = legend.locator('[data-symbol="700.HK"] dd');
  await expect(main).toHaveText(PERCENT, { timeout: 15_000 });
  await expect(hk).toHaveText(PERCENT, { timeout: 15_000 });
  await expect(page.getByRole('radio', { name: 'Percent' })).toBeChecked();
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/compare-aapl-700hk-1d.png` });

  // Two candles under the crosshair: whichever candle is the base, both lines are measured from the
  // same one, so between the two each moves as its closes do, the Hong Kong one on the same dates.
  const us = await closesByDate(request, 'AAPL.US', 'America/New_York');
  const hkCloses = await closesByDate(request, '700.HK', 'Asia/Hong_Kong');
  const pane = await readCandles(page);
  const last = pane.candles.at(-1);
  if (!last) throw new Error('no candles');
  let checked = 0;
  for (const candle of pane.candles.slice(2, 12)) {
    const early = await readAt(page, candle.x, pane.top + 5);
    const late = await readAt(page, last.x, pane.top + 5);
    if (!hkCloses.has(early.time) || !hkCloses.has(late.time)) continue;
    expect(ratio(late.percents['AAPL.US'], early.percents['AAPL.US'])).toBeCloseTo((us.get(late.time) ?? 0) / (us.get(early.time) ?? 1), 3);
    const expected = (hkCloses.get(late.time) ?? 0) / (hkCloses.get(early.time) ?? 1);
    expect(ratio(late.percents['700.HK'], early.percents['700.HK']), `700.HK from ${early.time} to ${late.time}`).toBeCloseTo(expected, 3);
    test.info().annotations.push({
      type: 'compare',
      description: `${early.time} → ${late.time}: 700.HK ×${expected.toFixed(4)} by the API, legends ${JSON.stringify(early.percents)} → ${JSON.stringify(late.percents)}`,
    });
    checked += 1;
    if (checked === 3) break;
  }
  expect(checked).toBeGreaterThan(0);
  await page.mouse.move(0, 0);

  // Kept over a reload, with the percent scale.
  await page.reload();
  await expect(page.getByTestId('compare-legend').locator('[data-symbol="700.HK"] dd')).toHaveText(PERCENT, { timeout: 15_000 });
  await expect(page.getByRole('radio', { name: 'Percent' })).toBeChecked();

  // Log pressed while comparing: kept for later, and the chart says why it stays on percent.
  await unfoldToolbar(page);
  await page.getByRole('radio', { name: 'Log' }).click();
  await expect(page.getByText('The scale stays on percent while symbols are compared; yours comes back when they are removed.')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Percent' })).toBeChecked();
  await page.keyboard.press('Escape');

  // A duplicate and a sixth are refused, with a message.
  const again = await openCompare(page);
  const field = again.getByRole('combobox', { name: 'Symbol to compare' });
  await field.fill('700.HK');
  await field.press('Enter');
  await expect(again).toContainText('700.HK is already in this list.');
  for (const symbol of ['EURUSD', 'MSFT.US', 'BTCUSDT', '600519.SH']) {
    await field.fill(symbol);
    await field.press('Enter');
    await expect(again.getByRole('list', { name: 'Compared symbols' })).toContainText(symbol);
  }
  await field.fill('XAUUSD');
  await field.press('Enter');
  await expect(again).toContainText('At most 5 symbols can be compared: remove one first.');
  await expect(again.getByRole('listitem')).toHaveCount(5);
  await closeCompare(page);
  await expect(page.getByTestId('compare-legend').getByTestId('compare-legend-row')).toHaveCount(6);
  await expect(page.getByTestId('compare-legend').locator('[data-symbol="600519.SH"] dd')).toHaveText(PERCENT, { timeout: 15_000 });
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/compare-five.png` });

  // Removing the last one gives the user's own scale back.
  const list = await openCompare(page);
  for (const symbol of ['700.HK', 'EURUSD', 'MSFT.US', 'BTCUSDT', '600519.SH']) await list.getByRole('button', { name: `Remove ${symbol}` }).click();
  await expect(list.getByRole('listitem')).toHaveCount(0);
  await closeCompare(page);
  await expect(page.getByTestId('compare-legend')).toHaveCount(0);
  // The scale chosen while comparing.
  await expect(page.getByRole('radio', { name: 'Log' })).toBeChecked();
});

test('intraday: lines meet by real time; a market whose hours never meet the chart’s shows a dash', async ({ page, request }) => {
  await mkdir(SHOTS, { recursive: true });
  await page.goto('/?symbol=AAPL.US&interval=1h');
  await expect(page.getByTestId('chart-legend')).toBeVisible({ timeout: 15_000 });
  const dialog = await openCompare(page);
  const field = dialog.getByRole('combobox', { name: 'Symbol to compare' });
  for (const symbol of ['BTCUSDT', '700.HK']) {
    await field.fill(symbol);
    await field.press('Enter');
    await expect(dialog.getByRole('list', { name: 'Compared symbols' })).toContainText(symbol);
  }
  await closeCompare(page);
  const legend = page.getByTestId('compare-legend');
  await expect(legend.locator('[data-symbol="BTCUSDT"] dd')).toHaveText(PERCENT, { timeout: 15_000 });
  // Hong Kong trades 01:30–08:00 UTC, the US chart's hours start at 09:00 UTC in November.
  await expect(legend.locator('[data-symbol="700.HK"] dd')).toHaveText('—', { timeout: 15_000 });
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/compare-aapl-1h.png` });

  // Between two US bars, BTCUSDT moves as its closes in the hours holding those bars' starts.
  const btc = new Map((await klines(request, 'BTCUSDT', '1h')).map((k) => [k.time, Number(k.close)]));
  // The legend's "2026-11-24 10:30 UTC−5": the bar's start; BTCUSDT's hour holding it.
  const hourOf = (label: string) => {
    const match = /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d) UTC([+−]\d+)?/.exec(label);
    if (!match) throw new Error(`no time in ${label}`);
    const offset = Number((match[6] ?? '0').replace('−', '-'));
    const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), Number(match[4]), Number(match[5])) - offset * 3_600_000;
    return btc.get(ms - (ms % 3_600_000));
  };
  const pane = await readCandles(page);
  const first = pane.candles[3];
  const last = pane.candles.at(-1);
  if (!first || !last) throw new Error('no candles');
  const early = await readAt(page, first.x, pane.top + 5);
  const late = await readAt(page, last.x, pane.top + 5);
  expect(ratio(late.percents.BTCUSDT, early.percents.BTCUSDT), `BTCUSDT from ${early.time} to ${late.time}`).toBeCloseTo(
    (hourOf(late.time) ?? 0) / (hourOf(early.time) ?? 1),
    3,
  );
});

test('live: a compared symbol’s percent moves with its quotes', async ({ page, request }) => {
  await setClock(request, DEFAULT_SIM_NOW, false);
  await page.goto('/?symbol=AAPL.US&interval=1m');
  await expect(page.getByTestId('chart-legend')).toBeVisible({ timeout: 15_000 });
  const dialog = await openCompare(page);
  await dialog.getByRole('combobox', { name: 'Symbol to compare' }).fill('BTCUSDT');
  await dialog.getByRole('combobox', { name: 'Symbol to compare' }).press('Enter');
  await closeCompare(page);
  await page.mouse.move(0, 0);
  const btc = page.getByTestId('compare-legend').locator('[data-symbol="BTCUSDT"] dd');
  await expect(btc).toHaveText(PERCENT, { timeout: 15_000 });
  const first = await btc.textContent();
  await expect.poll(async () => await btc.textContent(), { timeout: 20_000 }).not.toBe(first);
});

test('a comparison with the symbol the chart switches to is left out while it is shown, and comes back after', async ({ page }) => {
  await page.goto('/?symbol=AAPL.US&interval=1d');
  await expect(page.getByTestId('chart-legend')).toBeVisible({ timeout: 15_000 });
  const dialog = await openCompare(page);
  for (const symbol of ['700.HK', 'MSFT.US']) {
    await dialog.getByRole('combobox', { name: 'Symbol to compare' }).fill(symbol);
    await dialog.getByRole('combobox', { name: 'Symbol to compare' }).press('Enter');
  }
  await closeCompare(page);
  const legend = page.getByTestId('compare-legend');
  await expect(legend.locator('[data-symbol="700.HK"] dd')).toHaveText(PERCENT, { timeout: 15_000 });
  const colourOf = (symbol: string) => legend.locator(`[data-symbol="${symbol}"]`).evaluate((row) => getComputedStyle(row).color);
  const msftColour = await colourOf('MSFT.US');

  // The chart on 700.HK: one row for it (the chart's own), none comparing it with itself.
  await page.goto('/?symbol=700.HK&interval=1d');
  await expect(legend.locator('[data-symbol="MSFT.US"] dd')).toHaveText(PERCENT, { timeout: 15_000 });
  await expect(legend.locator('[data-symbol="700.HK"]')).toHaveCount(1);
  expect(await colourOf('MSFT.US')).toBe(msftColour);

  // Back on AAPL.US, 700.HK is compared again.
  await page.goto('/?symbol=AAPL.US&interval=1d');
  await expect(legend.locator('[data-symbol="700.HK"] dd')).toHaveText(PERCENT, { timeout: 15_000 });
  await expect(legend.locator('[data-symbol="AAPL.US"]')).toHaveCount(1);
});
