/**
 * Issue 33: a repeat visit's first candle, the app shell from the service worker's precache (and
 * the browser's caches), against the same browser's cold first visit, in pairs in one run; and
 * the repeat visit with the network gone (the precached shell and the market data kept in
 * IndexedDB: src/app/offline/). Each pair has a browser of its own on a fresh profile on disk,
 * service worker allowed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { median, summarize, type Figure } from '../figure.ts';
import { CHROMIUM_FLAGS, chromiumPath, EVALUATE_SHIM, VIEWPORT, type BrowserBenchContext } from './context.ts';
import { keptData } from '../../e2e/kept-data.ts';
import { markTime, waitForMarks } from './page-timing.ts';

const SAMPLES = 7;
const WAIT_MS = 15_000;
const KEPT_WAIT_MS = 30_000;
const FIRST_CANDLE = 'chartroom:first-candle';
const GROUP = 'browser: repeat visit';
const RATIO_TARGET = 0.5;
const PAGE = '/?symbol=AAPL.US&interval=1d';

/** Polls `check` until it holds; throws after `timeoutMs`. */
async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error('the service worker or the kept data never came');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function firstCandleOf(context: BrowserContext, url: string): Promise<{ page: Page; ms: number | undefined }> {
  const page = await context.newPage();
  await page.goto(url);
  await waitForMarks(page, [FIRST_CANDLE], WAIT_MS);
  return { page, ms: await markTime(page, FIRST_CANDLE) };
}

interface Pair {
  cold?: number;
  repeat?: number;
  offline?: number;
}

/**
 * A browser of its own on a fresh profile on disk, as a user's is: a context of the shared browser
 * is off the record, and keeps no compiled code between visits (there the repeat visit measured
 * 708-719 ms against 558-575 ms on a profile, cold visits alike).
 */
async function profileBrowser(): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'chartroom-bench-profile-'));
  const path = chromiumPath();
  try {
    const context = await chromium.launchPersistentContext(dir, {
      ...(path && { executablePath: path }),
      args: CHROMIUM_FLAGS,
      viewport: VIEWPORT,
      serviceWorkers: 'allow',
    });
    return {
      context,
      close: async () => {
        await context.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

async function pairSample(ctx: BrowserBenchContext): Promise<Pair> {
  const { context, close } = await profileBrowser();
  await context.addInitScript({ content: EVALUATE_SHIM });
  // The browser's own start (its network service, first renderer) is no part of a cold visit:
  // one page of the server that shares nothing with the app's, before it.
  const warm = await context.newPage();
  await warm.goto(`${ctx.baseUrl}/healthz`);
  await warm.close();
  const url = `${ctx.baseUrl}${PAGE}`;
  try {
    const cold = await firstCandleOf(context, url);
    // The worker in charge, and the kept data naming AAPL.US (saved a few seconds after the answers).
    await until(
      async () => (await cold.page.evaluate(() => navigator.serviceWorker.controller !== null)) && (await keptData(cold.page)).includes('"AAPL.US"'),
      KEPT_WAIT_MS,
    );
    await cold.page.close();
    const repeat = await firstCandleOf(context, url);
    await repeat.page.close();
    await context.setOffline(true);
    const offline = await firstCandleOf(context, url);
    await offline.page.close();
    return {
      ...(cold.ms !== undefined && { cold: cold.ms }),
      ...(repeat.ms !== undefined && { repeat: repeat.ms }),
      ...(offline.ms !== undefined && { offline: offline.ms }),
    };
  } finally {
    await close();
  }
}

const defined = (values: (number | undefined)[]): number[] => values.filter((value): value is number => value !== undefined);

export async function repeatVisitFigures(ctx: BrowserBenchContext): Promise<Figure[]> {
  await pairSample(ctx); // warm-up, not counted
  const pairs: Pair[] = [];
  for (let i = 0; i < SAMPLES; i++) pairs.push(await pairSample(ctx));
  const cold = defined(pairs.map((pair) => pair.cold));
  const repeat = defined(pairs.map((pair) => pair.repeat));
  const offline = defined(pairs.map((pair) => pair.offline));
  const ratio = median(repeat) / median(cold);
  return [
    {
      group: GROUP,
      name: `first candle, repeat visit (shell from the service worker) / cold first visit, same browser (median of ${String(SAMPLES)} pairs)`,
      value: median(repeat),
      unit: `ms / ${median(cold).toFixed(0)} ms`,
      decimals: 0,
      samples: { repeat: summarize(repeat), cold: summarize(cold) },
    },
    {
      group: GROUP,
      name: 'first candle, repeat visit ÷ cold visit',
      value: ratio,
      unit: '×',
      target: `≤ ${String(RATIO_TARGET)}×`,
      pass: ratio <= RATIO_TARGET,
      decimals: 2,
    },
    {
      group: GROUP,
      name: `first candle, repeat visit offline (precached shell, data kept in IndexedDB) (median of ${String(SAMPLES)})`,
      value: median(offline),
      unit: 'ms',
      decimals: 0,
      samples: { offline: summarize(offline) },
    },
  ];
}
