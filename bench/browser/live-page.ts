/**
 * A dashboard page kept live for a live figure: its own browser context with a seeded watchlist,
 * the realtime socket up or refused (then the app polls HTTP), the status bar's realtime line,
 * and the page's JS heap after a forced GC.
 */
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import type { Preferences } from '../../src/store/preferences-slice.ts';
import type { BrowserBenchContext } from './context.ts';
import { seedWatchlist } from './live-watchlist.ts';
import { messagesOf } from '../frame-messages.ts';

export const REALTIME_ROUTE = /\/v1\/realtime(\?|$)/;
const STREAMING = 'Live: streaming';

export interface LivePageOptions {
  /** Server the page talks to (the bench's own, or one started for this page). */
  baseUrl: string;
  /** Path and query after the origin, e.g. `/` or `/?tab=intraday`. */
  path: string;
  watchlist: readonly string[];
  /** 'refused': every socket to /v1/realtime is closed at once, so the app falls back to HTTP polling. */
  socket: 'up' | 'refused';
  /** Seeded with the watchlist; the rest of the preferences keep their defaults. */
  preferences?: Partial<Preferences>;
  /** Called with the page before it loads (to listen from its first request). */
  beforeLoad?: (page: Page) => void;
}

export interface LivePage {
  page: Page;
  context: BrowserContext;
  cdp: CDPSession;
  /** Text frames the page's WebSockets received so far (listened to from before the page loads). */
  framesReceived(filter?: (payload: string) => boolean): number;
  /** The messages in them: a frame may carry an array of a turn's messages (bench/frame-messages.ts). */
  messagesReceived(filter: (message: string) => boolean): number;
  close(): Promise<void>;
}

export async function openLivePage(ctx: BrowserBenchContext, options: LivePageOptions): Promise<LivePage> {
  const { page, context } = await ctx.freshPage();
  try {
    await seedWatchlist(context, options.watchlist, `Bench ${String(options.watchlist.length)}`, options.preferences);
    // The socket is answered by Playwright and closed before it reaches the server.
    if (options.socket === 'refused') await page.routeWebSocket(REALTIME_ROUTE, (socket) => socket.close());
    const cdp = await context.newCDPSession(page);
    // Listening before the page loads: its socket opens early and would be missed later.
    const received: string[] = [];
    const messages: string[] = [];
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        if (typeof payload !== 'string') return;
        received.push(payload);
        messages.push(...messagesOf(payload));
      });
    });
    const framesReceived = (filter?: (payload: string) => boolean): number => (filter ? received.filter(filter).length : received.length);
    const messagesReceived = (filter: (message: string) => boolean): number => messages.filter(filter).length;
    options.beforeLoad?.(page);
    await page.goto(`${options.baseUrl}${options.path}`);
    // Playwright compiles its injected script into the page's JS heap (≈1 MiB) on the first
    // locator call: made here, before any heap sample, so the heap figure sees only the app.
    await realtimeStatus(page);
    return { page, context, cdp, framesReceived, messagesReceived, close: () => context.close() };
  } catch (error) {
    await context.close();
    throw error;
  }
}

/** The status bar's realtime line (`Live: streaming`, `Live: reconnecting in 3 s — polling over HTTP`…). */
export async function realtimeStatus(page: Page): Promise<string> {
  return (
    (await page
      .getByTestId('status-realtime')
      .textContent({ timeout: 5_000 })
      .catch(() => null)) ?? 'no status item'
  ).trim();
}

/** True once the status bar says every used channel streams; false after `timeoutMs`. */
export async function waitForStreaming(page: Page, timeoutMs: number): Promise<boolean> {
  try {
    await page.getByTestId('status-realtime').filter({ hasText: STREAMING }).waitFor({ timeout: timeoutMs });
    return true;
  } catch {
    return false;
  }
}

/** Used JS heap (bytes) after a forced full GC. */
export async function heapAfterGc(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize;
}

/** The JS heap a page holds at one sample point: the least of a few forced-GC readings, and all of them. */
export interface HeapSample {
  bytes: number;
  readings: number[];
}

/** Forced-GC readings taken at one sample point. */
export const HEAP_READINGS = 3;
const HEAP_READING_GAP_MS = 1_000;

/**
 * What the page retains at this point: the least of HEAP_READINGS forced-GC readings a second
 * apart. One reading also counts what the page allocates between the end of the GC and the read
 * (two reads a few ms apart with no GC between were seen to differ by 0.7 MiB, gone at the next
 * GC, never in a heap snapshot), so a lone reading is sometimes the heap plus work in flight.
 */
export async function retainedHeap(cdp: CDPSession, count = HEAP_READINGS, gapMs = HEAP_READING_GAP_MS): Promise<HeapSample> {
  const readings: number[] = [];
  for (let i = 0; i < count; i++) {
    if (i > 0) await sleep(gapMs);
    readings.push(await heapAfterGc(cdp));
  }
  return { bytes: Math.min(...readings), readings };
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}
