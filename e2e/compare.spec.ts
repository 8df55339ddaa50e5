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
import { expect, test } from './fixtures.ts';
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

async function apiData<T>(request: APIRequestContext, path: string, params: Record<string, string | number>): Promise<T> {
  const response = await request.get(path, { params });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { code: number; data: T };
  expect(body.code).toBe(0);
  return body.data;
}

/** Daily closes by the calendar date of the candle in `timeZone` (history and the forming one). */
async function closesByDate(request: APIRequestContext, symbol: string, timeZone: string): Promise<Map<string, number>> {
  const history = (await apiData<{ klines: KlineJson[] }>(request, '/v1/market/kline', { symbol, interval: '1d', limit: 1000 })).klines;
  const [forming] = (await apiData<{ klines: KlineJson[] }[]>(request, '/v1/market/kline/latest', { symbols: symbol, interval: '1d' }))[0]?.klines ?? [];
  const date = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const sorted = [...history, ...(forming ? [forming] : [])].sort((a, b) => a.time - b.time);
  return new Map(sorted.map((k) => [date.format(k.time), Number(k.close)]));
}

/** The Compare popup opened as a user does: the button may wait behind the toolbar's More. */
async function openCompare(page: Page) {
  const more = page.getByRole('button', { name: 'More chart tools' });
  if ((await more.isVisible()) && (await more.getAttribute('aria-expanded')) !== 'true') await more.click();
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

test('AAPL.US compared with 700.HK on 1d: both percents in the legend, from the same first visible candle, by date', async ({ page, request }) => {
  await mkdir(SHOTS, { recursive: true });
  await page.goto('/?symbol=AAPL.US&interval=1d');
  await expect(page.getByTestId('chart-legend')).toBeVisible({ timeout: 15_000 });
  await expect.poll(async () => (await readCandles(page)).candles.length, { timeout: 15_000 }).toBeGreaterThan(60);
  await expect(page.getByRole('radio', { name: 'Linear' })).toBeChecked();

  const dialog = await openCompare(page);
  await dialog.getByRole('textbox', { name: 'Symbol to compare' }).fill('00700.hk');
  await dialog.getByRole('textbox', { name: 'Symbol to compare' }).press('Enter');
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

  // The legend shows the last candle: its close, and both percents from the first visible one.
  const us = await closesByDate(request, 'AAPL.US', 'America/New_York');
  const hkCloses = await closesByDate(request, '700.HK', 'Asia/Hong_Kong');
  const usDates = [...us.keys()];
  const lastDate = usDates.at(-1) ?? '';
  const lastClose = us.get(lastDate) ?? Number.NaN;
  const chartLegend = (await page.getByTestId('chart-legend').textContent()) ?? '';
  expect(Number(/C([\d,.]+)/.exec(chartLegend)?.[1]?.replace(/,/g, ''))).toBe(lastClose);
  const mainPercent = percentOf(await main.textContent());
  const hkPercent = percentOf(await hk.textContent());
  // The first visible candle: the US close that gives the legend's percent (to its rounding).
  const base = lastClose / (1 + mainPercent / 100);
  const baseIndex = usDates.reduce((best, date, i) => (Math.abs((us.get(date) ?? 0) - base) < Math.abs((us.get(usDates[best] ?? '') ?? 0) - base) ? i : best), 0);
  const baseDate = usDates[baseIndex] ?? '';
  expect(Math.abs((us.get(baseDate) ?? 0) - base)).toBeLessThan(lastClose * 0.0001);
  expect(usDates.length - baseIndex).toBeGreaterThan(30);
  // Hong Kong measured from the same date (or the next US date it traded, when it was closed then), to the last US date.
  const hkBaseDate = usDates.slice(baseIndex).find((date) => hkCloses.has(date)) ?? '';
  const expected = ((hkCloses.get(lastDate) ?? Number.NaN) / (hkCloses.get(hkBaseDate) ?? Number.NaN) - 1) * 100;
  expect(Math.abs(hkPercent - expected), `700.HK ${String(hkPercent)} % against ${expected.toFixed(3)} % from ${hkBaseDate} to ${lastDate}`).toBeLessThan(0.006);
  test.info().annotations.push({ type: 'compare', description: `from ${baseDate}: AAPL.US ${String(mainPercent)} %, 700.HK ${String(hkPercent)} % (expected ${expected.toFixed(3)} %)` });

  // Kept over a reload, with the percent scale.
  await page.reload();
  await expect(page.getByTestId('compare-legend').locator('[data-symbol="700.HK"] dd')).toHaveText(PERCENT, { timeout: 15_000 });
  await expect(page.getByRole('radio', { name: 'Percent' })).toBeChecked();

  // A duplicate and a sixth are refused, with a message.
  const again = await openCompare(page);
  const field = again.getByRole('textbox', { name: 'Symbol to compare' });
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
  await expect(page.getByRole('radio', { name: 'Linear' })).toBeChecked();
});
