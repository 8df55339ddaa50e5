/**
 * The workspace on the server (issue #32), on a server of its own with the workspace on (the
 * other browser figures run on one without, so no figure carries another's records):
 *
 * - a large workspace (100 lists of 50 symbols, 5,000 drawings, 200 alerts) stored on the server,
 *   then a fresh browser opened on it: ms from the navigation to the sync settled with all of it;
 * - a change's round trip from one browser to another: the theme switched on one page (its click,
 *   in the page) → the other page's root element takes the theme (a MutationObserver), on one
 *   machine clock;
 * - the database's write of one change (WorkspaceStore on PGlite, in process), p99.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startServer } from '../../e2e/start-server.ts';
import { openDatabase } from '../../server/db/database.ts';
import { WorkspaceStore } from '../../server/workspace/workspace-store.ts';
import { WORKSPACE_PATH } from '../../shared/workspace-protocol.ts';
import { percentile, summarize, type Figure } from '../figure.ts';
import { EVALUATE_SHIM, SIM_NOW, VIEWPORT, type BrowserBenchContext } from './context.ts';

const GROUP = 'browser: workspace on the server';
const ROUND_TRIPS = 40;
const DB_WRITES = 300;
const SETTLED_MS = 60_000;

const symbolsOf = (list: number) => Array.from({ length: 50 }, (_, i) => `S${String(list)}X${String(i)}.US`);

/** The large workspace as records of the three stores. */
function largeWorkspace(now: number) {
  const record = (id: string, kind: string, value: unknown) => ({ id, kind, rev: 1, updatedAt: now, by: 'bench', value });
  const lists = Array.from({ length: 100 }, (_, i) => ({
    store: 'app',
    to: record(`watchlist:l${String(i)}`, 'watchlist', { name: `List ${String(i)}`, symbols: symbolsOf(i) }),
  }));
  const order = {
    store: 'app',
    to: record(
      'watchlist-order',
      'watchlist-order',
      lists.map((_, i) => `l${String(i)}`),
    ),
  };
  const drawings = Array.from({ length: 5_000 }, (_, i) => {
    const symbol = `S${String(i % 100)}X0.US`;
    const drawing = {
      id: `d-${String(i)}`,
      kind: 'trend-line',
      anchors: [
        { time: 1_780_000_000 + i * 60, price: 100 + (i % 50) },
        { time: 1_780_086_400 + i * 60, price: 120 + (i % 50) },
      ],
      style: { color: '#2962ff', width: 2, line: 'solid' },
      locked: false,
    };
    return { store: 'drawings', to: record(`drawing:${symbol}/${drawing.id}`, 'drawing', { symbol, drawing }) };
  });
  const alerts = Array.from({ length: 200 }, (_, i) => ({
    store: 'alerts',
    to: record(`alert:a-${String(i)}`, 'alert', {
      id: `a-${String(i)}`,
      symbol: 'AAPL.US',
      condition: { kind: 'cross', level: 300 + i },
      direction: 'up',
      repeat: 'once',
      cooldownMs: 0,
      sound: false,
      createdAt: now,
      status: 'armed',
      triggers: [],
    }),
  }));
  return [order, ...lists, ...drawings, ...alerts];
}

async function store(baseUrl: string, changes: readonly unknown[]): Promise<void> {
  for (let start = 0; start < changes.length; start += 1_000) {
    const response = await fetch(baseUrl + WORKSPACE_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({ changes: changes.slice(start, start + 1_000) }),
    });
    if (!response.ok) throw new Error(`seeding the workspace: HTTP ${String(response.status)} ${await response.text()}`);
  }
}

/** A fresh browser (its own context) on the workspace's server. */
async function freshPage(browser: Browser, baseUrl: string): Promise<Page> {
  const context = await browser.newContext({ viewport: VIEWPORT, serviceWorkers: 'block', baseURL: baseUrl });
  await context.addInitScript({ content: EVALUATE_SHIM });
  return context.newPage();
}

async function openSynced(browser: Browser, baseUrl: string): Promise<Page> {
  const page = await freshPage(browser, baseUrl);
  await page.goto('/?symbol=AAPL.US&interval=1d');
  await page.waitForSelector('html[data-workspace-sync="synced"]', { timeout: SETTLED_MS });
  return page;
}

async function largeLoadMs(browser: Browser, baseUrl: string): Promise<number> {
  const page = await freshPage(browser, baseUrl);
  const started = Date.now();
  await page.goto('/?symbol=AAPL.US&interval=1d');
  await page.waitForSelector('html[data-workspace-sync="synced"]', { timeout: SETTLED_MS });
  // Every record is in the stores' saved records (what a reload would start from).
  await page.waitForFunction(
    () => {
      const count = (store: string) =>
        (JSON.parse(localStorage.getItem(`chartroom.records.${store}`) ?? '{"records":[]}') as { records: unknown[] }).records.length;
      return count('drawings') >= 5_000 && count('alerts') >= 200 && document.querySelectorAll('[role="tab"]').length >= 100;
    },
    undefined,
    { timeout: SETTLED_MS, polling: 20 },
  );
  const ms = Date.now() - started;
  await page.context().close();
  return ms;
}

async function roundTrips(browser: Browser, baseUrl: string): Promise<number[]> {
  const from = await openSynced(browser, baseUrl);
  const to = await openSynced(browser, baseUrl);
  await to.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { __themeSeen: number[] }).__themeSeen = seen;
    new MutationObserver(() => seen.push(Date.now())).observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  });
  const times: number[] = [];
  for (let i = 0; i < ROUND_TRIPS; i += 1) {
    const before = await to.evaluate(() => (window as unknown as { __themeSeen: number[] }).__themeSeen.length);
    const clicked = await from.evaluate(() => {
      const button = document.querySelector<HTMLButtonElement>('button[aria-label^="Switch to"]');
      const at = Date.now();
      button?.click();
      return at;
    });
    await to.waitForFunction((count) => (window as unknown as { __themeSeen: number[] }).__themeSeen.length > count, before, { timeout: 10_000, polling: 10 });
    const seen = await to.evaluate((count) => (window as unknown as { __themeSeen: number[] }).__themeSeen[count], before);
    times.push((seen ?? clicked) - clicked);
    // Past the sync's coalescing of a burst: each switch is a change of its own.
    await from.waitForTimeout(150);
  }
  await from.context().close();
  await to.context().close();
  return times;
}

async function databaseWrites(): Promise<number[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'chartroom-bench-db-'));
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    const workspace = new WorkspaceStore(database.db);
    const times: number[] = [];
    for (let i = 0; i < DB_WRITES; i += 1) {
      const started = performance.now();
      await workspace.write('bench', [
        {
          store: 'app',
          to: {
            id: `watchlist:w${String(i % 20)}`,
            kind: 'watchlist',
            rev: i + 1,
            updatedAt: i,
            by: 'bench',
            value: { name: 'W', symbols: symbolsOf(i % 100) },
          },
        },
      ]);
      times.push(performance.now() - started);
    }
    return times;
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function workspaceSyncFigures(ctx: BrowserBenchContext): Promise<Figure[]> {
  const server = await startServer({ CHARTROOM_DIST: ctx.distDir, SIM_NOW, CLIENT_RATE_LIMIT: '0' });
  try {
    const trips = await roundTrips(ctx.browser, server.url);
    await store(server.url, largeWorkspace(Date.now()));
    const load = await largeLoadMs(ctx.browser, server.url);
    const writes = await databaseWrites();
    const p95 = percentile(trips, 95);
    return [
      {
        group: GROUP,
        name: 'large workspace (100 lists × 50, 5,000 drawings, 200 alerts): fresh browser to synced',
        value: load,
        unit: 'ms',
        decimals: 0,
      },
      {
        group: GROUP,
        name: `a change's round trip, one browser to another (p95 of ${String(ROUND_TRIPS)})`,
        value: p95,
        unit: 'ms',
        decimals: 0,
        target: '≤ 250 ms',
        pass: p95 <= 250,
        samples: { trips: summarize(trips) },
        details: [`median ${summarize(trips).median.toFixed(0)} ms`],
      },
      {
        group: GROUP,
        name: `database write of one change, PGlite in process (p99 of ${String(DB_WRITES)})`,
        value: percentile(writes, 99),
        unit: 'ms',
        decimals: 1,
        samples: { writes: summarize(writes) },
        details: [`median ${summarize(writes).median.toFixed(1)} ms`],
      },
    ];
  } finally {
    await server.stop();
  }
}
