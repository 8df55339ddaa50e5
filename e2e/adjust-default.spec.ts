/**
 * Stocks open forward-adjusted, and an adjusted chart shows no crash that did not happen: NVDA.US
 * split 4:1 in July 2021 and 10:1 in June 2024. Read from the chart's own CSV (what it draws), on
 * 1d and on 1M (where the months holding the splits are folded from adjusted days). Screenshots
 * at four sizes are left for a person to look at.
 */
import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { chartLoaded, openExportMenu, parseCsv } from './chart-csv.ts';
import { expect, test } from './fixtures.ts';
import { DAILY_CHART_SIZES } from './screen-sizes.ts';
import { DEFAULT_SIM_NOW, resetSimulator, setClock } from './sim-control.ts';

const SHOTS = process.env.ADJUST_SHOTS_DIR ?? 'test-results/adjust-shots';
const SPLITS = ['2021-07', '2024-06'];

test.beforeEach(async ({ request }) => {
  await resetSimulator(request);
  await setClock(request, DEFAULT_SIM_NOW, true);
});
test.afterAll(async ({ request }) => {
  await resetSimulator(request);
});

interface Row {
  time: string;
  open: number;
  high: number;
  low: number;
  close: number;
}

/** The chart's candles, as its CSV export writes them. */
async function chartCandles(page: Page): Promise<Row[]> {
  const menu = await openExportMenu(page);
  const [download] = await Promise.all([page.waitForEvent('download'), menu.getByRole('menuitem', { name: 'Candles (CSV)' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^NVDA\.US_1(d|M)_forward_/);
  const text = await download.createReadStream().then(async (stream) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  });
  const [, header = [], ...records] = parseCsv(text);
  const at = (record: string[], name: string): string => record[header.indexOf(name)] ?? '';
  return records.map((record) => ({
    time: at(record, header[0] ?? ''),
    open: Number(at(record, 'open')),
    high: Number(at(record, 'high')),
    low: Number(at(record, 'low')),
    close: Number(at(record, 'close')),
  }));
}

/** Candles whose body, or gap from the candle before, falls by half or more. */
function cliffs(rows: readonly Row[]): string[] {
  return rows.flatMap((row, i) => {
    const before = rows[i - 1];
    const body = row.close / row.open - 1;
    const gap = before ? row.open / before.close - 1 : 0;
    return body <= -0.5 || gap <= -0.5 ? [`${row.time} body ${body.toFixed(2)} gap ${gap.toFixed(2)}`] : [];
  });
}

for (const interval of ['1d', '1M'] as const) {
  test(`NVDA.US opens forward-adjusted on ${interval}, with no cliff at its splits`, async ({ page }) => {
    await page.setViewportSize(DAILY_CHART_SIZES[0]);
    await page.goto(`/?symbol=NVDA.US&interval=${interval}`);
    await chartLoaded(page);
    await expect(page).toHaveURL(/adjust=forward/);
    await expect(page.getByRole('radiogroup', { name: 'Adjust' }).getByRole('radio', { name: 'Forward' })).toBeChecked();
    await expect(page.getByTestId('header-adjust')).toHaveText('Adjust: Forward');

    const rows = await chartCandles(page);
    expect(rows.length).toBeGreaterThan(interval === '1M' ? 60 : 500);
    // The 1d page reaches back past June 2024; the monthly history past July 2021.
    const inView = SPLITS.filter((month) => rows.some((row) => row.time.startsWith(month)));
    expect(inView).toEqual(interval === '1M' ? SPLITS : ['2024-06']);
    expect(cliffs(rows)).toEqual([]);
    // Prices at the stock's own two decimals.
    const cents = rows.flatMap((row) => [row.open, row.high, row.low, row.close]).map((price) => price * 100);
    expect(cents.filter((cent) => Math.abs(cent - Math.round(cent)) > 1e-6)).toEqual([]);

    await mkdir(SHOTS, { recursive: true });
    for (const size of DAILY_CHART_SIZES) {
      await page.setViewportSize(size);
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${SHOTS}/nvda-${interval}-${String(size.width)}x${String(size.height)}.png` });
    }
  });
}
