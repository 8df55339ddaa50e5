/**
 * Issue 33: a deploy never breaks an open session. The app is open on build A; the server is
 * switched to build B (a real second build, whose chunks have other names: A's are gone). A panel
 * not loaded yet still opens, or the page asks to reload; "A new version is ready" appears, and
 * nothing typed or drawn is lost until the trader chooses to reload, nor after.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DEFAULT_SIM_NOW } from './sim-control.ts';
import { startServer, type RunningServer } from './start-server.ts';

const run = promisify(execFile);
const BUILD_A = 'dist';
let root: string;
let buildB: string;
let live: string;
let server: RunningServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  root = mkdtempSync(join(tmpdir(), 'chartroom-update-'));
  buildB = join(root, 'b');
  live = join(root, 'live');
  await run(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--outDir', buildB, '--emptyOutDir', '--logLevel', 'error'], {
    env: { ...process.env, CHARTROOM_BUILD_SALT: 'B' },
  });
});

test.beforeEach(async () => {
  rmSync(live, { recursive: true, force: true });
  cpSync(BUILD_A, live, { recursive: true });
  server = await startServer({ WORKSPACE: 'off', SIM_NOW: DEFAULT_SIM_NOW, CHARTROOM_DIST: live });
});

test.afterEach(async () => {
  await server.stop();
});

test.afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

/** The server now serves build B only: every file of A is gone. */
function deployB(): void {
  for (const entry of readdirSync(live)) rmSync(join(live, entry), { recursive: true, force: true });
  cpSync(buildB, live, { recursive: true });
}

/** The page's entry script (`/assets/boot-<hash>.js`). */
const entryOf = (page: Page) => page.evaluate(() => document.querySelector('script[type="module"][src*="/boot-"]')?.getAttribute('src') ?? '');

async function drawingsOn(chart: Locator): Promise<number> {
  const holder = chart.page().locator('[data-testid="main-chart"][data-drawings], [data-testid="main-chart"] [data-drawings]').first();
  if ((await holder.count()) === 0) return 0;
  return (JSON.parse((await holder.getAttribute('data-drawings')) ?? '[]') as unknown[]).length;
}

/** Opens the app on A, draws a trend line and types a symbol into the watchlist's field (not added). */
async function openWorkOnA(page: Page): Promise<{ field: Locator; chart: Locator }> {
  await page.goto(`${server.url}/?symbol=AAPL.US&interval=1d`);
  const chart = page.getByTestId('main-chart');
  await expect(page.getByTestId('chart-legend')).toContainText('O', { timeout: 15_000 });
  // The wide screen's tool column starts closed.
  await page.getByRole('button', { name: 'Expand drawing tools' }).click();
  await page.getByRole('button', { name: 'Trend line', exact: true }).click();
  const box = await chart.boundingBox();
  if (!box) throw new Error('no chart box');
  await page.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.4);
  await page.mouse.click(box.x + box.width * 0.6, box.y + box.height * 0.3);
  await expect.poll(() => drawingsOn(chart)).toBe(1);
  const field = page
    .getByRole('combobox', { name: /Add symbol/ })
    .or(page.getByPlaceholder(/Add symbol/))
    .first();
  await field.click();
  await page.keyboard.type('MSFT', { delay: 40 });
  await page.keyboard.press('Escape');
  await expect(field).toHaveValue('MSFT');
  return { field, chart };
}

/** The prompt's Reload: build B opens on the tab the trader was on (Trades), with the drawing. */
async function reloadOntoB(page: Page, entryA: string, chart: Locator): Promise<void> {
  const reload = page.getByTestId('update-prompt').getByRole('button', { name: 'Reload' });
  await Promise.all([page.waitForEvent('framenavigated'), reload.click()]);
  await expect(page.getByRole('table', { name: 'Trades of AAPL.US' })).toBeVisible({ timeout: 15_000 });
  expect(await entryOf(page)).not.toBe(entryA);
  await page.getByRole('tab', { name: 'Chart' }).click();
  await expect(page.getByTestId('chart-legend')).toContainText('O', { timeout: 15_000 });
  await expect.poll(() => drawingsOn(chart), { timeout: 10_000 }).toBe(1);
}

test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a panel of A still opens after the deploy; the new version waits for the trader, and the reload loses nothing', async ({ page }) => {
    const { field, chart } = await openWorkOnA(page);
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20_000 }).toBe(true);
    const entryA = await entryOf(page);

    deployB();
    // A's chunk for this panel is gone from the server: A's worker still has it.
    await page.getByRole('tab', { name: 'Trades' }).click();
    await expect(page.getByRole('table', { name: 'Trades of AAPL.US' })).toBeVisible({ timeout: 15_000 });
    // The browser's periodic check of the worker (every 30 min here: service-worker-client.ts), now.
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    const prompt = page.getByTestId('update-prompt');
    await expect(prompt).toContainText('A new version is ready.', { timeout: 20_000 });
    await expect(field).toHaveValue('MSFT');
    expect(await entryOf(page)).toBe(entryA);

    await reloadOntoB(page, entryA, chart);
    await expect(page.getByTestId('update-prompt')).toHaveCount(0);
  });
});

test('without a worker, a panel whose chunk is gone asks to reload, and the work stays', async ({ page }) => {
  const { field, chart } = await openWorkOnA(page);
  const entryA = await entryOf(page);
  deployB();
  await page.getByRole('tab', { name: 'Trades' }).click();
  const prompt = page.getByTestId('update-prompt');
  await expect(prompt).toContainText('A new version is ready.', { timeout: 15_000 });
  await expect(field).toHaveValue('MSFT');
  await reloadOntoB(page, entryA, chart);
});
