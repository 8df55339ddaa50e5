/**
 * The dashboard on the realtime socket (real server relay + simulator): prices tick without HTTP
 * ticker polling, a dropped socket comes back with the same subscriptions, and navigation leaves
 * no stale subscriptions behind.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { dropRealtime, getRealtime, resetSimulator, type RealtimeChannelName, type SimRealtimeConnection } from './sim-control.ts';

test.beforeEach(async ({ request }) => {
  await resetSimulator(request);
});

/** '00700.hk' and '700.HK' are one symbol. */
function normalize(symbol: string): string {
  const upper = symbol.trim().toUpperCase();
  return upper.replace(/^0+(\d+\.HK)$/, '$1');
}

function sortedSet(symbols: Iterable<string>): string[] {
  return [...new Set([...symbols].map(normalize))].sort();
}

function subscriptionsOf(connection: SimRealtimeConnection): Record<RealtimeChannelName, string[]> {
  return {
    ticker: sortedSet(connection.subscriptions.ticker),
    depth: sortedSet(connection.subscriptions.depth),
    trade: sortedSet(connection.subscriptions.trade),
  };
}

async function expectStreaming(page: Page): Promise<void> {
  await expect(page.getByTestId('status-realtime')).toHaveText('Live: streaming', { timeout: 15_000 });
}

/** The one realtime connection the simulator holds (the page's). */
async function pageConnection(request: Parameters<typeof getRealtime>[0]): Promise<SimRealtimeConnection> {
  let connections: SimRealtimeConnection[] = [];
  await expect
    .poll(async () => {
      connections = (await getRealtime(request)).connections;
      return connections.length;
    })
    .toBe(1);
  const [connection] = connections;
  if (!connection) throw new Error('no realtime connection');
  return connection;
}

async function onScreen(page: Page): Promise<Record<RealtimeChannelName, string[]>> {
  const rows = await page.getByTestId('watchlist-row').evaluateAll((elements) => elements.map((element) => element.getAttribute('data-symbol') ?? ''));
  const chartSymbol = new URL(page.url()).searchParams.get('symbol');
  if (!chartSymbol) throw new Error(`no symbol in ${page.url()}`);
  return { ticker: sortedSet([...rows, chartSymbol]), depth: [], trade: [] };
}

/**
 * Waits until the page is settled on the socket: the watchlist shows prices (its rows render after
 * the chart's first candle, each with one HTTP snapshot) and the simulator holds exactly what is on
 * screen. Returns that connection.
 */
async function settledOnScreen(page: Page, request: Parameters<typeof getRealtime>[0]): Promise<SimRealtimeConnection> {
  await expectStreaming(page);
  await expect(page.getByTestId('watchlist-last').first()).toHaveText(/\d/, { timeout: 15_000 });
  const expected = await onScreen(page);
  await expect.poll(async () => subscriptionsOf(await pageConnection(request)), { timeout: 10_000 }).toEqual(expected);
  await page.waitForLoadState('networkidle');
  return pageConnection(request);
}

test('prices tick on screen over the socket with no HTTP ticker request while it is up', async ({ page, request }) => {
  let tickerRequests = 0;
  let counting = false;
  page.on('request', (sent) => {
    if (counting && new URL(sent.url()).pathname === '/v1/market/ticker') tickerRequests += 1;
  });
  await page.goto('/');
  // Each row's one HTTP snapshot (name, previous close) is made by now; from here, only pushes.
  await settledOnScreen(page, request);
  counting = true;

  const prices = page.getByTestId('watchlist-last');
  await expect(prices.first()).toHaveText(/\d/);
  // Per row, the prices it showed; some row must change at least twice (three distinct prices).
  const seen: Set<string>[] = [];
  const started = Date.now();
  while (Date.now() - started < 30_000) {
    (await prices.allTextContents()).forEach((text, row) => (seen[row] ??= new Set()).add(text));
    await page.waitForTimeout(250);
  }
  const changes = seen.map((texts) => texts.size - 1);
  expect(Math.max(...changes), `price changes per row: ${changes.join(', ')}`).toBeGreaterThanOrEqual(2);
  await expect(page.getByTestId('status-realtime')).toHaveText('Live: streaming');
  expect(tickerRequests).toBe(0);
});

test('after the simulator drops every socket the dashboard is back within 5 s with the same subscriptions', async ({ page, request }) => {
  await page.goto('/');
  const before = await settledOnScreen(page, request);
  expect(before.subscriptions.ticker.length).toBeGreaterThan(0);

  expect(await dropRealtime(request)).toBe(1);
  await expect
    .poll(
      async () => {
        const { connections } = await getRealtime(request);
        return connections.map((connection) => ({ renewed: connection.id !== before.id, subscriptions: subscriptionsOf(connection) }));
      },
      { timeout: 5_000, intervals: [100] },
    )
    .toEqual([{ renewed: true, subscriptions: subscriptionsOf(before) }]);
  await expectStreaming(page);
});

test('navigating between symbols and lists leaves exactly what is on screen subscribed', async ({ page, request }) => {
  await page.goto('/');
  await expectStreaming(page);
  const rows = page.getByTestId('watchlist-row');

  for (const list of ['Hong Kong', 'FX, metals, crypto', 'US tech']) {
    await page.getByRole('tab', { name: list }).click();
    // The list's own rows (the previous list's stay visible until it renders).
    await expect(page.getByRole('list', { name: `Symbols in ${list}` })).toBeVisible();
    for (const index of [1, 2]) {
      await rows.nth(index).getByRole('button').first().click();
      const symbol = await rows.nth(index).getAttribute('data-symbol');
      await expect(page).toHaveURL(new RegExp(`symbol=${encodeURIComponent(symbol ?? '').replace(/\./g, '\\.')}`));
    }
  }
  await page.getByRole('tab', { name: 'A-shares' }).click();
  await expect(rows.first()).toHaveAttribute('data-symbol', /\.(SH|SZ)$/);

  const expected = await onScreen(page);
  await expect.poll(async () => subscriptionsOf(await pageConnection(request)), { timeout: 5_000 }).toEqual(expected);
  await expectStreaming(page);
});
