/**
 * Issue 34: where the server evaluates the alerts, the alert dialog says how a trigger is delivered
 * (the user's devices by Web Push, a webhook with its message), and the Alerts panel's log says how
 * each delivery went. Against a server of its own with a workspace database and webhooks allowed
 * to one host (WEBHOOK_ALLOW), so the status route, the records and their sync are the real ones.
 *
 * On the desk (1280×800): a webhook URL typed at a typist's pace from the moment its field shows;
 * a URL without its scheme is refused with a message beside the field and nothing typed is lost;
 * a good one saves, into the alert's record on the server; Edit shows the alert's delivery and
 * saves a change; after a reload the dialog still shows it. Log lines the server wrote with their
 * deliveries read "Pushed to 2 devices · Webhook delivered", "Webhook failed: the receiver
 * answered 500", "Sending…"; a tab's own line reads as before. On the phone (390×844, touch): the
 * same section, reachable in the dialog, takes a URL typed by tap and keys, refuses a bad scheme
 * and saves a good one. Screenshots in the test's output folder.
 */
import type { Browser, Page, TestInfo } from '@playwright/test';
import { WORKSPACE_PATH, type WorkspaceRead } from '#shared/workspace-protocol.ts';
import type { AlertLogEntry } from '#shared/alerts/alert-schema.ts';
import type { Alert } from '#shared/alerts/alert-model.ts';
import { expect, test } from './fixtures.ts';
import { DEFAULT_SIM_NOW } from './sim-control.ts';
import { startServer, type RunningServer } from './start-server.ts';

const HOOK = 'https://hooks.example/chartroom';
const TEMPLATE = '{{symbol}} hit {{price}} ({{condition}})';
/** Far above the simulated price: the server never fires it while the journey runs. */
const LEVEL = '99999';
/** A typist's pace. */
const PACE = { delay: 40 };

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer({ SIM_NOW: DEFAULT_SIM_NOW, WEBHOOK_ALLOW: 'hooks.example' });
});
test.afterAll(() => server.stop());

async function openApp(page: Page): Promise<void> {
  await page.goto(`${server.url}/?symbol=AAPL.US&interval=1d`);
  await expect(page.getByTestId('symbol-header')).toContainText('AAPL.US', { timeout: 15_000 });
  await expect(page.locator('html')).toHaveAttribute('data-workspace-sync', 'synced', { timeout: 15_000 });
}

/** The alert records the server keeps for the user. */
async function storedAlerts(page: Page): Promise<Alert[]> {
  const read = await page.evaluate(async (path) => (await fetch(path, { cache: 'no-store' })).json() as Promise<WorkspaceRead>, WORKSPACE_PATH);
  return read.records.filter((record) => record.kind === 'alert' && record.deleted !== true).map((record) => record.value as Alert);
}

/** Stores log lines as the server writes them (its triggers' records), from the page. */
async function writeLogLines(page: Page, lines: AlertLogEntry[]): Promise<void> {
  const status = await page.evaluate(
    async ({ path, lines: entries }) => {
      const changes = entries.map((value) => ({
        store: 'alerts',
        to: { id: `alert-log:${value.id}`, kind: 'alert-log', rev: 1, updatedAt: Date.now(), by: 'test', value },
      }));
      const response = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ changes }) });
      return response.status;
    },
    { path: WORKSPACE_PATH, lines },
  );
  expect(status).toBe(200);
}

/** The toasts of arrived log lines, dismissed: the panel as it reads. */
async function dismissToasts(page: Page): Promise<void> {
  const dismiss = page.getByRole('button', { name: 'Dismiss alert' });
  while ((await dismiss.count()) > 0) await dismiss.first().click();
}

/** A log line of the server's kind (with `deliveries`) or a tab's own (without). */
function logLine(alert: Alert, id: string, minutesAgo: number, deliveries?: NonNullable<AlertLogEntry['deliveries']>): AlertLogEntry {
  return {
    id,
    alertId: alert.id,
    symbol: alert.symbol,
    time: Date.parse(DEFAULT_SIM_NOW) - minutesAgo * 60_000,
    price: 99_999.5,
    condition: { kind: 'cross', level: 99_999 },
    crossing: 'up',
    ...(deliveries && { deliveries }),
  };
}

const shot = (testInfo: TestInfo, name: string) => ({ path: testInfo.outputPath(name) });

test('desk: a webhook typed at pace, a bad URL refused with nothing lost, a good one saved to the server, edited, kept after a reload; the log says how each delivery went', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openApp(page);
  await page.getByRole('tab', { name: 'Alerts' }).click();
  await page.getByRole('button', { name: '+ New alert' }).click();
  const dialog = page.getByRole('dialog', { name: 'New alert' });
  const level = dialog.getByLabel('Price level');
  const url = dialog.getByLabel('Webhook URL');
  const message = dialog.getByLabel('Message');
  const push = dialog.getByLabel('Notify my devices');
  await expect(level).toBeFocused();
  await page.keyboard.type(LEVEL, PACE);

  // The server evaluates and allows webhooks: the Delivery section, push on by default.
  await expect(url).toBeVisible({ timeout: 10_000 });
  await expect(push).toBeChecked();
  await expect(message).toHaveAttribute('placeholder', '{{symbol}} {{condition}} at {{price}}');
  await expect(dialog).toContainText('{{symbol}} {{price}} {{condition}} {{time}}');

  // From the moment the field shows: a click puts the caret there, then keys only (Tab to the message).
  await url.click();
  await page.keyboard.type('hooks.example/chartroom', PACE);
  await page.keyboard.press('Tab');
  await expect(message).toBeFocused();
  await page.keyboard.type(TEMPLATE, PACE);
  await expect(url).toHaveValue('hooks.example/chartroom');
  await expect(message).toHaveValue(TEMPLATE);
  await page.keyboard.press('Enter');

  // Refused, said beside the field, the field focused, nothing typed lost, nothing saved.
  const refusal = '“hooks.example/chartroom” is not a web address: type the webhook URL in full, like https://hooks.example.com/alerts.';
  await expect(dialog).toContainText(refusal);
  await expect(url).toHaveAttribute('aria-invalid', 'true');
  await expect(url).toBeFocused();
  await expect(url).toHaveValue('hooks.example/chartroom');
  await expect(message).toHaveValue(TEMPLATE);
  await expect(level).toHaveValue(LEVEL);
  await expect(page.getByTestId('alert-row')).toHaveCount(0);
  await page.screenshot(shot(testInfo, 'desk-dialog-refused.png'));

  // A user name and password are refused too.
  await page.keyboard.press('Home');
  await page.keyboard.type('https://bot:secret@', PACE);
  await page.keyboard.press('Enter');
  await expect(dialog).toContainText('Leave the user name and password out of the webhook URL');
  await expect(url).toHaveValue('https://bot:secret@hooks.example/chartroom');

  // Corrected in place: the scheme kept, the credentials taken out.
  await page.keyboard.press('Home');
  for (let i = 0; i < 'https://'.length; i++) await page.keyboard.press('ArrowRight');
  for (let i = 0; i < 'bot:secret@'.length; i++) await page.keyboard.press('Delete', PACE);
  await expect(url).toHaveValue(HOOK);
  await page.screenshot(shot(testInfo, 'desk-dialog-good.png'));
  await dialog.getByRole('button', { name: 'Create alert' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('alert-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('webhook');

  // In the alert's record on the server.
  await expect
    .poll(async () => (await storedAlerts(page)).map((alert) => alert.delivery), { timeout: 10_000 })
    .toEqual([{ push: true, webhook: { url: HOOK, template: TEMPLATE } }]);

  // Edit shows the delivery; push off is saved.
  await row.getByRole('button', { name: /^Edit the AAPL\.US alert/ }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit alert' });
  await expect(editDialog.getByLabel('Webhook URL')).toHaveValue(HOOK);
  await expect(editDialog.getByLabel('Message')).toHaveValue(TEMPLATE);
  await expect(editDialog.getByLabel('Notify my devices')).toBeChecked();
  await expect(editDialog.getByLabel('Price level')).toHaveValue(LEVEL);
  await editDialog.getByLabel('Notify my devices').uncheck();
  await editDialog.getByRole('button', { name: 'Save alert' }).click();
  await expect(editDialog).toBeHidden();
  await expect(row).toHaveCount(1);
  await expect
    .poll(async () => (await storedAlerts(page)).map((alert) => alert.delivery), { timeout: 10_000 })
    .toEqual([{ push: false, webhook: { url: HOOK, template: TEMPLATE } }]);

  // After a reload: kept.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-workspace-sync', 'synced', { timeout: 15_000 });
  await page.getByRole('tab', { name: 'Alerts' }).click();
  await expect(row).toContainText('webhook');
  await row.getByRole('button', { name: /^Edit the AAPL\.US alert/ }).click();
  await expect(editDialog.getByLabel('Webhook URL')).toHaveValue(HOOK);
  await expect(editDialog.getByLabel('Message')).toHaveValue(TEMPLATE);
  await expect(editDialog.getByLabel('Notify my devices')).not.toBeChecked();
  await page.screenshot(shot(testInfo, 'desk-dialog-edit.png'));
  await page.keyboard.press('Escape');
  await expect(editDialog).toBeHidden();

  // The log: the server's lines with their deliveries, a tab's own line as before.
  const [alert] = await storedAlerts(page);
  if (!alert) throw new Error('no alert stored');
  await writeLogLines(page, [
    logLine(alert, 'journey-sent', 1, { push: { state: 'delivered', devices: 2 }, webhook: { state: 'delivered' } }),
    logLine(alert, 'journey-failed', 2, { push: { state: 'delivered', devices: 1 }, webhook: { state: 'failed', detail: 'HTTP 500' } }),
    logLine(alert, 'journey-pending', 0, { push: { state: 'pending', devices: 2 }, webhook: { state: 'pending' } }),
    logLine(alert, 'journey-tab', 3),
  ]);
  const entries = page.getByTestId('alert-log-entry');
  await expect(entries).toHaveCount(4, { timeout: 10_000 });
  const crossed = 'AAPL.US crossed above 99999: 99999.5';
  await expect(entries.nth(0)).toContainText(`${crossed}Sending…`);
  await expect(entries.nth(1)).toContainText(`${crossed}Pushed to 2 devices · Webhook delivered`);
  await expect(entries.nth(2)).toContainText(`${crossed}Pushed to 1 device · Webhook failed: the receiver answered 500`);
  await expect(entries.nth(2).locator('[data-channel="webhook"]')).toHaveAttribute('data-state', 'failed');
  await expect(entries.nth(3)).toContainText(crossed);
  await expect(entries.nth(3).getByTestId('alert-log-delivery')).toHaveCount(0);
  await dismissToasts(page);
  await page.getByTestId('alerts-panel').screenshot(shot(testInfo, 'desk-log.png'));
});

async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: 'en-US' });
  return context.newPage();
}

test('phone: the Delivery section is reachable in the dialog, takes a tapped-in URL, refuses a bad scheme and saves a good one', async ({
  browser,
}, testInfo) => {
  const page = await phone(browser);
  await openApp(page);
  const screens = page.getByRole('navigation', { name: 'Screens' });
  await screens.getByRole('button', { name: 'Watchlist' }).tap();
  await expect(page.getByTestId('watchlist-row').first()).toBeVisible();
  await page.locator('[data-testid="watchlist-row"][data-symbol="MSFT.US"]').getByRole('button', { name: 'Set alert for MSFT.US…' }).tap();
  const dialog = page.getByRole('dialog', { name: 'New alert' });
  await expect(dialog).toBeVisible();
  await page.keyboard.type(LEVEL, PACE);
  const url = dialog.getByLabel('Webhook URL');
  await expect(url).toBeAttached({ timeout: 10_000 });
  await url.scrollIntoViewIfNeeded();
  await page.screenshot(shot(testInfo, 'phone-dialog.png'));
  await url.tap();
  await expect(url).toBeFocused();
  await page.keyboard.type('ftp://hooks.example/desk', PACE);
  await dialog.getByRole('button', { name: 'Create alert' }).tap();
  await expect(dialog).toContainText('A webhook URL starts with https:// or http://, not ftp://.');
  await expect(url).toHaveValue('ftp://hooks.example/desk');
  await expect(url).toBeInViewport();
  await page.screenshot(shot(testInfo, 'phone-dialog-refused.png'));
  // The dialog stays within the screen; its own scroll holds the rest.
  const box = await dialog.boundingBox();
  expect(box && box.y >= 0 && box.y + box.height <= 844).toBe(true);

  await url.fill('');
  await url.tap();
  await page.keyboard.type('https://hooks.example/desk', PACE);
  await dialog.getByRole('button', { name: 'Create alert' }).tap();
  await expect(dialog).toBeHidden();
  const msft = async () => (await storedAlerts(page)).find((alert) => alert.symbol === 'MSFT.US');
  await expect
    .poll(async () => (await msft())?.delivery, { timeout: 10_000 })
    .toEqual({ push: true, webhook: { url: 'https://hooks.example/desk', template: '' } });

  // The log on the phone: the Alerts panel under Markets.
  const alert = await msft();
  if (!alert) throw new Error('no alert stored');
  await writeLogLines(page, [
    logLine(alert, 'phone-failed', 0, {
      push: { state: 'failed', devices: 1, detail: 'the push service answered 410' },
      webhook: { state: 'failed', detail: 'HTTP 502' },
    }),
  ]);
  await screens.getByRole('button', { name: 'Markets' }).tap();
  await page.getByRole('tab', { name: 'Alerts' }).tap();
  const entry = page.getByTestId('alert-log-entry').filter({ hasText: 'MSFT.US' });
  await expect(entry).toContainText('Push failed: the push service answered 410 · Webhook failed: the receiver answered 502', { timeout: 10_000 });
  await dismissToasts(page);
  await entry.scrollIntoViewIfNeeded();
  await page.screenshot(shot(testInfo, 'phone-log.png'));
  await page.context().close();
});
