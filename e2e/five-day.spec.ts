/**
 * Five-day intraday (issue 14, section 4): on the simulator's clock in the HK morning session of
 * Wednesday 25 November 2026, the intraday tab's 5-day view shows the market's last five trading
 * days (as the trade-days endpoint lists them), each labelled, ruled off from the next, with its
 * own price line drawn from 1-minute K-lines; today's line keeps moving with the quotes. A day
 * whose K-lines are withheld says so and draws nothing. Screenshots, dark and light.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { resetSimulator, setClock } from './sim-control.ts';

const SHOTS = process.env.FIVE_DAY_SHOTS_DIR ?? 'test-results/fiveday-shots';
const HK_MORNING = '2026-11-25T03:00:00Z'; // 11:00 in Hong Kong
const SYMBOL = '700.HK';

test.afterEach(async ({ request }) => {
  await resetSimulator(request);
});

/** The last five HK trading days up to 25 November, from the trade-days endpoint. */
async function lastFiveTradeDays(page: Page, market = 'HK'): Promise<string[]> {
  const response = await page.request.get(`/v1/market/trade-days?market=${market}&beg_day=20261101&end_day=20261125`);
  const data = ((await response.json()) as { data: { trade_days: string[]; half_trade_days?: string[] } }).data;
  return [...new Set([...data.trade_days, ...(data.half_trade_days ?? [])])].sort().slice(-5);
}

async function openFiveDays(page: Page, symbol = SYMBOL): Promise<void> {
  await page.goto(`/?symbol=${symbol}&tab=intraday`);
  await page.getByRole('button', { name: '5 days' }).click();
  await expect(page.getByRole('button', { name: '5 days' })).toHaveAttribute('aria-pressed', 'true');
}

function dayLabels(page: Page) {
  return page.getByTestId('intraday-five-day').getByTestId('intraday-day-label');
}

test('the 5-day intraday view shows the last five trading days, labelled and ruled, each drawn; today moves with the quotes', async ({ page, request }) => {
  await resetSimulator(request);
  await setClock(request, HK_MORNING, false);
  await openFiveDays(page);
  const expected = await lastFiveTradeDays(page);
  expect(expected).toHaveLength(5);

  const labels = dayLabels(page);
  await expect(labels).toHaveCount(5, { timeout: 20_000 });
  expect(await labels.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-day')))).toEqual(expected);
  expect(await labels.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-missing')))).toEqual(['false', 'false', 'false', 'false', 'false']);
  // 'Nov 25'-style labels, one a day, and a rule between each two days.
  await expect(labels.last()).toHaveText('Nov 25');
  await expect(page.getByTestId('intraday-day-rule')).toHaveCount(4);
  await expect(page.getByTestId('intraday-day-missing')).toHaveCount(0);

  // Every day has its own price line, average line and (after the first fetched day) previous close.
  const chart = page.getByTestId('intraday-five-day');
  for (const day of expected) {
    const group = chart.locator(`g[data-day="${day}"]`);
    await expect(group.getByTestId('intraday-price-line')).toHaveAttribute('d', /^M[\d.]+ [\d.]+(L[\d.]+ [\d.]+){20,}/);
    await expect(group.getByTestId('intraday-avg-line')).toHaveAttribute('d', /^M/);
    await expect(group.getByTestId('intraday-prev-close')).toHaveCount(1);
  }

  // Earlier days are whole HK days (09:30–12:00, 13:00–16:00: 330 minutes), today is up to 11:00:
  // today's line is the shortest, ending well before its day's right edge.
  const today = chart.locator(`g[data-day="${expected[4] ?? ''}"]`).getByTestId('intraday-price-line');
  const points = (d: string | null): number => (d ?? '').split(/[ML]/).length - 1;
  const yesterdayPoints = points(
    await chart
      .locator(`g[data-day="${expected[3] ?? ''}"]`)
      .getByTestId('intraday-price-line')
      .getAttribute('d'),
  );
  expect(yesterdayPoints).toBeGreaterThan(300);
  expect(points(await today.getAttribute('d'))).toBeLessThan(yesterdayPoints);

  // Live: today's line follows the quotes as the 1-day view does (the clock runs).
  const before = await today.getAttribute('d');
  await expect.poll(() => today.getAttribute('d'), { timeout: 20_000 }).not.toBe(before);
  await expect(page.getByTestId('intraday-last-price')).toBeVisible();

  // Back to one day: the single-day chart with its hh:mm axis.
  await page.getByRole('button', { name: '1 day' }).click();
  await expect(page.getByTestId('intraday-time-label').first()).toHaveText('09:30');
  await expect(page.getByTestId('intraday-five-day')).toHaveCount(0);
});

test('a US stock in its regular session: the four earlier days whole regular sessions from the 1m history, today the last', async ({ page, request }) => {
  await resetSimulator(request);
  await setClock(request, '2026-11-25T16:00:00Z', true); // 11:00 in New York
  await openFiveDays(page, 'AAPL.US');
  const expected = await lastFiveTradeDays(page, 'US');
  const labels = dayLabels(page);
  await expect(labels).toHaveCount(5, { timeout: 30_000 });
  expect(await labels.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-day')))).toEqual(expected);
  expect(await labels.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-missing')))).toEqual(['false', 'false', 'false', 'false', 'false']);
  // The four earlier days are whole regular sessions (09:30–16:00: 390 minutes); any pre-market or
  // after-hours K-lines stay off the five-day axis.
  const chart = page.getByTestId('intraday-five-day');
  for (const day of expected.slice(0, 4)) {
    const d = await chart.locator(`g[data-day="${day}"]`).getByTestId('intraday-price-line').getAttribute('d');
    expect((d ?? '').split(/[ML]/).length - 1).toBe(390);
  }
});

test('a day whose 1-minute K-lines are missing says so and draws nothing', async ({ page, request }) => {
  await resetSimulator(request);
  await setClock(request, HK_MORNING, true);
  await page.setViewportSize({ width: 1440, height: 900 });
  const expected = await lastFiveTradeDays(page);
  // Withhold the first day's K-lines from every 1m page. (A page that comes back short means the
  // service has nothing older, so the history stops paging there: the day is the oldest one.)
  const gone = expected[0] ?? '';
  await page.route(/\/v1\/market\/kline\?/, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data?: { interval?: string; klines?: { time: number }[] } };
    if (body.data?.interval === '1m' && body.data.klines) {
      const ymd = (ms: number): string => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10).replaceAll('-', '');
      body.data.klines = body.data.klines.filter((k) => ymd(k.time) !== gone);
    }
    await route.fulfill({ response, json: body });
  });
  await openFiveDays(page);
  const labels = dayLabels(page);
  await expect(labels).toHaveCount(5, { timeout: 20_000 });
  expect(await labels.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-missing')))).toEqual(['true', 'false', 'false', 'false', 'false']);
  await expect(page.getByTestId('intraday-day-missing-day')).toHaveCount(1);
  await expect(page.getByTestId('intraday-day-missing-day').locator('title')).toHaveText('No 1-minute K-lines');
  await expect(page.getByTestId('intraday-day-missing')).toHaveText('No 1-minute K-lines');
  const chart = page.getByTestId('intraday-five-day');
  await expect(chart.locator(`g[data-day="${gone}"]`).getByTestId('intraday-price-line')).toHaveAttribute('d', '');
  // The day after has no previous close to show: it would be the missing day's.
  await expect(chart.locator(`g[data-day="${expected[1] ?? ''}"]`).getByTestId('intraday-prev-close')).toHaveCount(0);
  await expect(chart.locator(`g[data-day="${expected[2] ?? ''}"]`).getByTestId('intraday-prev-close')).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/five-day-missing-day-dark.png` });
});

test('screenshot: five-day intraday, dark and light', async ({ page, request }) => {
  await resetSimulator(request);
  await setClock(request, HK_MORNING, true);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await openFiveDays(page);
  await expect(dayLabels(page)).toHaveCount(5, { timeout: 20_000 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/five-day-dark.png` });
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/five-day-light.png` });
});
