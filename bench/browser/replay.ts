/**
 * Bar replay (issue 35): a 2 × 2 layout of 700.HK (1m, 5m, 1h, 1d), five indicators on every
 * chart, replayed at the fastest speed (ten 1-minute bars a second) through a whole HK trading
 * day of the bench's last week, on a server of its own so its upstream requests are the replay's:
 *
 *   first replay   played from the open: the frame intervals (p95, late frames) and a traced
 *                  window (longest task, busy share) while it plays; then on to the close, and the
 *                  upstream requests the whole day cost, by endpoint
 *   second replay  the same day in a fresh browser context (nothing cached in the page), played to
 *                  the close: the K-line requests it cost upstream. Completed windows come from
 *                  the server's window cache; the recent window (today's forming bar) is never
 *                  kept, and reference data is fresh there for a minute only (see costFigure).
 */
import type { Page } from 'playwright-core';
import type { Preferences } from '../../src/store/preferences-slice.ts';
import { startServer, type RunningServer } from '../../e2e/start-server.ts';
import { percentile, summarize, type Figure } from '../figure.ts';
import { startFrameLog, stopFrameLog } from '../pages/frames.ts';
import { SIM_NOW, type BrowserBenchContext } from './context.ts';
import { droppedFrames, FRAME_RATIO_TARGET, frameRatioFigure, ONE_FRAME_MS, withinOneFrame } from './frame-budget.ts';
import { busyFigures, traceBusyWindow, type BusyWindow } from './live-busy.ts';
import { describeCounts, scrapeMetrics, sum, upstreamDelta } from './live-metrics.ts';
import { openLivePage, sleep, type LivePage } from './live-page.ts';

const SYMBOL = '700.HK';
const INTERVALS = ['1m', '5m', '1h', '1d'] as const;
/** Tuesday of the bench's week (SIM_NOW is Wednesday 2026-11-25): HK opens 09:30 and closes 16:00 (UTC+8). */
const DAY_OPEN = Date.UTC(2026, 10, 24, 1, 30);
const DAY_CLOSE = Date.UTC(2026, 10, 24, 8, 0);
/** The fastest speed the controls offer: ten 1-minute bars a second. */
const FASTEST = '10b';
const REPLAY_PATH = `/?symbol=${SYMBOL}&interval=1m&layout=4&charts=${INTERVALS.map((interval) => `${SYMBOL}~${interval}~none`).join(',')}&active=0&replay=${String(DAY_OPEN)}~${String(DAY_OPEN)}~${FASTEST}`;
const SETTLE_MS = 3_000;
const FRAME_WINDOW_MS = 8_000;
const TRACE_WINDOW_MS = 8_000;
/** A day of 390 clock minutes at ten a second is 39 s; the margin is for a loaded machine. */
const TO_CLOSE_TIMEOUT_MS = 120_000;
const GROUP = `browser: bar replay at ten bars a second, 2 × 2 layout (${SYMBOL} ${INTERVALS.join(', ')}), five indicators`;
const COST_GROUP = `browser: bar replay, upstream requests of a replayed ${SYMBOL} day (2 × 2 layout), counted by the server`;

/** Five indicators on every chart: two averages and bands over the price, MACD and RSI in panes. */
function fiveIndicators(): Partial<Preferences> {
  return {
    indicators: [
      { id: 'sma-1', kind: 'sma', params: { period: 20 } },
      { id: 'ema-1', kind: 'ema', params: { period: 50 } },
      { id: 'bollinger-1', kind: 'bollinger', params: { period: 20, k: 2 } },
      { id: 'macd-1', kind: 'macd', params: { fast: 12, slow: 26, signal: 9 } },
      { id: 'rsi-1', kind: 'rsi', params: { period: 14 } },
    ],
  };
}

/** The replay clock's instant, from the controls. */
async function replayInstant(page: Page): Promise<number> {
  return Number(await page.getByTestId('replay-controls').getAttribute('data-instant', { timeout: 5_000 }));
}

/** Opens the replay link on `server` in a fresh context, every chart drawn, and starts it playing. */
async function openPlaying(ctx: BrowserBenchContext, server: RunningServer): Promise<LivePage> {
  const live = await openLivePage(ctx, { baseUrl: server.url, path: REPLAY_PATH, watchlist: [SYMBOL], socket: 'up', preferences: fiveIndicators() });
  const { page } = live;
  await page.getByTestId('replay-controls').waitFor({ timeout: 30_000 });
  await page
    .getByTestId('layout-chart')
    .nth(INTERVALS.length - 1)
    .getByTestId('chart-legend')
    .waitFor({ timeout: 30_000 });
  await sleep(SETTLE_MS);
  await page.mouse.move(1, 1);
  await page.getByTestId('replay-play').click();
  return live;
}

/** Waits until the replay has passed the day's close (or the timeout); the instant reached. */
async function playToClose(page: Page): Promise<number> {
  const giveUp = performance.now() + TO_CLOSE_TIMEOUT_MS;
  let at = await replayInstant(page);
  while (at < DAY_CLOSE && performance.now() < giveUp) {
    await sleep(1_000);
    at = await replayInstant(page);
  }
  return at;
}

const clockText = (ms: number): string => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');

/** The K-line windows a replay reads: what the server's window cache keeps for good once complete. */
const WINDOWS_ENDPOINT = '/v1/market/kline';

/**
 * A replay's cost: the figure is its K-line requests, the detail every endpoint (reference data is
 * fresh on the server for a minute, the ticker for a second). Not judged: completed windows come
 * from the server's window cache, but the recent window (the one holding today's forming bar, which
 * a 1d chart of last week reads) is never kept, so a second replay may ask for it again.
 */
function costFigure(name: string, counted: Record<string, number>, reached: number): Figure {
  const windows = counted[WINDOWS_ENDPOINT] ?? 0;
  return {
    group: COST_GROUP,
    name,
    value: windows,
    unit: `K-line requests (${String(sum(counted))} upstream requests in all)`,
    decimals: 0,
    details: [`${describeCounts(counted) || 'none'}; replay reached ${clockText(reached)} UTC (close ${clockText(DAY_CLOSE)})`],
  };
}

/**
 * The busy share's target (15 %) is a live screen's at rest; a replay at its fastest speed is meant
 * to keep the thread working: shown without it. The longest task keeps its 50 ms.
 */
function withoutIdleTarget(figure: Figure): Figure {
  if (!figure.name.startsWith('main-thread busy share')) return figure;
  const { target: _target, pass: _pass, ...shown } = figure;
  return shown;
}

/**
 * The longest task judged against the bare replay's in the same run: on this kind of machine the
 * bare charts alone pass 50 ms in some windows (68.8 ms measured), and the figure moves 2× run to run.
 */
function longestTaskRatio(app: BusyWindow, bare: BusyWindow): Figure {
  const ratio = app.busy.longestTaskMs / bare.busy.longestTaskMs;
  return {
    group: GROUP,
    name: 'longest main-thread task, app ÷ bare replay',
    value: ratio,
    unit: `× (${app.busy.longestTaskMs.toFixed(1)} / ${bare.busy.longestTaskMs.toFixed(1)} ms)`,
    decimals: 2,
    target: `≤ ${String(FRAME_RATIO_TARGET)}×`,
    pass: ratio <= FRAME_RATIO_TARGET,
  };
}

/** Ten bars a second, as FASTEST. */
const BARS_PER_SECOND = 10;
/**
 * History candles each bare chart holds before the day: the least window the app hands the
 * library (chart-window.ts, WINDOW_BARS), since each update costs in proportion to what it holds.
 */
const BARE_HISTORY = 500;

interface BareReplay {
  intervals: number[];
  busy: BusyWindow;
}

/**
 * The same day stepped at the same speed on four bare charts of the same intervals, candles and
 * indicator series (bench/pages/bare-replay.ts): the frame intervals over the same window, then a
 * traced window of the same length (its longest task).
 */
async function bareReplay(ctx: BrowserBenchContext, server: RunningServer, cell: ChartBox): Promise<BareReplay> {
  const { page, context } = await ctx.freshPage();
  try {
    const query = new URLSearchParams({
      symbol: SYMBOL,
      intervals: INTERVALS.join(','),
      open: String(DAY_OPEN),
      close: String(DAY_CLOSE),
      count: String(BARE_HISTORY),
      width: String(Math.round(cell.width)),
      height: String(Math.round(cell.height)),
    });
    await page.goto(`${server.url}/bench/pages/bare-replay.html?${query.toString()}`);
    await page.waitForFunction(() => window.chartroomBareReplay?.ready === true, undefined, { timeout: 30_000 });
    await sleep(SETTLE_MS);
    await page.evaluate((perSecond) => {
      window.chartroomBareReplay?.play(perSecond);
    }, BARS_PER_SECOND);
    await sleep(1_000);
    await page.evaluate(startFrameLog);
    await sleep(FRAME_WINDOW_MS);
    const intervals = await page.evaluate(stopFrameLog);
    const busy = await traceBusyWindow(ctx, { page, cdp: await context.newCDPSession(page) }, TRACE_WINDOW_MS, {});
    await page.screenshot({ path: `${ctx.resultsDir}replay-2x2-bare.png` });
    return { intervals, busy };
  } finally {
    await context.close();
  }
}

interface ChartBox {
  width: number;
  height: number;
}

/** The size of the app's first chart (the bare charts are drawn at it). */
async function chartBox(page: Page): Promise<ChartBox> {
  const box = await page.getByTestId('layout-chart').first().getByTestId('main-chart').boundingBox();
  if (!box) throw new Error('the first chart has no box');
  return { width: box.width, height: box.height };
}

/** The first replay: frames and a traced window while it plays, then its day's cost. */
async function firstReplay(ctx: BrowserBenchContext, server: RunningServer): Promise<Figure[]> {
  const before = await scrapeMetrics(server.url);
  const live = await openPlaying(ctx, server);
  try {
    const { page } = live;
    await sleep(1_000);
    await page.evaluate(startFrameLog);
    await sleep(FRAME_WINDOW_MS);
    const intervals = await page.evaluate(stopFrameLog);
    const busy = await traceBusyWindow(ctx, live, TRACE_WINDOW_MS, {});
    const traced = `played ${clockText(await replayInstant(page))} UTC at the window's end`;
    await page.screenshot({ path: `${ctx.resultsDir}replay-2x2.png` });
    const cell = await chartBox(page);
    const reached = await playToClose(page);
    const counted = upstreamDelta(before, await scrapeMetrics(server.url));
    const bare = await bareReplay(ctx, server, cell);
    const p95 = percentile(intervals, 95);
    return [
      {
        group: GROUP,
        name: 'frame interval p95 while playing',
        value: p95,
        unit: `ms (${String(droppedFrames(intervals))} late frames of ${String(intervals.length)})`,
        decimals: 1,
        target: `≤ ${String(ONE_FRAME_MS)} ms`,
        pass: withinOneFrame(p95),
        samples: { frames: summarize(intervals) },
        details: [`${String(FRAME_WINDOW_MS / 1000)} s of frames from 1 s after Play`],
      },
      frameRatioFigure(
        GROUP,
        'frame interval p95 while playing',
        intervals,
        bare.intervals,
        `bare replay (four bare ${String(Math.round(cell.width))} × ${String(Math.round(cell.height))} charts stepped alike)`,
      ),
      ...busyFigures(GROUP, busy, [traced]).map(withoutIdleTarget),
      longestTaskRatio(busy, bare.busy),
      costFigure('first replay of the day (from the open to the close)', counted, reached),
    ];
  } finally {
    await live.close();
  }
}

/** The same day again in a fresh page: what it costs upstream. */
async function secondReplay(ctx: BrowserBenchContext, server: RunningServer): Promise<Figure> {
  const before = await scrapeMetrics(server.url);
  const live = await openPlaying(ctx, server);
  try {
    const reached = await playToClose(live.page);
    return costFigure(
      'second replay of the same day, fresh page (completed windows from the server’s cache)',
      upstreamDelta(before, await scrapeMetrics(server.url)),
      reached,
    );
  } finally {
    await live.close();
  }
}

export async function replayFigures(ctx: BrowserBenchContext): Promise<Figure[]> {
  const server = await startServer({ CHARTROOM_DIST: ctx.distDir, SIM_NOW, CLIENT_RATE_LIMIT: '0', WORKSPACE: 'off' });
  try {
    const first = await firstReplay(ctx, server);
    return [...first, await secondReplay(ctx, server)];
  } finally {
    await server.stop();
  }
}
