/**
 * The first candle on a phone-sized page (issue 21): 390×844, touch, device pixel ratio 3 and the
 * CPU slowed 4× (as Lighthouse's mobile run), cold cache, the app against the bare page
 * (lightweight-charts and one fetch of the same K-line window: the one the app asked for, or the
 * one its index.html carried) in the same run, interleaved.
 */
import type { Page, Response } from 'playwright-core';
import { median, summarize, type Figure } from '../figure.ts';
import type { BrowserBenchContext } from './context.ts';
import { carriedRequest, firstChartKline, markTime, waitForMarks } from './page-timing.ts';

const SAMPLES = 6;
export const WAIT_MS = 30_000;
const CPU_SLOWDOWN = 4;
const RATIO_TARGET = 1.3;
export const FIRST_CANDLE = 'chartroom:first-candle';
const GROUP = 'browser: first page on a phone (390×844, touch, CPU 4× slower)';
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true, serviceWorkers: 'block' } as const;

/** A fresh phone-emulated context (cold cache) with one CPU-throttled page; `use` runs on it. */
export async function onPhone<T>(ctx: BrowserBenchContext, use: (page: Page) => Promise<T>): Promise<T> {
  const context = await ctx.browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    return await use(page);
  } finally {
    await context.close();
  }
}

/**
 * The K-line window (path and query) of the app's first candles, once drawn: the request it made,
 * or the one its index.html carried.
 */
export async function firstKlineOf(page: Page, response: Response | null): Promise<string | undefined> {
  const requested = await firstChartKline(page);
  return requested ? new URL(requested.url).pathname + new URL(requested.url).search : carriedRequest((await response?.text()) ?? '');
}

/** The bare page drawing `kline` (bench/pages/bare.ts). */
export const barePageUrl = (ctx: BrowserBenchContext, kline: string): string => `${ctx.baseUrl}/bench/pages/bare.html?kline=${encodeURIComponent(kline)}`;

async function appSample(ctx: BrowserBenchContext): Promise<{ candle?: number; kline?: string }> {
  return onPhone(ctx, async (page) => {
    const response = await page.goto(`${ctx.baseUrl}/`);
    await waitForMarks(page, [FIRST_CANDLE], WAIT_MS);
    const kline = await firstKlineOf(page, response);
    const candle = await markTime(page, FIRST_CANDLE);
    return { ...(candle !== undefined && { candle }), ...(kline && { kline }) };
  });
}

async function bareSample(ctx: BrowserBenchContext, kline: string): Promise<number | undefined> {
  return onPhone(ctx, async (page) => {
    await page.goto(barePageUrl(ctx, kline));
    await waitForMarks(page, [FIRST_CANDLE], WAIT_MS);
    return markTime(page, FIRST_CANDLE);
  });
}

export async function phoneFirstCandleFigures(ctx: BrowserBenchContext): Promise<Figure[]> {
  // Warm-up, not counted: the server's code paths and the OS file cache.
  const warmUp = await appSample(ctx);
  let klineUrl = warmUp.kline;
  if (!klineUrl) throw new Error('the app sent no /v1/market/kline request and its page carried none');
  await bareSample(ctx, klineUrl);
  const app: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    // Who goes first alternates, so drift hits both.
    const appFirst = i % 2 === 0;
    if (!appFirst) {
      const value = await bareSample(ctx, klineUrl);
      if (value !== undefined) bare.push(value);
    }
    const sample = await appSample(ctx);
    if (sample.candle !== undefined) app.push(sample.candle);
    // The same window the app asked in this round (its end moves with the live clock).
    klineUrl = sample.kline ?? klineUrl;
    if (appFirst) {
      const value = await bareSample(ctx, klineUrl);
      if (value !== undefined) bare.push(value);
    }
  }
  const ratio = median(app) / median(bare);
  const ok = app.length > 0 && bare.length > 0;
  return [
    {
      group: GROUP,
      name: `first candle, cold cache, app / bare page (median of ${String(SAMPLES)})`,
      value: ok ? median(app) : Number.NaN,
      unit: `ms / ${median(bare).toFixed(0)} ms`,
      decimals: 0,
      samples: { app: summarize(app), bare: summarize(bare) },
    },
    {
      group: GROUP,
      name: 'first candle on a phone, app ÷ bare page',
      value: ok ? ratio : Number.NaN,
      unit: '×',
      target: `≤ ${String(RATIO_TARGET)}×`,
      pass: ok && ratio <= RATIO_TARGET,
    },
  ];
}
