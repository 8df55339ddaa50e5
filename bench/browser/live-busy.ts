/**
 * A 300-symbol watchlist streaming for 30 s: main-thread busy share and longest task from a CDP
 * trace (top-level RunTask of the page's renderer main thread), cross-checked with the
 * Performance domain's TaskDuration, and the pushes the page received per second.
 */
import type { CDPSession } from 'playwright-core';
import type { Figure } from '../figure.ts';
import { scrapeMetrics } from './live-metrics.ts';
import { openLivePage, sleep, waitForStreaming, type LivePage } from './live-page.ts';
import { BUSY_TRACE_CATEGORIES, mainThreadBusy, traceEvents, type MainThreadBusy } from './live-trace.ts';
import { chooseWatchlist } from './live-watchlist.ts';
import type { BrowserBenchContext } from './context.ts';

const SYMBOLS = 300;
const WINDOW_MS = 30_000;
/** After the list streams: the subscription snapshots and the first HTTP quotes settle first. */
const SETTLE_MS = 3_000;
const LIVE_TIMEOUT_MS = 30_000;
const BUSY_TARGET = 0.15;
const LONGEST_TARGET_MS = 50;
const START_MARK = 'chartroom-bench:busy-start';
const END_MARK = 'chartroom-bench:busy-end';
const GROUP = `browser: ${String(SYMBOLS)}-symbol watchlist live, ${String(WINDOW_MS / 1000)} s`;

async function taskSeconds(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? Number.NaN;
}

/** Waits until the server holds a ticker subscription for every row (or the timeout passes). */
async function waitForSubscriptions(baseUrl: string, count: number, timeoutMs: number): Promise<number> {
  const giveUp = Date.now() + timeoutMs;
  let held = 0;
  while (Date.now() < giveUp) {
    held = (await scrapeMetrics(baseUrl)).realtimeSubscriptions.ticker ?? 0;
    if (held >= count) break;
    await sleep(250);
  }
  return held;
}

export interface BusyWindow {
  busy: MainThreadBusy;
  /** Performance.getMetrics TaskDuration over the window ÷ the window: the cross-check. */
  taskShare: number;
  elapsedMs: number;
  /** How much each counter given grew over the window. */
  counted: Record<string, number>;
}

/** Traces the live page's main thread for `windowMs` (between two marks the page sets); `counters` are read at both ends. */
export async function traceBusyWindow(
  ctx: BrowserBenchContext,
  live: Pick<LivePage, 'page' | 'cdp'>,
  windowMs: number,
  counters: Record<string, () => number> = {},
): Promise<BusyWindow> {
  const { page, cdp } = live;
  const read = () => Object.fromEntries(Object.entries(counters).map(([name, count]) => [name, count()]));
  await cdp.send('Performance.enable');
  await ctx.browser.startTracing(page, { categories: BUSY_TRACE_CATEGORIES });
  const tasksBefore = await taskSeconds(cdp);
  await page.evaluate((mark) => performance.mark(mark), START_MARK);
  const started = performance.now();
  const before = read();
  await sleep(windowMs);
  const after = read();
  await page.evaluate((mark) => performance.mark(mark), END_MARK);
  const elapsedMs = performance.now() - started;
  const tasksAfter = await taskSeconds(cdp);
  const busy = mainThreadBusy(traceEvents(await ctx.browser.stopTracing()), START_MARK, END_MARK);
  const counted = Object.fromEntries(Object.keys(counters).map((name) => [name, (after[name] ?? 0) - (before[name] ?? 0)]));
  return { busy, taskShare: ((tasksAfter - tasksBefore) * 1000) / elapsedMs, elapsedMs, counted };
}

/** The longest task's time outside every event traced inside it (on a busy machine, mostly the thread waiting for a core). */
const untracedMs = (busy: MainThreadBusy): number => busy.longestTaskMs - busy.longestTaskParts.reduce((sum, [, ms]) => sum + ms, 0);

/** The two budget figures of a traced window: busy share (≤ 15 %) and longest task (≤ 50 ms). */
export function busyFigures(group: string, { busy, taskShare }: BusyWindow, details: string[]): Figure[] {
  return [
    {
      group,
      name: 'main-thread busy share (top-level RunTask ÷ window)',
      value: busy.share * 100,
      unit: `% (${String(busy.tasks)} tasks; Performance.getMetrics TaskDuration: ${(taskShare * 100).toFixed(1)}%)`,
      decimals: 1,
      target: `≤ ${String(BUSY_TARGET * 100)}%`,
      pass: busy.share <= BUSY_TARGET,
      details,
    },
    {
      group,
      name: 'longest main-thread task',
      value: busy.longestTaskMs,
      unit: 'ms',
      details: [
        `inside it: ${
          busy.longestTaskParts
            .slice(0, 4)
            .map(([name, ms]) => `${name} ${ms.toFixed(1)} ms`)
            .join(', ') || 'no child events'
        }; in no traced event: ${untracedMs(busy).toFixed(1)} ms; garbage collection in it: ${busy.longestTaskGcMs.toFixed(1)} ms`,
      ],
      decimals: 1,
      target: `≤ ${String(LONGEST_TARGET_MS)} ms`,
      pass: busy.longestTaskMs <= LONGEST_TARGET_MS,
    },
  ];
}

/** `alongside`: what else runs in the browser meanwhile, printed under the figure. */
export async function watchlistBusyFigures(ctx: BrowserBenchContext, alongside?: string): Promise<Figure[]> {
  const choice = await chooseWatchlist(ctx.baseUrl, SYMBOLS);
  const live = await openLivePage(ctx, { baseUrl: ctx.baseUrl, path: '/', watchlist: choice.symbols, socket: 'up' });
  try {
    const { page } = live;
    const isTicker = (payload: string): boolean => payload.includes('"cmd":"ticker"');
    const streaming = await waitForStreaming(page, LIVE_TIMEOUT_MS);
    const subscribed = await waitForSubscriptions(ctx.baseUrl, choice.symbols.length, LIVE_TIMEOUT_MS);
    const rows = await page.getByTestId('watchlist-row').count();
    await sleep(SETTLE_MS);

    const window = await traceBusyWindow(ctx, live, WINDOW_MS, { frames: () => live.framesReceived(), tickers: () => live.messagesReceived(isTicker) });
    await page.screenshot({ path: `${ctx.resultsDir}live-watchlist-300.png` });

    const { elapsedMs } = window;
    const pushRate = ((window.counted.tickers ?? 0) * 1000) / elapsedMs;
    const setup = `${String(rows)} rows, ${String(choice.open)} in markets open now (${Object.entries(choice.mix)
      .map(([kind, n]) => `${kind} ${String(n)}`)
      .join(', ')}), the rest HK/CN (closed); ${String(subscribed)} ticker subscriptions held${streaming ? '' : '; status never said streaming'}`;
    return [
      ...busyFigures(GROUP, window, [setup, ...(alongside ? [alongside] : [])]),
      {
        group: GROUP,
        name: 'ticker pushes received (WebSocket frames)',
        value: pushRate,
        unit: `/s (${((window.counted.frames ?? 0) / (elapsedMs / 1000)).toFixed(1)} frames/s)`,
        decimals: 1,
      },
    ];
  } finally {
    await live.close();
  }
}
