/**
 * Trades and the chart on the realtime channel, against the real server and simulator: a refused
 * trade channel falls back to HTTP polling (and the tab says so); an accepted one shows pushed
 * trades with no polling; the chart's forming candle moves with ticker pushes between K-line
 * reconciles. Request counts come from the browser (page.on('request')); no wall-clock asserts.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';

const TRADES_PATH = '/v1/market/trades';
const LATEST_PATH = '/v1/market/kline/latest';
const NOTICE = 'Live trades unavailable (4004 Trade subscriptions temporarily unavailable) — polling every 3 s';

interface RealtimeSettings {
  refuse: { depth: boolean; trade: boolean };
  [setting: string]: unknown;
}

async function realtimeSettings(request: APIRequestContext): Promise<RealtimeSettings> {
  const response = await request.get('/__sim/realtime');
  if (!response.ok()) throw new Error(`realtime: ${String(response.status())} ${await response.text()}`);
  return ((await response.json()) as { settings: RealtimeSettings }).settings;
}

async function setRealtime(request: APIRequestContext, settings: Partial<RealtimeSettings>): Promise<void> {
  const response = await request.post('/__sim/realtime', { data: settings });
  if (!response.ok()) throw new Error(`realtime: ${String(response.status())} ${await response.text()}`);
}

/** Paths the page requested, as they happen. */
function recordRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    paths.push(new URL(request.url()).pathname);
  });
  return paths;
}

const count = (paths: readonly string[], path: string) => paths.filter((entry) => entry === path).length;

/** The full time (title) of the newest trade on the tape. */
async function newestTrade(page: Page): Promise<string | null> {
  return page.getByTestId('trade-row').first().locator('time').getAttribute('title');
}

let original: RealtimeSettings | undefined;

test.beforeEach(async ({ request }) => {
  original = await realtimeSettings(request);
});

test.afterEach(async ({ request }) => {
  if (original) await setRealtime(request, { refuse: original.refuse });
});

test('trade channel refused: the tab polls /v1/market/trades every 3 s and says so', async ({ page, request }) => {
  await setRealtime(request, { refuse: { depth: original?.refuse.depth ?? false, trade: true } });
  const paths = recordRequests(page);
  await page.goto('/?symbol=TSLA.US&interval=1d&tab=trades');

  const notice = page.getByRole('status').filter({ hasText: 'Live trades unavailable' });
  await expect(notice).toHaveText(NOTICE, { timeout: 15_000 });
  await expect(page.getByTestId('trade-row').first()).toBeVisible();
  const before = count(paths, TRADES_PATH);
  // Polling every 3 s: at least two more requests within ~9 s (no exact timing asserted).
  await expect.poll(() => count(paths, TRADES_PATH) - before, { timeout: 12_000 }).toBeGreaterThanOrEqual(2);
  await expect(notice).toHaveText(NOTICE);
});

test('trade channel accepted: the chart candle moves with pushes; pushed trades on the tape, no /v1/market/trades polling', async ({ page, request }) => {
  // The simulator trades a stock every few seconds on average, with gaps of up to ~40 s.
  test.setTimeout(150_000);
  await setRealtime(request, { refuse: { depth: original?.refuse.depth ?? false, trade: false } });
  const paths = recordRequests(page);

  // The chart (1d: the latest K-line is reconciled once a minute): the last candle follows ticker pushes.
  await page.goto('/?symbol=TSLA.US&interval=1d&tab=chart');
  const legend = page.getByTestId('chart-legend');
  await expect(legend).toContainText('C', { timeout: 15_000 });
  await expect(page.getByTestId('status-realtime')).toHaveText(/streaming/, { timeout: 15_000 });
  const latestBefore = count(paths, LATEST_PATH);
  const seen = new Set([await legend.textContent()]);
  await expect
    .poll(
      async () => {
        seen.add(await legend.textContent());
        return seen.size;
      },
      { timeout: 60_000, intervals: [250] },
    )
    .toBeGreaterThanOrEqual(3);
  // Two moves of the last candle with at most one K-line reconcile in between: pushes moved it.
  expect(count(paths, LATEST_PATH) - latestBefore).toBeLessThanOrEqual(1);

  // The trades tab: the HTTP snapshot, then pushes only.
  await page.getByRole('tab', { name: 'Trades' }).click();
  await expect(page.getByTestId('trade-row').first()).toBeVisible({ timeout: 15_000 });
  await expect
    .poll(async () => JSON.stringify(((await (await request.get('/__sim/realtime')).json()) as { connections: { subscriptions: unknown }[] }).connections), {
      timeout: 15_000,
    })
    .toMatch(/"trade":\["TSLA\.US"\]/);
  await expect(page.getByRole('status').filter({ hasText: 'Live trades unavailable' })).toHaveCount(0);
  const snapshots = count(paths, TRADES_PATH);
  // The snapshot (a poll may have started before the subscription was acknowledged).
  expect(snapshots).toBeLessThanOrEqual(2);
  const first = await newestTrade(page);
  const watched = Date.now();
  await expect.poll(() => newestTrade(page), { timeout: 60_000, intervals: [500] }).not.toBe(first);
  await page.waitForTimeout(Math.max(0, 15_000 - (Date.now() - watched)));
  // 15 s and more since the snapshot, a pushed trade on top, and still that one HTTP request.
  expect(count(paths, TRADES_PATH)).toBe(snapshots);
  expect(await page.getByTestId('trade-row').count()).toBeLessThanOrEqual(100);
});
