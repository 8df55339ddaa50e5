/**
 * Issue 34: where the server evaluates the alerts, the alert dialog makes and edits indicator
 * alerts as TradingView does — an interval, a line (an indicator with its parameters, or a price
 * field), an operator, a level or another line, on closed bars or on every price — and shows the
 * condition in words as it is typed. Against a server of its own with a workspace database, so
 * the status route, the records and their sync are the real ones; elsewhere the option is absent.
 *
 * On the desk (1280×800), by keyboard: "RSI(14) on 1h crosses above 70", the interval the chart's,
 * numbers typed at a typist's pace from the moment their field shows; RSI period 0 is refused
 * beside its field with nothing typed lost; saved, it reads in words in the Alerts list, and the
 * record the server keeps holds the exact condition (its keys in the schema's order: the records
 * sync compares JSON text); Edit shows it in the fields and saves it back unchanged. Then
 * "MA(20) crosses MA(50) on 1d" against another line, refused while the other line is the line
 * itself. On the phone (390×844, touch): the same against another line, by taps, within the
 * screen. Screenshots in the test's output folder.
 */
import type { Browser, Locator, Page, TestInfo } from '@playwright/test';
import { WORKSPACE_PATH, type WorkspaceRead } from '#shared/workspace-protocol.ts';
import type { Alert } from '#shared/alerts/alert-model.ts';
import type { IndicatorCondition } from '#shared/alerts/indicator-condition.ts';
import { expect, test } from './fixtures.ts';
import { DEFAULT_SIM_NOW } from './sim-control.ts';
import { startServer, type RunningServer } from './start-server.ts';

/** A typist's pace. */
const PACE = { delay: 40 };

const RSI_70: IndicatorCondition = {
  kind: 'indicator',
  interval: '1h',
  line: { source: 'indicator', indicator: 'rsi', params: { period: 14 }, output: 'value' },
  operator: 'crosses-above',
  against: { kind: 'level', value: 70 },
  on: 'bar-close',
};

const MA_CROSS: IndicatorCondition = {
  kind: 'indicator',
  interval: '1d',
  line: { source: 'indicator', indicator: 'sma', params: { period: 20 }, output: 'value' },
  operator: 'crosses',
  against: { kind: 'line', line: { source: 'indicator', indicator: 'sma', params: { period: 50 }, output: 'value' } },
  on: 'bar-close',
};

const shot = (testInfo: TestInfo, name: string) => ({ path: testInfo.outputPath(name) });

/** The alert records the server keeps for the user, as stored. */
async function storedAlerts(page: Page): Promise<Alert[]> {
  const read = await page.evaluate(async (path) => (await fetch(path, { cache: 'no-store' })).json() as Promise<WorkspaceRead>, WORKSPACE_PATH);
  return read.records.filter((record) => record.kind === 'alert' && record.deleted !== true).map((record) => record.value as Alert);
}

/** The stored condition of the one alert of `symbol` as JSON text, key order and all. */
async function storedCondition(page: Page, symbol: string): Promise<string | undefined> {
  const alert = (await storedAlerts(page)).find((each) => each.symbol === symbol);
  return alert && JSON.stringify({ condition: alert.condition, direction: alert.direction });
}

const expected = (condition: IndicatorCondition) => JSON.stringify({ condition, direction: 'either' });

/** Selects all of a field's text and types `text` over it at a typist's pace. */
async function typeOver(page: Page, field: Locator, text: string): Promise<void> {
  await expect(field).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text, PACE);
}

test('where the browser evaluates the alerts (no workspace on the server), the dialog offers no indicator condition', async ({ page }) => {
  await page.goto('/?symbol=AAPL.US&interval=1h');
  await expect(page.getByTestId('symbol-header')).toContainText('AAPL.US', { timeout: 15_000 });
  await page.getByRole('tab', { name: 'Alerts' }).click();
  await page.getByRole('button', { name: '+ New alert' }).click();
  const dialog = page.getByRole('dialog', { name: 'New alert' });
  await expect(dialog.getByRole('radio', { name: 'Moves by %', exact: true })).toBeVisible();
  // The status has been asked by now (the runtime asks it as it starts): still no option.
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((entry) => entry.name.includes('/chartroom/alerts/status'))))
    .toBe(true);
  await expect(dialog.getByRole('radio')).toHaveCount(3);
  await expect(dialog.getByRole('radio', { name: 'Indicator' })).toHaveCount(0);
});

test.describe('with a workspace on the server (it evaluates the alerts)', () => {
  let server: RunningServer;
  test.beforeAll(async () => {
    server = await startServer({ SIM_NOW: DEFAULT_SIM_NOW });
    // The workspace database opens on its first request (seconds on a busy machine): opened here,
    // not inside a journey's wait for the sync.
    expect((await fetch(`${server.url}${WORKSPACE_PATH}`)).status).toBe(200);
  });
  test.afterAll(() => server.stop());

  async function openApp(page: Page, interval: string): Promise<void> {
    await page.goto(`${server.url}/?symbol=AAPL.US&interval=${interval}`);
    await expect(page.getByTestId('symbol-header')).toContainText('AAPL.US', { timeout: 15_000 });
    await expect(page.locator('html')).toHaveAttribute('data-workspace-sync', 'synced', { timeout: 15_000 });
  }

  test('desk, by keyboard: RSI(14) on 1h crosses above 70 typed at pace, period 0 refused with nothing lost, saved, listed in words, stored exactly, edited back unchanged', async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openApp(page, '1h');
    await page.getByRole('tab', { name: 'Alerts' }).click();
    await page.getByRole('button', { name: '+ New alert' }).click();
    const dialog = page.getByRole('dialog', { name: 'New alert' });
    await expect(dialog.getByLabel('Price level')).toBeFocused();
    const indicator = dialog.getByRole('radio', { name: 'Indicator' });
    await expect(indicator).toBeVisible({ timeout: 10_000 });

    // Keys only: back to the condition's choice, the arrows to "Indicator".
    await page.keyboard.press('Shift+Tab');
    await expect(dialog.getByRole('radio', { name: 'Price crosses a level' })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(indicator).toBeChecked();
    await expect(indicator).toBeFocused();
    const interval = dialog.getByRole('combobox', { name: 'Interval' });
    const onClose = dialog.getByRole('radio', { name: 'Once the bar closes' });
    const line = dialog.getByRole('combobox', { name: 'Line', exact: true });
    const period = dialog.getByRole('group', { name: 'Line', exact: true }).getByRole('textbox', { name: 'Period' });
    const operator = dialog.getByRole('combobox', { name: 'Operator' });
    const level = dialog.getByRole('textbox', { name: 'Level', exact: true });
    const preview = dialog.getByTestId('alert-dialog-preview');
    // The chart's interval, RSI with the catalog's period, crossing above, on the bar's close.
    await expect(interval).toHaveValue('1h');
    await expect(onClose).toBeChecked();
    await expect(line).toHaveValue('rsi');
    await expect(period).toHaveValue('14');
    await expect(operator).toHaveValue('crosses-above');
    await expect(dialog.getByRole('radio', { name: 'A level', exact: true })).toBeChecked();
    await expect(preview).toHaveText('RSI(14) on 1h crosses above …');
    // No direction for an indicator condition: its operator says which way counts.
    await expect(dialog.getByLabel('Direction')).toHaveCount(0);

    for (const next of [interval, line, period]) {
      await page.keyboard.press('Tab');
      await expect(next).toBeFocused();
    }
    await typeOver(page, period, '0');
    for (const next of [operator, dialog.getByRole('radio', { name: 'A level', exact: true }), level]) {
      await page.keyboard.press('Tab');
      await expect(next).toBeFocused();
    }
    await page.keyboard.type('70', PACE);
    await expect(preview).toHaveText('RSI(0) on 1h crosses above 70');
    await page.keyboard.press('Enter');

    // Refused beside the period, the period focused, nothing typed lost, nothing saved.
    const refusal = 'Period must be a whole number from 1 to 500, not “0”.';
    await expect(dialog).toContainText(refusal);
    await expect(period).toHaveAttribute('aria-invalid', 'true');
    await expect(period).toHaveAccessibleDescription(refusal);
    await expect(period).toBeFocused();
    await expect(period).toHaveValue('0');
    await expect(level).toHaveValue('70');
    await expect(line).toHaveValue('rsi');
    await expect(interval).toHaveValue('1h');
    await expect(page.getByTestId('alert-row')).toHaveCount(0);
    await dialog.screenshot(shot(testInfo, 'desk-rsi-refused.png'));

    await typeOver(page, period, '14');
    await expect(preview).toHaveText('RSI(14) on 1h crosses above 70');
    // The message follows what is typed: gone once the period is right.
    await expect(dialog).not.toContainText(refusal);
    await expect(period).toHaveAttribute('aria-invalid', 'false');
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    const row = page.getByTestId('alert-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('RSI(14) on 1h crosses above 70 · once');
    await page.getByTestId('alerts-panel').screenshot(shot(testInfo, 'desk-rsi-listed.png'));

    // The record the server keeps: the exact condition, in the schema's key order.
    await expect.poll(() => storedCondition(page, 'AAPL.US'), { timeout: 10_000 }).toBe(expected(RSI_70));

    // Edit: the fields hold it; saved as it is, the record's condition is the same text.
    await row.getByRole('button', { name: /^Edit the AAPL\.US alert \(RSI\(14\) on 1h crosses above 70\)/ }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit alert' });
    await expect(editDialog.getByRole('radio', { name: 'Indicator' })).toBeChecked();
    await expect(editDialog.getByRole('combobox', { name: 'Line', exact: true })).toBeFocused();
    await expect(editDialog.getByRole('combobox', { name: 'Interval' })).toHaveValue('1h');
    await expect(editDialog.getByRole('combobox', { name: 'Line', exact: true })).toHaveValue('rsi');
    await expect(editDialog.getByRole('textbox', { name: 'Period' })).toHaveValue('14');
    await expect(editDialog.getByRole('textbox', { name: 'Level', exact: true })).toHaveValue('70');
    await expect(editDialog.getByTestId('alert-dialog-preview')).toHaveText('RSI(14) on 1h crosses above 70');
    await page.screenshot(shot(testInfo, 'desk-rsi-edit.png'));
    await editDialog.getByRole('button', { name: 'Save alert' }).click();
    await expect(editDialog).toBeHidden();
    await expect(row).toHaveCount(1);
    await expect.poll(() => storedCondition(page, 'AAPL.US'), { timeout: 10_000 }).toBe(expected(RSI_70));
  });

  test('desk: MA(20) crosses MA(50) on 1d, against another line; the line against itself refused', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    // The default view (a browser with changes of its own would be asked which workspace to keep).
    await openApp(page, '1d');
    await page.getByRole('tab', { name: 'Alerts' }).click();
    // Another symbol than the first journey's (both tests share the server's workspace).
    await page.getByRole('button', { name: '+ New alert' }).click();
    const dialog = page.getByRole('dialog', { name: 'New alert' });
    await dialog.getByLabel('Symbol').fill('MSFT.US');
    await dialog.getByRole('radio', { name: 'Indicator' }).click();
    const interval = dialog.getByRole('combobox', { name: 'Interval' });
    const preview = dialog.getByTestId('alert-dialog-preview');
    await expect(interval).toHaveValue('1d');
    await interval.selectOption('4h');
    await expect(preview).toHaveText('RSI(14) on 4h crosses above …');
    await interval.selectOption('1d');
    // An indicator of several lines: its parameters, and which line (MACD's own, DIF, to start).
    const line = dialog.getByRole('combobox', { name: 'Line', exact: true });
    await line.selectOption({ label: 'MACD · Moving average convergence divergence' });
    const macdLine = dialog.getByRole('combobox', { name: 'MACD line' });
    await expect(macdLine).toHaveValue('macd');
    await expect(dialog.getByRole('textbox', { name: 'Slow' })).toHaveValue('26');
    await expect(preview).toHaveText('MACD(12, 26, 9) DIF on 1d crosses above …');
    await macdLine.selectOption({ label: 'DEA' });
    await expect(preview).toHaveText('MACD(12, 26, 9) DEA on 1d crosses above …');
    await dialog.screenshot(shot(testInfo, 'desk-macd-lines.png'));
    await line.selectOption({ label: 'MA · Simple moving average' });
    await expect(macdLine).toHaveCount(0);
    const linePeriod = dialog.getByRole('group', { name: 'Line', exact: true }).getByRole('textbox', { name: 'Period' });
    await expect(linePeriod).toHaveValue('20');
    await dialog.getByRole('combobox', { name: 'Operator' }).selectOption({ label: 'Crosses' });
    await dialog.getByRole('radio', { name: 'Another line' }).click();
    const other = dialog.getByRole('combobox', { name: 'Other line' });
    await expect(other).toHaveValue('close');
    await other.selectOption('sma');
    const otherPeriod = dialog.getByRole('group', { name: 'Other line' }).getByRole('textbox', { name: 'Period' });
    await expect(otherPeriod).toHaveValue('20');
    await expect(preview).toHaveText('MA(20) crosses MA(20) on 1d');
    await dialog.getByRole('button', { name: 'Create alert' }).click();
    const itself = 'The line is compared with itself: choose another line, or a level.';
    await expect(dialog).toContainText(itself);
    await expect(other).toHaveAttribute('aria-invalid', 'true');
    await expect(other).toBeFocused();
    await expect(linePeriod).toHaveValue('20');

    // From the moment the field shows: a click puts the caret there, then keys.
    await otherPeriod.click();
    await typeOver(page, otherPeriod, '50');
    await expect(preview).toHaveText('MA(20) crosses MA(50) on 1d');
    await dialog.screenshot(shot(testInfo, 'desk-ma-cross.png'));
    await dialog.getByRole('button', { name: 'Create alert' }).click();
    await expect(dialog).toBeHidden();
    const row = page.locator('[data-testid="alert-row"][data-symbol="MSFT.US"]');
    await expect(row).toContainText('MA(20) crosses MA(50) on 1d');
    await expect.poll(() => storedCondition(page, 'MSFT.US'), { timeout: 10_000 }).toBe(expected(MA_CROSS));
  });

  async function phone(browser: Browser): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: 'en-US' });
    return context.newPage();
  }

  test('phone (390×844, touch): MA(20) crosses MA(50) on 1d by taps, a bad period refused in sight, saved and stored', async ({ browser }, testInfo) => {
    const page = await phone(browser);
    await openApp(page, '1d');
    const screens = page.getByRole('navigation', { name: 'Screens' });
    await screens.getByRole('button', { name: 'Watchlist' }).tap();
    await page.locator('[data-testid="watchlist-row"][data-symbol="NVDA.US"]').getByRole('button', { name: 'Set alert for NVDA.US…' }).tap();
    const dialog = page.getByRole('dialog', { name: 'New alert' });
    await expect(dialog).toBeVisible();
    const indicator = dialog.getByRole('radio', { name: 'Indicator' });
    await expect(indicator).toBeVisible({ timeout: 10_000 });
    await indicator.tap();
    await expect(indicator).toBeChecked();
    await page.screenshot(shot(testInfo, 'phone-indicator-top.png'));
    // The chart's interval here is 1d.
    await expect(dialog.getByRole('combobox', { name: 'Interval' })).toHaveValue('1d');
    await dialog.getByRole('combobox', { name: 'Line', exact: true }).selectOption('sma');
    await dialog.getByRole('combobox', { name: 'Operator' }).selectOption('crosses');
    const another = dialog.getByRole('radio', { name: 'Another line' });
    await another.scrollIntoViewIfNeeded();
    await another.tap();
    await dialog.getByRole('combobox', { name: 'Other line' }).selectOption('sma');
    const otherPeriod = dialog.getByRole('group', { name: 'Other line' }).getByRole('textbox', { name: 'Period' });
    await otherPeriod.scrollIntoViewIfNeeded();
    await otherPeriod.tap();
    await typeOver(page, otherPeriod, '5000');
    await dialog.getByRole('button', { name: 'Create alert' }).tap();
    const refusal = 'Period must be a whole number from 1 to 500, not “5000”.';
    await expect(dialog).toContainText(refusal);
    await expect(otherPeriod).toBeFocused();
    await expect(otherPeriod).toBeInViewport();
    await expect(otherPeriod).toHaveValue('5000');
    await page.screenshot(shot(testInfo, 'phone-ma-refused.png'));
    // The dialog stays within the screen; its own scroll holds the rest.
    const box = await dialog.boundingBox();
    expect(box && box.y >= 0 && box.y + box.height <= 844 && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    // Nothing sticks out sideways at this width.
    expect(await dialog.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);

    await otherPeriod.tap();
    await typeOver(page, otherPeriod, '50');
    await expect(dialog).not.toContainText(refusal);
    const preview = dialog.getByTestId('alert-dialog-preview');
    await preview.scrollIntoViewIfNeeded();
    await expect(preview).toHaveText('MA(20) crosses MA(50) on 1d');
    await expect(preview).toBeInViewport();
    await page.screenshot(shot(testInfo, 'phone-ma-preview.png'));
    await dialog.getByRole('button', { name: 'Create alert' }).tap();
    await expect(dialog).toBeHidden();
    await expect.poll(() => storedCondition(page, 'NVDA.US'), { timeout: 10_000 }).toBe(expected(MA_CROSS));

    // Listed in words under Markets › Alerts.
    await screens.getByRole('button', { name: 'Markets' }).tap();
    await page.getByRole('tab', { name: 'Alerts' }).tap();
    const row = page.locator('[data-testid="alert-row"][data-symbol="NVDA.US"]');
    await expect(row).toContainText('MA(20) crosses MA(50) on 1d');
    await page.screenshot(shot(testInfo, 'phone-listed.png'));
    await page.context().close();
  });
});
