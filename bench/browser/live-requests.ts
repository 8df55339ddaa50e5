/**
 * Upstream requests per minute of a screen left open, counted by the server itself
 * (`chartroom_upstream_requests_total`, delta over the window): the default screen (chart,
 * 20-symbol watchlist, sessions) and the intraday tab, each over HTTP polling (socket refused)
 * and with the WebSocket up. Every run has its own server, so all four count in the same minute.
 *
 * Each server builds its search catalogue before its page opens: that build (three pages of
 * `symbols/available`, six chunks of `stock-info`) is once a server, shared by every browser all
 * day, not a screen's cost per minute. Left to the page, it fell inside the counted minute when
 * the page asked late (a layout link's symbols are checked against it): 9 of the 15 requests the
 * 2 × 2 layout's minute counted on 2026-12-01.
 */
import { CATALOG_PATH } from '#shared/catalog.ts';
import { startServer, type RunningServer } from '../../e2e/start-server.ts';
import type { Preferences } from '../../src/store/preferences-slice.ts';
import type { Figure } from '../figure.ts';
import { SIM_NOW, type BrowserBenchContext } from './context.ts';
import { describeCounts, scrapeMetrics, sum, upstreamDelta, type MetricsSnapshot } from './live-metrics.ts';
import { openLivePage, realtimeStatus, sleep, type LivePage } from './live-page.ts';

/** A figure with what it counted per endpoint, kept in bench.json. */
export interface LiveFigure extends Figure {
  perEndpoint?: Record<string, number>;
}

export interface RequestRunSpec {
  /** What the figure's name calls the screen ('default screen', 'intraday tab', '2 × 2 layout'…). */
  screen: string;
  path: string;
  socket: 'up' | 'refused';
  preferences?: Partial<Preferences>;
}

export interface RequestRun {
  spec: RequestRunSpec;
  server: RunningServer;
  live: LivePage;
  /** performance.now() when the page had loaded. */
  loadedAt: number;
}

export const REQUEST_RUNS: readonly RequestRunSpec[] = [
  { screen: 'default screen', path: '/', socket: 'refused' },
  { screen: 'default screen', path: '/', socket: 'up' },
  { screen: 'intraday tab', path: '/?tab=intraday', socket: 'refused' },
  { screen: 'intraday tab', path: '/?tab=intraday', socket: 'up' },
];
const TARGET_PER_MINUTE = { refused: 40, up: 5 } as const;
const GROUP = 'browser: upstream requests per minute, counted by the server';

async function openRun(ctx: BrowserBenchContext, spec: RequestRunSpec, watchlist: readonly string[]): Promise<RequestRun> {
  // No workspace database: four of these start at once, and each PGlite's first open (initdb, on the
  // server's thread before it listens) took the four past the start timeout on two busy cores.
  const server = await startServer({ CHARTROOM_DIST: ctx.distDir, SIM_NOW, CLIENT_RATE_LIMIT: '0', WORKSPACE: 'off' });
  try {
    const catalog = await fetch(`${server.url}${CATALOG_PATH}`);
    if (!catalog.ok) throw new Error(`the catalogue answered ${String(catalog.status)}`);
    await catalog.arrayBuffer();
    const live = await openLivePage(ctx, {
      baseUrl: server.url,
      path: spec.path,
      watchlist,
      socket: spec.socket,
      ...(spec.preferences && { preferences: spec.preferences }),
    });
    return { spec, server, live, loadedAt: performance.now() };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** Every run's server and page, opened together (`specs`: the live figures' four screens unless given). */
export async function openRequestRuns(
  ctx: BrowserBenchContext,
  watchlist: readonly string[],
  specs: readonly RequestRunSpec[] = REQUEST_RUNS,
): Promise<RequestRun[]> {
  const opened = await Promise.allSettled(specs.map((spec) => openRun(ctx, spec, watchlist)));
  const runs = opened.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = opened.find((result) => result.status === 'rejected');
  if (failed) {
    await Promise.all(runs.map(closeRun));
    throw failed.reason;
  }
  return runs;
}

const closing = new WeakMap<RequestRun, Promise<void>>();

/** Closes the run's page and stops its server (once, however often called). */
export function closeRun(run: RequestRun): Promise<void> {
  let closed = closing.get(run);
  if (!closed) {
    closed = run.live.close().finally(() => run.server.stop());
    closing.set(run, closed);
  }
  return closed;
}

/** Counts every run's upstream requests over `windowMs`, starting `warmUpMs` after the latest load. */
export async function countRequests(runs: readonly RequestRun[], warmUpMs: number, windowMs: number): Promise<LiveFigure[]> {
  await sleep(Math.max(...runs.map((run) => run.loadedAt)) + warmUpMs - performance.now());
  const before: MetricsSnapshot[] = await Promise.all(runs.map((run) => scrapeMetrics(run.server.url)));
  const started = performance.now();
  await sleep(windowMs);
  const after = await Promise.all(runs.map((run) => scrapeMetrics(run.server.url)));
  const elapsedMs = performance.now() - started;
  const statuses = await Promise.all(runs.map((run) => realtimeStatus(run.live.page)));
  return runs.map((run, i): LiveFigure => {
    const counted = upstreamDelta(before[i] as MetricsSnapshot, after[i] as MetricsSnapshot);
    const perMinute = (sum(counted) * 60_000) / elapsedMs;
    const target = TARGET_PER_MINUTE[run.spec.socket];
    return {
      group: GROUP,
      name: `${run.spec.screen}, ${run.spec.socket === 'up' ? 'WebSocket up' : 'HTTP polling (socket refused)'}`,
      value: perMinute,
      unit: '/min',
      decimals: 1,
      target: `≤ ${String(target)}`,
      pass: perMinute <= target,
      perEndpoint: counted,
      details: [`${describeCounts(counted)} in ${(elapsedMs / 1000).toFixed(1)} s; status bar: "${statuses[i] ?? ''}"`],
    };
  });
}
