/**
 * A click on a stock of the HK table that nobody has opened draws its daily chart, and the daily
 * page the app received is its minutes folded: day by day over the last year, each bar equals
 * its day's 1m K-lines folded, to the last digit. The server serves that page by the direct day
 * path (daily candles folded straight from the minutes' arithmetic, no minute blocks); this
 * times nothing, it shows the path gives the minute fold's numbers to a user's request.
 */
import type { KlineJson } from '../server/sim/test-support.ts';
import { foldKlines } from '../server/sim/tests/kline-fold.ts';
import { apiData } from './api-data.ts';
import { candlePixels } from './chart-pixels.ts';
import { expect, test } from './fixtures.ts';
import { isQuoteStripYear } from './quote-strip-request.ts';

/** An obscure stock no other journey opens, with years of history. */
const CODE = '1763';
const SYMBOL = '1763.HK';
const DAY_MS = 86_400_000;

test('an unseen HK stock opened from the HK table: its daily page drawn, each day its minutes folded', async ({ page, request }) => {
  await page.goto('/?symbol=700.HK&interval=1d&tab=hk');
  await expect(page.getByTestId('hk-count')).toHaveText(/^2,\d{3} securities$/, { timeout: 20_000 });
  await page.getByLabel('Filter by code or name').fill(CODE);
  const row = page.locator(`[data-testid="hk-row"][data-code="${CODE}"]`);
  const dailyPage = page.waitForResponse((response) => {
    const url = new URL(response.url());
    // The chart's page, not the quote strip's year of dailies (which may come first).
    return (
      url.pathname === '/v1/market/kline' &&
      url.searchParams.get('symbol') === SYMBOL &&
      url.searchParams.get('interval') === '1d' &&
      !isQuoteStripYear(url.searchParams)
    );
  });
  await row.click();
  await expect(page).toHaveURL(new RegExp(`symbol=${CODE}\\.HK.*tab=chart`));
  const answer = (await (await dailyPage).json()) as { data: { klines: KlineJson[] } };
  const bars = answer.data.klines;
  expect(bars).toHaveLength(1_000);
  await expect.poll(async () => (await candlePixels(page)).up, { timeout: 15_000 }).toBeGreaterThan(0);
  await page.screenshot({ path: 'test-results/shots-unseen-daily/chart.png' });

  // Twelve days spread over the last year, each against its own 1m K-lines.
  const lastYear = bars.slice(-250);
  for (let i = 0; i < lastYear.length; i += 21) {
    const bar = lastYear[i];
    if (!bar) continue;
    const { klines: minutes } = await apiData<{ klines: KlineJson[] }>(request, '/v1/market/kline', {
      symbol: SYMBOL,
      interval: '1m',
      limit: 1_000,
      start_time: bar.time,
      end_time: bar.time + DAY_MS - 1,
    });
    expect(minutes.length, new Date(bar.time + DAY_MS / 2).toISOString().slice(0, 10)).toBeGreaterThan(100);
    const { time: _time, ...fields } = bar;
    expect(fields, new Date(bar.time + DAY_MS / 2).toISOString().slice(0, 10)).toEqual(foldKlines(minutes));
  }
});
