/** The main chart: candles drawn, intervals and adjustment change what is shown, history pages in. */
import { candlePixels } from './chart-pixels.ts';
import { expect, test } from './fixtures.ts';
import { DEFAULT_SIM_NOW, resetSimulator } from './sim-control.ts';

test.beforeEach(async ({ request }) => {
  await resetSimulator(request);
});

function isKlineHistory(url: string): boolean {
  return new URL(url).pathname === '/v1/market/kline';
}

test('loads with candles drawn on the chart', async ({ page }) => {
  await page.goto('/?symbol=AAPL.US&interval=1d');
  await expect(page.getByTestId('symbol-header')).toContainText('AAPL.US');
  await expect(page.getByTestId('chart-legend')).toContainText('O');
  await expect.poll(async () => (await candlePixels(page)).up, { timeout: 15_000 }).toBeGreaterThan(300);
  const pixels = await candlePixels(page);
  expect(pixels.down).toBeGreaterThan(300);
});

test('switching interval and adjust changes the prices shown; adjusting makes no K-line request', async ({ page }) => {
  await page.goto('/?symbol=AAPL.US&interval=1d&adjust=none');
  const legend = page.getByTestId('chart-legend');
  await expect(legend).toContainText('C');
  await expect.poll(async () => (await candlePixels(page)).up).toBeGreaterThan(100);
  // The legend of the latest candle once the forming one (today's, on the simulator's clock in
  // New York) has joined the history: read before, it is yesterday's, and the 1d again shows today.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date(process.env.E2E_SIM_NOW ?? DEFAULT_SIM_NOW));
  await expect(legend).toContainText(`Time${today}`);
  const daily = await legend.textContent();
  // Today's date and open: the close and volume move with live ticks meanwhile.
  const dailyStamp = /Time\S+?O[\d,.]+/.exec(daily ?? '')?.[0] ?? 'no daily candle';

  await page.getByRole('button', { name: '1h', exact: true }).click();
  await expect(page).toHaveURL(/interval=1h/);
  await expect(legend).not.toContainText(dailyStamp);

  await page.getByRole('button', { name: '1d', exact: true }).click();
  await expect(legend).toContainText(dailyStamp);
  const requests: string[] = [];
  page.on('request', (request) => {
    if (isKlineHistory(request.url())) requests.push(request.url());
  });
  await page.getByRole('radiogroup', { name: 'Adjust' }).getByRole('radio', { name: 'Backward' }).check();
  await expect(page).toHaveURL(/adjust=backward/);
  // AAPL split 4-for-1 in 2020: backward-adjusted prices of today are about four times the raw ones.
  await expect(legend).not.toContainText(dailyStamp);
  const closeOf = async () => Number(/C\s*([\d,.]+)/.exec((await legend.textContent()) ?? '')?.[1]?.replace(/,/g, ''));
  expect(await closeOf()).toBeGreaterThan(3 * Number(/C\s*([\d,.]+)/.exec(daily ?? '')?.[1]?.replace(/,/g, '')));
  expect(requests).toEqual([]);
});

test('scrolling back to the left edge loads older candles', async ({ page }) => {
  await page.goto('/?symbol=MSFT.US&interval=1h');
  const chart = page.getByTestId('main-chart');
  await expect.poll(async () => (await candlePixels(page)).up).toBeGreaterThan(100);
  let olderRequest: import('@playwright/test').Request | undefined;
  page.on('request', (request) => {
    // An older page of this chart's history: end_time without start_time (a start_time request
    // fills the tail to the forming candle); the quote strip's year of dailies is 1d.
    const params = new URL(request.url()).searchParams;
    if (isKlineHistory(request.url()) && params.get('interval') === '1h' && params.has('end_time') && !params.has('start_time')) olderRequest ??= request;
  });
  const box = await chart.boundingBox();
  if (!box) throw new Error('chart has no box');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3);
  // Drag the candles to the right, as a user pans back in time, until the left edge is reached.
  for (let i = 0; i < 60 && !olderRequest; i++) {
    await page.mouse.move(box.x + box.width * 0.05, box.y + box.height / 3);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.9, box.y + box.height / 3, { steps: 6 });
    await page.mouse.up();
  }
  await expect.poll(() => olderRequest !== undefined).toBe(true);
  const request = olderRequest;
  if (!request) throw new Error('no request for older candles');
  const endTime = Number(new URL(request.url()).searchParams.get('end_time'));
  expect(endTime).toBeLessThan(Date.parse('2026-11-01T00:00:00Z'));
  const response = await request.response();
  expect(response?.status()).toBe(200);
});
