/**
 * Issue 34: where the server keeps the workspace, it evaluates the alerts; the tab does not. An
 * alert made in the dialog reaches the server through the workspace's sync, the server's feed
 * fires it, and the trigger comes back to the tab as the user's records: a toast, the alert
 * triggered, one line in the log (the server's, which says how it was delivered). The tab
 * evaluating too would make a second line. Against a server of its own with a workspace database;
 * BTCUSDT, whose simulated market never closes, with a move of 0.01 %, which it makes within seconds.
 */
import type { Page } from '@playwright/test';
import { WORKSPACE_PATH, type WorkspaceRead } from '#shared/workspace-protocol.ts';
import { expect, test } from './fixtures.ts';
import { DEFAULT_SIM_NOW } from './sim-control.ts';
import { startServer, type RunningServer } from './start-server.ts';

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer({ SIM_NOW: DEFAULT_SIM_NOW });
});
test.afterAll(() => server.stop());

/** The user's alert records as the server keeps them. */
async function storedRecords(page: Page): Promise<WorkspaceRead['records']> {
  const read = await page.evaluate(async (path) => (await fetch(path, { cache: 'no-store' })).json() as Promise<WorkspaceRead>, WORKSPACE_PATH);
  return read.records.filter((record) => record.store === 'alerts' && record.deleted !== true);
}

test('an alert made in the tab is fired by the server and comes back as a toast and one log line; the tab does not evaluate it', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${server.url}/?symbol=BTCUSDT&interval=1m`);
  await expect(page.getByTestId('symbol-header')).toContainText('BTCUSDT', { timeout: 15_000 });
  await expect(page.locator('html')).toHaveAttribute('data-workspace-sync', 'synced', { timeout: 15_000 });
  // The tab has asked whether the server evaluates (it does: no feed of its own for alerts).
  await expect
    .poll(() => page.evaluate(async () => ((await (await fetch('/chartroom/alerts/status')).json()) as { evaluating: boolean }).evaluating))
    .toBe(true);

  await page.getByRole('tab', { name: 'Alerts' }).click();
  await page.getByRole('button', { name: '+ New alert' }).click();
  const dialog = page.getByRole('dialog', { name: 'New alert' });
  await dialog.getByText('Moves by %', { exact: true }).click();
  const percent = dialog.getByLabel(/Move in % from/);
  await percent.click();
  await page.keyboard.type('0.01', { delay: 40 });
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();

  // The server fires it: the toast and the triggered alert arrive through the workspace's sync.
  await expect(page.getByRole('button', { name: 'Dismiss alert' }).first()).toBeVisible({ timeout: 45_000 });
  await expect.poll(async () => (await storedRecords(page)).filter((record) => record.kind === 'alert-log').length, { timeout: 10_000 }).toBe(1);
  await page.waitForTimeout(1_000);
  const records = await storedRecords(page);
  const lines = records.filter((record) => record.kind === 'alert-log');
  // One line, the server's: written by it, with its deliveries (none asked for here: no device, no webhook).
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatchObject({ by: 'server', value: { symbol: 'BTCUSDT', deliveries: {} } });
  const alert = records.find((record) => record.kind === 'alert');
  expect(alert?.value).toMatchObject({ symbol: 'BTCUSDT', status: 'triggered', condition: { kind: 'move', percent: 0.01 } });
  await page.screenshot({ path: testInfo.outputPath('server-fired-alert.png') });
});
