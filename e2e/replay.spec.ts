/**
 * Bar replay (issue 35 §1), against the real server and its simulator: 700.HK on 1h from a HK
 * morning of the last week, started from the chart's menu at a date and time, played fast on
 * 1-minute bars: the forming hour candle (the legend's O H L C with the crosshair away) changes
 * several times before the hour completes. One bar back and forward move the replay's instant; the
 * URL names the replay at its position and a new page reopens it there, with the same candle; back
 * to live leaves no query of the replay in the page's cache and the live price on the chart.
 */
import type { Page } from '@playwright/test';
import { chartLoaded } from './chart-csv.ts';
import { expect, test } from './fixtures.ts';
import { DEFAULT_SIM_NOW, resetSimulator, setClock } from './sim-control.ts';

const SHOTS = '/tmp/pw-replay/shots';
/** Monday of the simulator's week, 09:30 in Hong Kong: the session's first hour bar opens. */
const START = Date.parse('2026-11-23T09:30:00+08:00');
const HOUR_END = Date.parse('2026-11-23T10:30:00+08:00');

test.beforeEach(async ({ request }) => {
  await resetSimulator(request);
  // Frozen: the live side stays put while the replay is compared with it.
  await setClock(request, DEFAULT_SIM_NOW, true);
});
test.afterEach(async ({ request }) => {
  await resetSimulator(request);
});

/** The legend's OHLC with the crosshair away: the forming candle's. */
async function formingText(page: Page): Promise<string> {
  const text = (await page.getByTestId('chart-legend').textContent()) ?? '';
  const match = /O\s*[\d,.]+.*?H\s*[\d,.]+.*?L\s*[\d,.]+.*?C\s*[\d,.]+/.exec(text);
  return match?.[0] ?? '';
}

/** What a page showed on its way to a replay (recorded from its first script on). */
interface ReplaySeen {
  early: boolean;
  shellQuote: boolean;
  prices: string[];
}

async function replayInstant(page: Page): Promise<number> {
  return Number(await page.getByTestId('replay-controls').getAttribute('data-instant'));
}

/**
 * Query keys in the page's TanStack cache, found through React's fibers from #root (the
 * QueryClientProvider's `client`): the journey reads the cache without the app exposing it.
 */
async function cachedKeys(page: Page): Promise<unknown[][]> {
  return page.evaluate(() => {
    const root = document.getElementById('root') as (HTMLElement & Record<string, unknown>) | null;
    const key = root ? Object.keys(root).find((name) => name.startsWith('__reactContainer$')) : undefined;
    type Fiber = {
      child: Fiber | null;
      sibling: Fiber | null;
      memoizedProps?: { client?: { getQueryCache?: () => { getAll: () => { queryKey: unknown[] }[] } } };
    };
    const stack: Fiber[] = [];
    const first = key && root ? (root[key] as Fiber | undefined) : undefined;
    if (first) stack.push(first);
    while (stack.length > 0) {
      const fiber = stack.pop() as Fiber;
      const cache = fiber.memoizedProps?.client?.getQueryCache?.();
      if (cache) return cache.getAll().map((query) => query.queryKey);
      if (fiber.sibling) stack.push(fiber.sibling);
      if (fiber.child) stack.push(fiber.child);
    }
    throw new Error('no query client in the tree');
  });
}

const isReplayKey = (key: unknown[]) => typeof key[2] === 'object' && key[2] !== null && (key[2] as { kind?: string }).kind === 'replay';

test('replay 700.HK 1h from a morning: the hour candle forms, steps, reopens from the URL, back to live', async ({ page, context }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/?symbol=700.HK&interval=1h&tab=chart');
  await chartLoaded(page);
  const livePrice = (await page.getByTestId('header-last-price').textContent()) ?? '';

  // Started from the chart's menu (right click), at a date and time typed in the browser's zone at
  // once after the click, at a typist's pace, as a trader writes it (slashes): it replaces the
  // candle's time the field opens with, and Enter starts.
  const chart = page.getByTestId('main-chart');
  const box = await chart.boundingBox();
  if (!box) throw new Error('no chart');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2, { button: 'right' });
  await page.getByRole('menuitem', { name: 'Replay from a date…' }).click();
  const local = await page.evaluate((at) => new Date(at - new Date(at).getTimezoneOffset() * 60_000).toISOString().slice(0, 16), START);
  await page.keyboard.type(local.replaceAll('-', '/').replace('T', ' '), { delay: 40 });
  await page.keyboard.press('Enter');
  const controls = page.getByTestId('replay-controls');
  await expect(controls).toBeVisible({ timeout: 20_000 });
  await expect(controls).toHaveAttribute('data-instant', String(START));
  await expect(page).toHaveURL(new RegExp(`replay=${String(START)}~${String(START)}`));
  await expect(page.getByTestId('chart-legend')).toContainText(/C\s*[\d,.]+/);

  // Fast: ten 1-minute bars a second. The forming hour candle is read as it grows.
  await page.getByTestId('replay-speed').selectOption('10');
  await page.mouse.move(1, 1);
  await page.getByTestId('replay-play').click();
  const seen = new Set<string>();
  for (let i = 0; i < 80; i++) {
    const at = await replayInstant(page);
    if (at >= HOUR_END - 6 * 60_000) break;
    const text = await formingText(page);
    if (text !== '' && at > START) seen.add(text);
    await page.waitForTimeout(150);
  }
  await page.getByTestId('replay-play').click();
  await expect(controls).toHaveAttribute('data-playing', 'false');
  expect(seen.size, `forming candles seen: ${[...seen].join(' | ')}`).toBeGreaterThanOrEqual(3);
  const paused = await replayInstant(page);
  expect(paused).toBeGreaterThan(START);
  // Paused a few bars later at most: still on the morning.
  expect(paused).toBeLessThan(HOUR_END + 30 * 60_000);
  await page.screenshot({ path: `${SHOTS}/replay-forming.png` });

  // One bar back, one forward (the chart's interval: 1h).
  await page.getByTestId('replay-step-back').click();
  const back = await replayInstant(page);
  expect(back).toBeLessThan(paused);
  await page.getByTestId('replay-step-forward').click();
  await expect.poll(() => replayInstant(page)).toBeGreaterThan(back);
  const position = await replayInstant(page);
  await expect(page).toHaveURL(new RegExp(`replay=${String(START)}~${String(position)}`));
  await page.mouse.move(1, 1);
  await expect.poll(() => formingText(page)).not.toBe('');
  await page.waitForTimeout(500);
  const candleHere = await formingText(page);
  await page.screenshot({ path: `${SHOTS}/replay-stepped.png` });

  // The URL reopens the replay at its position, in a new page.
  const url = page.url();
  const other = await context.newPage();
  await other.setViewportSize({ width: 1400, height: 900 });
  // Everything the new page shows on its way: no live chart or live price before the replay's.
  await other.addInitScript(() => {
    const seen: ReplaySeen = { early: false, shellQuote: false, prices: [] };
    (window as unknown as { replaySeen: ReplaySeen }).replaySeen = seen;
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="early-chart"]')) seen.early = true;
      if (document.querySelector('[data-testid="shell-quote"]')) seen.shellQuote = true;
      const price = document.querySelector('[data-testid="header-last-price"]')?.textContent;
      if (price && seen.prices.at(-1) !== price) seen.prices.push(price);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await other.goto(url);
  await chartLoaded(other);
  await expect(other.getByTestId('replay-controls')).toHaveAttribute('data-instant', String(position), { timeout: 20_000 });
  await other.mouse.move(1, 1);
  await expect.poll(() => formingText(other), { timeout: 15_000 }).toBe(candleHere);
  const shown = await other.evaluate((live) => {
    const { early, shellQuote, prices } = (window as unknown as { replaySeen: ReplaySeen }).replaySeen;
    return { early, shellQuote, livePrice: prices.includes(live) };
  }, livePrice);
  expect(shown).toEqual({ early: false, shellQuote: false, livePrice: false });
  await other.screenshot({ path: `${SHOTS}/replay-reopened.png` });
  await other.close();

  // Back to live: no replay query left, no replay in the URL, the live price on the chart.
  expect((await cachedKeys(page)).some(isReplayKey)).toBe(true);
  await page.getByTestId('replay-live').click();
  await expect(controls).toHaveCount(0);
  await expect(page).not.toHaveURL(/replay=/);
  await expect.poll(async () => (await cachedKeys(page)).filter(isReplayKey).length).toBe(0);
  await expect(page.getByTestId('header-last-price')).toHaveText(livePrice);
  await page.waitForTimeout(500);
  expect((await cachedKeys(page)).filter(isReplayKey)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/replay-back-to-live.png` });
});

/** The time the legend of a layout's chart shows with the crosshair away: its last candle's. */
async function legendTime(page: Page, index: number): Promise<string> {
  const text = (await page.getByTestId('layout-chart').nth(index).getByTestId('chart-legend').textContent()) ?? '';
  return /\d{4}-\d{2}-\d{2}(?: \d{2}:\d{2})?/.exec(text)?.[0] ?? text.slice(0, 40);
}

test('a 2 × 2 layout (1m, 5m, 1h, 1d) replays on one clock, each chart at its own interval', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  const at = Date.parse('2026-11-23T10:47:00+08:00');
  const charts = ['1m', '5m', '1h', '1d'].map((interval) => `700.HK~${interval}~forward`).join(',');
  await page.goto(`/?symbol=700.HK&interval=1h&layout=4&charts=${charts}&active=2&replay=${String(START)}~${String(at)}`);
  const controls = page.getByTestId('replay-controls');
  // The replay's code loads once the app is up: on a busy machine, a while.
  await expect(controls).toHaveAttribute('data-instant', String(at), { timeout: 20_000 });
  await page.mouse.move(1, 1);
  // Each chart's current bar at 10:47: the 1m bar of 10:46, the 5m of 10:45, the hour of 10:30, the day.
  const expected = ['2026-11-23 10:46', '2026-11-23 10:45', '2026-11-23 10:30', '2026-11-23'];
  for (const [index, time] of expected.entries()) await expect.poll(() => legendTime(page, index), { timeout: 20_000 }).toBe(time);
  await page.screenshot({ path: `${SHOTS}/replay-layout.png` });

  // One step of the active chart's hour: every chart moves to 11:30 together.
  await page.getByTestId('replay-step-forward').click();
  await expect(controls).toHaveAttribute('data-instant', String(Date.parse('2026-11-23T11:30:00+08:00')));
  await page.mouse.move(1, 1);
  const after = ['2026-11-23 11:29', '2026-11-23 11:25', '2026-11-23 10:30', '2026-11-23'];
  for (const [index, time] of after.entries()) await expect.poll(() => legendTime(page, index), { timeout: 20_000 }).toBe(time);
  await page.screenshot({ path: `${SHOTS}/replay-layout-stepped.png` });
  await page.getByTestId('replay-live').click();
  await expect(controls).toHaveCount(0);
});

test('“Replay from here” on the chart’s menu replays from the candle under the pointer', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/?symbol=700.HK&interval=1h&tab=chart');
  await chartLoaded(page);
  const box = await page.getByTestId('main-chart').boundingBox();
  if (!box) throw new Error('no chart');
  // A candle left of the middle: well in the past.
  await page.mouse.click(box.x + box.width * 0.4, box.y + box.height / 2, { button: 'right' });
  await page.getByRole('menuitem', { name: 'Replay from here' }).click();
  const controls = page.getByTestId('replay-controls');
  await expect(controls).toBeVisible({ timeout: 20_000 });
  const at = Number(await controls.getAttribute('data-instant'));
  expect(at).toBeLessThan(Date.parse(DEFAULT_SIM_NOW) - 86_400_000);
  await expect(page).toHaveURL(new RegExp(`replay=${String(at)}~${String(at)}`));
  await page.mouse.move(1, 1);
  // The picked candle, whole, is the chart's last: its hour ended by the replay's instant.
  await expect(page.getByTestId('chart-legend')).toContainText(/C\s*[\d,.]+/);
  const shown = /(\d{4}-\d{2}-\d{2} \d{2}:\d{2}) UTC\+8/.exec((await page.getByTestId('chart-legend').textContent()) ?? '')?.[1];
  expect(shown).toBeDefined();
  const candleEnd = Date.parse(`${(shown ?? '').replace(' ', 'T')}:00+08:00`) + 3_600_000;
  expect(candleEnd).toBeLessThanOrEqual(at + 30 * 60_000);
  expect(candleEnd).toBeGreaterThan(at - 3_600_000);
  await page.screenshot({ path: `${SHOTS}/replay-from-here.png` });
  await page.getByTestId('replay-live').click();
  await expect(controls).toHaveCount(0);
});

test('a blind replay from a link: its speed from the link, no date on the legend until revealed, the watchlist keeps its names', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(`/?symbol=700.HK&interval=1h&tab=chart&replay=${String(START)}~${String(START)}~10b~blind`);
  const controls = page.getByTestId('replay-controls');
  await expect(controls).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('replay-position')).toHaveText('Date hidden');
  await expect(page.getByTestId('replay-speed')).toHaveValue('10');
  await page.mouse.move(1, 1);
  const legendTime = page.getByTestId('chart-legend').locator('dd').first();
  // The clock and zone alone: no year, month or day anywhere in the legend.
  await expect(legendTime).toHaveText(/^\d{2}:\d{2} UTC\+8$/, { timeout: 20_000 });
  await expect(page.getByTestId('chart-legend')).not.toContainText(/\d{4}-\d{2}/);
  // The markets panel: local times without their day, no month calendar.
  await expect(page.getByTestId('local-time-HK')).toHaveText(/^\d{2}:\d{2}:\d{2}$/);
  await expect(page.getByText(/November 2026/)).toHaveCount(0);
  // Names stay while the prices are the replay's (a replayed ticker is folded from bars).
  const firstRow = page.getByTestId('watchlist-row').first();
  await expect(firstRow.getByTestId('symbol-name')).toHaveText(/\p{L}/u, { timeout: 15_000 });
  await page.screenshot({ path: `${SHOTS}/replay-blind.png` });
  // The Intraday tab: its line's time without the day.
  await page.getByRole('tab', { name: 'Intraday' }).click();
  await expect(page.getByTestId('intraday-as-of')).toHaveText(/^\d{2}:\d{2}/, { timeout: 15_000 });
  await expect(page.getByTestId('intraday-as-of')).not.toContainText('Nov');
  await page.getByRole('tab', { name: 'Chart' }).click();

  await page.getByRole('button', { name: 'Reveal date' }).click();
  await expect(page.getByTestId('replay-position')).toHaveText(/^2026-11-2\d \d{2}:\d{2} UTC$/);
  await expect(legendTime).toHaveText(/^2026-11-2\d \d{2}:\d{2} UTC\+8$/);
  await expect(page.getByTestId('local-time-HK')).toHaveText(/Nov/);
  // A new speed is in the URL at once.
  await page.getByTestId('replay-speed').selectOption('x60');
  await expect(page).toHaveURL(/replay=\d+~\d+~60x~blind/);
});
