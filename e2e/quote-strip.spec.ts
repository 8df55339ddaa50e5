/**
 * The quote strip under the chart's toolbar (Futu's figures beside every chart): open, high, low
 * and previous close are the ticker's; the 52-week range is the year's lowest low and highest
 * high of the forward-adjusted daily candles; a stock with share counts shows its turnover rate;
 * a China future its open interest. On a frozen simulator clock, read from the API beside it.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { apiData } from './api-data.ts';
import { expect, test } from './fixtures.ts';
import { DEFAULT_SIM_NOW, resetSimulator, setClock } from './sim-control.ts';

const SHOTS = 'test-results/quote-strip-shots';
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

test.beforeEach(async ({ request }) => {
  await resetSimulator(request);
  await setClock(request, DEFAULT_SIM_NOW, true);
});
test.afterAll(async ({ request }) => {
  await resetSimulator(request);
});

/** The strip's figure `key` as a number ('1,234.50' → 1234.5), or its two ends for a range. */
async function figure(page: Page, key: string): Promise<number[]> {
  const text = await page.getByTestId('quote-strip').locator(`[data-key="${key}"] dd`).textContent();
  return (text ?? '').split('–').map((part) => Number(part.replace(/[^0-9.-]/g, '')));
}

interface Kline {
  time: number;
  high: string;
  low: string;
  open_interest?: string;
}

async function dailies(request: APIRequestContext, symbol: string, adjust?: string): Promise<Kline[]> {
  const data = await apiData<{ klines: Kline[] }>(request, '/v1/market/kline', { symbol, interval: '1d', limit: 400, ...(adjust && { adjust }) });
  return data.klines;
}

test('a stock: the ticker’s open, high, low and previous close, the year’s range of adjusted days, turnover rate', async ({ page, request }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const [ticker] = await apiData<Record<string, string>[]>(request, '/v1/market/ticker', { symbols: 'AAPL.US' });
  await page.goto('/?symbol=AAPL.US&interval=1d');
  const strip = page.getByTestId('quote-strip');
  await expect(strip).toBeVisible();
  await expect(strip.locator('[data-key="yearRange"]')).toBeVisible();
  expect(await figure(page, 'open')).toEqual([Number(ticker?.open)]);
  expect(await figure(page, 'high')).toEqual([Number(ticker?.high_24h)]);
  expect(await figure(page, 'low')).toEqual([Number(ticker?.low_24h)]);
  expect(await figure(page, 'prevClose')).toEqual([Number(ticker?.prev_close)]);

  const days = await dailies(request, 'AAPL.US', 'forward');
  const last = days.at(-1)?.time ?? 0;
  const year = days.filter((day) => day.time > last - YEAR_MS);
  const [low, high] = await figure(page, 'yearRange');
  expect(low).toBeCloseTo(Math.min(...year.map((day) => Number(day.low))), 1);
  expect(high).toBeCloseTo(Math.max(...year.map((day) => Number(day.high))), 1);
  await expect(strip.locator('[data-key="turnoverRate"]')).toContainText('%');
  await expect(strip.locator('[data-key="amplitude"]')).toContainText('%');
  await page.screenshot({ path: `${SHOTS}/strip-1440.png` });
});

test('a China future shows its open interest; the strip fits one line on a phone', async ({ page, request }) => {
  const days = await dailies(request, 'AU2612');
  const interest = Number(days.at(-1)?.open_interest);
  expect(interest).toBeGreaterThan(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/?symbol=AU2612&interval=1d');
  const strip = page.getByTestId('quote-strip');
  await expect(strip.locator('[data-key="openInterest"]')).toBeAttached();
  expect(await strip.locator('[data-key="openInterest"] dd').textContent()).toMatch(/^\d/);
  const box = await strip.boundingBox();
  expect(box?.height ?? 0).toBeLessThanOrEqual(20);
  await page.screenshot({ path: `${SHOTS}/strip-390.png` });
});
