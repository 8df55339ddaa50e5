/**
 * Chart layouts (issue 14 §6): a 2 × 2 layout of four US symbols at 1m on the bench's live US
 * morning, three indicators each, ≥ 2,000 candles loaded on every chart.
 *
 * One timeline (about two and a half minutes):
 *   t=0      five pages load: one chart and the 2 × 2 layout, each over HTTP polling and with the
 *            socket up, each on its own server (the request figures); and the measured 2 × 2
 *            page on the bench's server
 *   10–70 s  upstream requests counted on the four; meanwhile the measured page scrolls each chart
 *            back until older pages bring it to 2,000 candles (not CPU-sensitive: counts only)
 *   then     the four close; the measured page's charts go back to the present (a double-click
 *            on each time axis), it is traced for 60 s (busy share,
 *            longest task), then its active chart is panned (frame p95) and the pointer swept
 *            over it while the three others follow its crosshair (frame p95); then four bare
 *            charts of the same candles and series do the same (bench/pages/bare-layout.ts) and
 *            the frame figures are judged by their ratio to them
 */
import type { Locator, Page } from 'playwright-core';
import type { Preferences } from '../../src/store/preferences-slice.ts';
import { percentile, summarize, type Figure } from '../figure.ts';
import { startFrameLog, stopFrameLog, wheelPan } from '../pages/frames.ts';
import type { BrowserBenchContext } from './context.ts';
import { droppedFrames, frameRatioFigure, ONE_FRAME_MS, withinOneFrame } from './frame-budget.ts';
import { layoutRequestBudget } from './layout-budget.ts';
import { busyFigures, traceBusyWindow } from './live-busy.ts';
import { openLivePage, sleep, waitForStreaming } from './live-page.ts';
import { closeRun, countRequests, openRequestRuns, type LiveFigure, type RequestRunSpec } from './live-requests.ts';

const SYMBOLS = ['AAPL.US', 'MSFT.US', 'NVDA.US', 'TSLA.US'] as const;
const INTERVAL = '1m';
const LAYOUT_PATH = `/?symbol=${SYMBOLS[0]}&interval=${INTERVAL}&layout=4&charts=${SYMBOLS.map((symbol) => `${symbol}~${INTERVAL}~none`).join(',')}&active=0&sync=crosshair`;
const SINGLE_PATH = `/?symbol=${SYMBOLS[0]}&interval=${INTERVAL}`;
const CANDLES_WANTED = 2_000;
const HISTORY_TIMEOUT_MS = 40_000;
/** Wheel steps back in time while loading history: 100 candles of 8 px a frame, 500 a batch (half a page, so one batch does not run past the next page too). */
const HISTORY_WHEEL_DELTA = -1_000;
const HISTORY_WHEEL_FRAMES = 5;
const WARM_UP_MS = 10_000;
const COUNT_MS = 60_000;
const LIVE_TIMEOUT_MS = 30_000;
const SETTLE_MS = 3_000;
/** A whole minute: the 1m charts roll their forming candle (K-line requests, a new bar on each) once in it. */
const BUSY_WINDOW_MS = 60_000;
/** As the workbench pans: 10 candles a frame, turning every 40 frames to stay inside the history. */
const PAN_WHEEL_DELTA = -100;
const PAN_TURN = 40;
const PAN_FRAMES = 160;
const CROSSHAIR_MOVES = 150;
/** Where a double-click hits the time axis: this far above the chart's bottom edge. */
const TIME_AXIS_INSET_PX = 8;
const GROUP = `browser: 2 × 2 chart layout (${SYMBOLS.join(', ')} at ${INTERVAL}), live`;
const REQUEST_GROUP = 'browser: 2 × 2 chart layout, upstream requests per minute vs one chart, counted by the server';

/**
 * The "three indicators" every chart draws (the preferences' list, each chart's default): MA 20, Bollinger
 * bands and MACD, one overlay line, one overlay band, one pane. The only place in the bench that
 * knows the indicator settings' shape.
 */
export function threeIndicators(): Partial<Preferences> {
  return {
    indicators: [
      { id: 'sma-1', kind: 'sma', params: { period: 20 } },
      { id: 'bollinger-1', kind: 'bollinger', params: { period: 20, k: 2 } },
      { id: 'macd-1', kind: 'macd', params: { fast: 12, slow: 26, signal: 9 } },
    ],
  };
}

interface KlineLog {
  /** Candles of a symbol received from the history endpoint (distinct times). */
  loaded: (symbol: string) => number;
  /** K-line requests (history and latest) the page has made: a minute roll makes two a chart. */
  requests: () => number;
}

/** What the page asks the K-line endpoints for, from its first request. */
function klineLog(page: Page): KlineLog {
  const times = new Map<string, Set<number>>();
  let requests = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/v1/market/kline')) requests++;
  });
  page.on('response', (response) => {
    const url = new URL(response.url());
    const symbol = url.searchParams.get('symbol');
    if (url.pathname !== '/v1/market/kline' || !symbol || !response.ok()) return;
    void (response.json() as Promise<{ data?: { klines?: { time: number }[] } }>)
      .then((body) => {
        const seen = times.get(symbol) ?? new Set<number>();
        for (const { time } of body.data?.klines ?? []) seen.add(time);
        times.set(symbol, seen);
      })
      .catch(() => undefined);
  });
  return { loaded: (symbol) => times.get(symbol)?.size ?? 0, requests: () => requests };
}

const chartFrames = (page: Page): Locator => page.getByTestId('layout-chart');
const wheelTargetOf = (frame: Locator): Locator => frame.getByTestId('main-chart').locator('.tv-lightweight-charts');

/** Scrolls every chart back in time until its symbol has `wanted` candles (older pages load at the left edge). */
async function loadHistory(page: Page, loaded: (symbol: string) => number, wanted: number, timeoutMs: number): Promise<void> {
  const giveUp = performance.now() + timeoutMs;
  for (const [index, symbol] of SYMBOLS.entries()) {
    const target = wheelTargetOf(chartFrames(page).nth(index));
    while (loaded(symbol) < wanted && performance.now() < giveUp) {
      await target.evaluate(wheelPan, { deltaX: HISTORY_WHEEL_DELTA, frames: HISTORY_WHEEL_FRAMES });
      await sleep(300);
    }
  }
}

function frameFigure(name: string, intervals: readonly number[], detail: string): Figure {
  const p95 = percentile(intervals, 95);
  return {
    group: GROUP,
    name,
    value: p95,
    unit: `ms (${String(droppedFrames(intervals))} late frames)`,
    decimals: 1,
    target: `≤ ${String(ONE_FRAME_MS)} ms`,
    pass: withinOneFrame(p95),
    samples: { frames: summarize(intervals) },
    details: [detail],
  };
}

/**
 * Double-clicks each chart's time axis (lightweight-charts then restores the default bar spacing
 * at the latest candle), the first chart last so it is the active one again: after scrolling back
 * for history every chart shows the present, as a live layout does, and shares its moments.
 */
async function backToPresent(page: Page): Promise<void> {
  for (let index = SYMBOLS.length - 1; index >= 0; index--) {
    const box = await wheelTargetOf(chartFrames(page).nth(index)).boundingBox();
    if (!box) throw new Error(`chart ${String(index + 1)} has no box`);
    await page.mouse.dblclick(box.x + box.width / 2, box.y + box.height - TIME_AXIS_INSET_PX);
  }
  await page.mouse.move(0, 0);
}

/** The time each chart's legend shows (null: none). */
function legendTimes(page: Page): Promise<(string | null)[]> {
  return Promise.all(
    SYMBOLS.map((_, index) =>
      chartFrames(page)
        .nth(index)
        .getByTestId('chart-legend')
        .locator('dd')
        .first()
        .textContent({ timeout: 1_000 })
        .catch(() => null),
    ),
  );
}

/** Sweeps the pointer across the first chart, right to left, one move at a time: the frame intervals meanwhile. */
async function sweepFrames(page: Page): Promise<{ intervals: number[]; ms: number }> {
  const box = await chartFrames(page).first().getByTestId('main-chart').boundingBox();
  if (!box) throw new Error('the first chart has no box');
  const y = box.y + box.height * 0.3;
  const x = (i: number) => box.x + box.width * (0.85 - (0.55 * i) / CROSSHAIR_MOVES);
  await page.mouse.move(x(0), y);
  await sleep(200);
  await page.evaluate(startFrameLog);
  const started = performance.now();
  for (let i = 1; i <= CROSSHAIR_MOVES; i++) await page.mouse.move(x(i), y);
  const intervals = await page.evaluate(stopFrameLog);
  return { intervals, ms: performance.now() - started };
}

/**
 * The sweep on the app, and how many other legends show the first chart's time at the end (a time
 * other than the one it showed before, so the latest candle shown everywhere does not count).
 */
async function crosshairSweep(page: Page): Promise<{ intervals: number[]; moves: number; legendsFollowed: number; ms: number }> {
  const [shownBefore] = await legendTimes(page);
  const { intervals, ms } = await sweepFrames(page);
  const [leader, ...followers] = await legendTimes(page);
  const legendsFollowed = leader === shownBefore ? 0 : followers.filter((time) => time !== null && time === leader).length;
  return { intervals, moves: CROSSHAIR_MOVES, legendsFollowed, ms };
}

interface BareFrames {
  pan: number[];
  sweep: number[];
}

/** The same pan and sweep on four bare charts of the same candles and series (bench/pages/bare-layout.ts). */
export async function bareLayoutFrames(ctx: BrowserBenchContext): Promise<BareFrames> {
  const { page, context } = await ctx.freshPage();
  try {
    await page.goto(`${ctx.baseUrl}/bench/pages/bare-layout.html?symbols=${SYMBOLS.join(',')}&interval=${INTERVAL}&count=${String(CANDLES_WANTED)}`);
    await page.waitForFunction(() => window.chartroomBareLayoutReady === true, undefined, { timeout: HISTORY_TIMEOUT_MS });
    const pan = await wheelTargetOf(chartFrames(page).first()).evaluate(wheelPan, { deltaX: PAN_WHEEL_DELTA, frames: PAN_FRAMES, turnEvery: PAN_TURN });
    const { intervals } = await sweepFrames(page);
    await page.screenshot({ path: `${ctx.resultsDir}layout-2x2-bare.png` });
    return { pan, sweep: intervals };
  } finally {
    await context.close();
  }
}

function requestFigures(counted: readonly LiveFigure[]): Figure[] {
  return (['refused', 'up'] as const).map((socket): Figure => {
    const [single, layout] = [0, 2].map((offset) => counted[(socket === 'refused' ? 0 : 1) + offset]);
    if (!single || !layout) throw new Error('a request run is missing');
    const budget = layoutRequestBudget(socket, single.value, layout.value);
    return {
      group: REQUEST_GROUP,
      name: `2 × 2 layout, ${socket === 'up' ? 'WebSocket up' : 'HTTP polling (socket refused)'}`,
      ...budget,
      decimals: socket === 'up' ? 1 : 2,
      details: [`one chart: ${single.details?.join('; ') ?? ''}`, `2 × 2: ${layout.details?.join('; ') ?? ''}`],
    };
  });
}

export async function layoutFigures(ctx: BrowserBenchContext): Promise<Figure[]> {
  const preferences = threeIndicators();
  // Order matters to requestFigures: one chart refused, up; the layout refused, up.
  const specs: RequestRunSpec[] = [
    { screen: 'one chart', path: SINGLE_PATH, socket: 'refused', preferences },
    { screen: 'one chart', path: SINGLE_PATH, socket: 'up', preferences },
    { screen: '2 × 2 layout', path: LAYOUT_PATH, socket: 'refused', preferences },
    { screen: '2 × 2 layout', path: LAYOUT_PATH, socket: 'up', preferences },
  ];
  let klines: KlineLog = { loaded: () => 0, requests: () => 0 };
  const [opened, measured] = await Promise.allSettled([
    openRequestRuns(ctx, SYMBOLS, specs),
    openLivePage(ctx, {
      baseUrl: ctx.baseUrl,
      path: LAYOUT_PATH,
      watchlist: SYMBOLS,
      socket: 'up',
      preferences,
      beforeLoad: (page) => {
        klines = klineLog(page);
      },
    }),
  ]);
  if (opened.status === 'rejected' || measured.status === 'rejected') {
    await Promise.allSettled([
      ...(opened.status === 'fulfilled' ? opened.value.map(closeRun) : []),
      ...(measured.status === 'fulfilled' ? [measured.value.close()] : []),
    ]);
    throw opened.status === 'rejected' ? opened.reason : (measured as PromiseRejectedResult).reason;
  }
  const runs = opened.value;
  const live = measured.value;
  try {
    const { page } = live;
    const counting = countRequests(runs, WARM_UP_MS, COUNT_MS);
    counting.catch(() => undefined);
    await chartFrames(page)
      .nth(SYMBOLS.length - 1)
      .getByTestId('main-chart')
      .waitFor();
    const historyStarted = performance.now();
    await loadHistory(page, klines.loaded, CANDLES_WANTED, HISTORY_TIMEOUT_MS);
    const historyMs = performance.now() - historyStarted;
    const counted = await counting;
    await Promise.all(runs.map(closeRun));

    await backToPresent(page);
    const streaming = await waitForStreaming(page, LIVE_TIMEOUT_MS);
    await sleep(SETTLE_MS);
    const candles = SYMBOLS.map((symbol) => `${symbol} ${String(klines.loaded(symbol))}`).join(', ');
    const busyWindow = await traceBusyWindow(ctx, live, BUSY_WINDOW_MS, { frames: () => live.framesReceived(), klines: () => klines.requests() });

    const active = chartFrames(page).and(page.locator('[data-active="true"]'));
    const activeIndex = await chartFrames(page).evaluateAll((frames) => frames.findIndex((frame) => frame.getAttribute('data-active') === 'true'));
    const pan = await wheelTargetOf(active).evaluate(wheelPan, { deltaX: PAN_WHEEL_DELTA, frames: PAN_FRAMES, turnEvery: PAN_TURN });
    const sweep = await crosshairSweep(page);
    await page.screenshot({ path: `${ctx.resultsDir}layout-2x2.png` });
    const bare = await bareLayoutFrames(ctx);

    const setup = [
      `candles loaded (history endpoint, distinct times): ${candles} (≥ ${String(CANDLES_WANTED)} wanted; scrolling back took ${(historyMs / 1000).toFixed(1)} s)`,
      `indicators: ${JSON.stringify(threeIndicators())}; ${(((busyWindow.counted.frames ?? 0) * 1000) / busyWindow.elapsedMs).toFixed(1)} WebSocket frames/s${streaming ? '' : '; status never said streaming'}`,
      `K-line requests in the ${String(BUSY_WINDOW_MS / 1000)} s window (the charts' minute roll): ${String(busyWindow.counted.klines ?? 0)}`,
    ];
    return [
      ...busyFigures(GROUP, busyWindow, setup),
      frameFigure(
        `pan frame interval p95 over ${String(pan.length)} frames, active chart (chart ${String(activeIndex + 1)})`,
        pan,
        `wheel pan, ${String(PAN_WHEEL_DELTA)} px a frame, turning every ${String(PAN_TURN)} frames`,
      ),
      frameFigure(
        `crosshair sync frame interval p95 over ${String(sweep.intervals.length)} frames`,
        sweep.intervals,
        `${String(sweep.moves)} pointer moves over chart 1 in ${(sweep.ms / 1000).toFixed(1)} s; other charts whose legend shows chart 1's time at the end: ${String(sweep.legendsFollowed)} of ${String(SYMBOLS.length - 1)}`,
      ),
      frameRatioFigure(GROUP, 'pan frame interval p95, active chart', pan, bare.pan, 'bare layout'),
      frameRatioFigure(GROUP, 'crosshair sync frame interval p95', sweep.intervals, bare.sweep, 'bare layout'),
      ...requestFigures(counted),
    ];
  } finally {
    await Promise.allSettled([...runs.map(closeRun), live.close()]);
  }
}
