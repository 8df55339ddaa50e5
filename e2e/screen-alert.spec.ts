/**
 * Issue 36: "tell me when a symbol enters this screen" becomes an alert the server evaluates
 * (issue 37's server alerts). Against a server of its own with a workspace database, screen alerts
 * evaluated every second (SCREEN_ALERTS_EVERY_MS): the screener's "Alert on entries" sets the
 * alert (a record on the server, a row in the Alerts panel); the server learns who is in the
 * screen; the market moves on a day (the simulator's clock) and the symbols that entered fire it,
 * each logged with its own symbol and price, the ones that were in before never. Where the server
 * keeps no alerts (the journeys' default server) the button says why and sets nothing.
 */
import type { Page } from '@playwright/test';
import type { Alert } from '#shared/alerts/alert-model.ts';
import type { Screen } from '#shared/screener/screen-model.ts';
import { SCREENER_PATH, type ScreenAnswer } from '#shared/screener/screener-protocol.ts';
import { WORKSPACE_PATH, type WorkspaceRead } from '#shared/workspace-protocol.ts';
import { expect, test } from './fixtures.ts';
import { DEFAULT_SIM_NOW } from './sim-control.ts';
import { startServer, type RunningServer } from './start-server.ts';

/** A cold simulator warms a market within a minute (issue 36). */
const WARM_MS = 90_000;

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer({ SIM_NOW: DEFAULT_SIM_NOW, SCREEN_ALERTS_EVERY_MS: '1000' });
});
test.afterAll(() => server.stop());

async function storedAlerts(page: Page): Promise<Alert[]> {
  const read = await page.evaluate(async (path) => (await fetch(path, { cache: 'no-store' })).json() as Promise<WorkspaceRead>, WORKSPACE_PATH);
  return read.records.filter((record) => record.kind === 'alert' && record.deleted !== true).map((record) => record.value as Alert);
}

/** The screen's symbols as the server answers them now (once the market is warm). */
async function screenSymbols(page: Page, screen: Screen): Promise<Set<string>> {
  let answer: ScreenAnswer | undefined;
  await expect
    .poll(
      async () => {
        answer = await page.evaluate(
          async ({ path, body }) =>
            (
              await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
            ).json() as Promise<ScreenAnswer>,
          { path: SCREENER_PATH, body: { screen } },
        );
        return answer.state;
      },
      { timeout: WARM_MS },
    )
    .toBe('ready');
  return new Set(answer?.rows.map((row) => row.symbol));
}

/** The symbols of the alert's log lines the server wrote (one per recorded trigger). */
async function loggedSymbols(page: Page, alertId: string): Promise<string[]> {
  const read = await page.evaluate(async (path) => (await fetch(path, { cache: 'no-store' })).json() as Promise<WorkspaceRead>, WORKSPACE_PATH);
  return read.records
    .filter((record) => record.kind === 'alert-log' && record.deleted !== true)
    .map((record) => record.value as { alertId: string; symbol: string })
    .filter((line) => line.alertId === alertId)
    .map((line) => line.symbol)
    .sort();
}

/** This server's simulator clock (sim-control.ts's helpers reach the journeys' default server). */
async function setClock(page: Page, now: string, frozen: boolean): Promise<void> {
  const response = await page.request.post(`${server.url}/__sim/clock`, { data: { now, frozen } });
  expect(response.ok()).toBe(true);
}

async function metric(page: Page, name: string): Promise<number> {
  const text = await (await page.request.get(`${server.url}/metrics`)).text();
  const line = text.split('\n').find((each) => each.startsWith(`${name} `));
  return Number(line?.split(' ')[1] ?? Number.NaN);
}

test('a symbol entering the screen fires the screen alert on the server, logged with its own symbol and price', async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  // A still market, so the server's first look at the screen and ours see the same members.
  await setClock(page, DEFAULT_SIM_NOW, true);
  await page.goto(`${server.url}/?symbol=AAPL.US&tab=screener`);
  await expect(page.locator('html')).toHaveAttribute('data-workspace-sync', 'synced', { timeout: 20_000 });
  await expect(page.getByTestId('screener')).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('screen-preset').selectOption({ label: 'Top gainers' });
  await expect(page.getByTestId('screen-row').first()).toBeVisible({ timeout: WARM_MS });

  await page.getByRole('button', { name: 'Alert on entries' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Alert set' })).toContainText('“Top gainers”');
  await expect.poll(async () => (await storedAlerts(page)).filter((alert) => alert.condition.kind === 'screen'), { timeout: 15_000 }).toHaveLength(1);
  const [alert] = (await storedAlerts(page)).filter((each) => each.condition.kind === 'screen');
  if (alert?.condition.kind !== 'screen') throw new Error('no screen alert stored');
  const { screen } = alert.condition;
  expect(alert).toMatchObject({ symbol: 'Top gainers', status: 'armed', repeat: 'every' });

  await page.getByRole('tab', { name: 'Alerts' }).click();
  const row = page.getByTestId('alert-row').filter({ hasText: 'Top gainers' });
  await expect(row).toContainText('a symbol enters the screen “Top gainers”');
  await expect(row).toContainText('each entry, a symbol at most once in 24 h');

  // The server has learnt who is in: two of its evaluations since the alert reached it.
  await expect.poll(() => metric(page, 'chartroom_alerts_armed'), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
  const evaluated = await metric(page, 'chartroom_alerts_screen_evaluations_total');
  await expect.poll(() => metric(page, 'chartroom_alerts_screen_evaluations_total'), { timeout: WARM_MS }).toBeGreaterThanOrEqual(evaluated + 2);
  const before = await screenSymbols(page, screen);
  expect((await storedAlerts(page)).find((each) => each.id === alert.id)?.triggers).toEqual([]);

  // A day later the market has moved: the screen's members change.
  await setClock(page, '2026-11-27T15:00:00Z', true);
  const after = await screenSymbols(page, screen);
  const entrants = [...after].filter((symbol) => !before.has(symbol));
  expect(entrants.length).toBeGreaterThan(0);

  // Every entrant fires once, and nothing else: both looks at the screen were of a still market.
  await expect.poll(() => loggedSymbols(page, alert.id), { timeout: 60_000 }).toEqual([...entrants].sort());
  const triggers = (await storedAlerts(page)).find((each) => each.id === alert.id)?.triggers ?? [];
  expect(triggers.length).toBe(Math.min(10, entrants.length));
  for (const trigger of triggers) {
    expect(entrants).toContain(trigger.symbol);
    expect(trigger.price).toBeGreaterThan(0);
  }

  // The log says which symbol entered, at what price; the row its last entrant.
  const first = triggers[triggers.length - 1];
  if (!first?.symbol) throw new Error('no entrant');
  const dismiss = page.getByRole('button', { name: 'Dismiss alert' });
  while ((await dismiss.count()) > 0) await dismiss.first().click();
  await expect(
    page
      .getByTestId('alert-log-entry')
      .filter({ hasText: `${first.symbol} entered the screen “Top gainers”` })
      .first(),
  ).toBeVisible({
    timeout: 15_000,
  });
  await expect(row).toContainText(/entered .* at /);
  await page.screenshot({ path: testInfo.outputPath('screen-alert-fired.png') });

  // Edited: its screen is shown, not typed (no symbol, no direction); its pause per symbol changes.
  await row.getByRole('button', { name: /^Edit/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit alert' });
  await expect(dialog.getByTestId('alert-dialog-condition')).toHaveText('a symbol enters the screen “Top gainers”');
  await expect(dialog.getByLabel('Symbol')).toHaveCount(0);
  await expect(dialog.getByLabel('Direction')).toHaveCount(0);
  const cooldown = dialog.getByLabel('Cooldown between triggers (minutes)');
  await expect(cooldown).toHaveValue('1440');
  await cooldown.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('60', { delay: 40 });
  await dialog.screenshot({ path: testInfo.outputPath('screen-alert-edit.png') });
  await dialog.getByRole('button', { name: 'Save alert' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('each entry, a symbol at most once in 1 h');
  await expect
    .poll(async () => (await storedAlerts(page)).find((each) => each.id === alert.id), { timeout: 15_000 })
    .toMatchObject({ symbol: 'Top gainers', cooldownMs: 3_600_000, condition: { kind: 'screen', name: 'Top gainers', screen } });
});

test('where the server keeps no alerts, "Alert on entries" says so and sets nothing', async ({ page }) => {
  await page.goto('/?symbol=AAPL.US&tab=screener');
  await expect(page.getByTestId('screener')).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('screen-preset').selectOption({ label: 'Most active' });
  // The alerts' code loads after the first candle, the server's alerts status after it: the
  // button is enabled only then, so the first click (Playwright waits for it) gets the real answer.
  await page.getByRole('button', { name: 'Alert on entries' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'screen alerts' })).toHaveText(
    'Only the server evaluates screen alerts, and this server keeps no alerts for you.',
  );
  await page.getByRole('tab', { name: 'Alerts' }).click();
  await expect(page.getByTestId('alert-row')).toHaveCount(0);
});
