/**
 * Price alerts against the real server on the simulator: an alert set just above the price fires
 * exactly once when the simulated price crosses it (toast, log, browser notification), survives
 * a reload, keeps being evaluated with the tab hidden over HTTP polling, and bad dialog input is
 * explained. The crossing is deterministic: the simulator's price is a function of its clock, so
 * the journey freezes the clock, reads the price now and at later instants, sets the level between
 * the two, and moves the clock.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, withoutRealtime } from './fixtures.ts';
import { readCandles } from './price-pane-pixels.ts';
import { findRise as findRiseOf, iso, priceAt as priceAtOf, T0 } from './price-rise.ts';
import { createAlert } from './records-journey.ts';
import { resetSimulator, setClock } from './sim-control.ts';

const SYMBOL = 'AAPL.US';
const findRise = (request: APIRequestContext) => findRiseOf(request, SYMBOL);
const priceAt = (request: APIRequestContext, ms: number) => priceAtOf(request, SYMBOL, ms);
const SHOTS = 'test-results/alerts-shots';

test.beforeEach(async ({ request }) => {
  await resetSimulator(request);
});
test.afterAll(async ({ request }) => {
  await resetSimulator(request);
});

/** Counts the page's notifications: the real Notification, wrapped. */
async function watchNotifications(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: { title: string; body: string | undefined }[] = [];
    (window as unknown as { __notifications: typeof seen }).__notifications = seen;
    const Original = window.Notification;
    const Wrapped = function (this: unknown, title: string, options?: NotificationOptions) {
      seen.push({ title, body: options?.body });
      return new Original(title, options);
    } as unknown as typeof Notification;
    Object.defineProperty(Wrapped, 'permission', { get: () => Original.permission });
    Wrapped.requestPermission = Original.requestPermission.bind(Original);
    window.Notification = Wrapped;
  });
}

const notifications = (page: Page) => page.evaluate(() => (window as unknown as { __notifications: { title: string; body: string }[] }).__notifications);

async function openAlerts(page: Page): Promise<void> {
  await page.goto(`/?symbol=${SYMBOL}&interval=1d&adjust=none`);
  await expect(page.getByTestId('watchlist-row').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Alerts' }).click();
  await expect(page.getByTestId('alerts-panel')).toBeVisible();
}

test('an alert just above the price fires exactly once when the price crosses it, and survives a reload', async ({ page, context, request, baseURL }) => {
  const { p0, t1, p1 } = await findRise(request);
  const level = Number(((p0 + p1) / 2).toFixed(4));
  await setClock(request, iso(T0), true);
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await watchNotifications(page);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await openAlerts(page);

  // With its sound: the beep (WebAudio) must play without an error.
  await createAlert(page, level, 'Crossing up', { sound: true });
  const row = page.getByTestId('alert-row');
  await expect(row).toHaveAttribute('data-status', 'armed');
  // The page has the price below the level (frozen): nothing fires while it stays there.
  await page.waitForTimeout(2_500);
  await expect(page.getByTestId('alert-toast')).toHaveCount(0);

  await setClock(request, iso(t1), true);
  const toast = page.getByTestId('alert-toast');
  // The title names the symbol; the text says what happened, without naming it again.
  await expect(toast).toContainText(`Alert: ${SYMBOL}crossed above`, { timeout: 15_000 });
  await expect(row).toHaveAttribute('data-status', 'triggered');
  await expect(row).toContainText('Triggered');
  await expect.poll(async () => (await notifications(page)).length).toBe(1);
  const [shown] = await notifications(page);
  expect(shown?.title).toBe(`Alert: ${SYMBOL}`);
  expect(shown?.body).toContain('crossed above');

  // Down and up across the level again: a once-only alert stays triggered, one log entry, one notification.
  await setClock(request, iso(T0), true);
  await page.waitForTimeout(2_500);
  await setClock(request, iso(t1), true);
  await page.waitForTimeout(2_500);
  await expect(page.getByTestId('alert-log-entry')).toHaveCount(1);
  expect(await notifications(page)).toHaveLength(1);
  expect(errors).toEqual([]);

  await page.reload();
  await page.getByRole('tab', { name: 'Alerts' }).click();
  await expect(page.getByTestId('alert-row')).toHaveAttribute('data-status', 'triggered');
  await expect(page.getByTestId('alert-log-entry')).toHaveCount(1);
  // The first price after the load only sets the side: nothing fires again.
  await page.waitForTimeout(2_000);
  await expect(page.getByTestId('alert-toast')).toHaveCount(0);
});

test('an armed alert is still evaluated with the tab hidden, over HTTP polling', async ({ page, request }) => {
  const { p0, t1, p1 } = await findRise(request);
  const level = Number(((p0 + p1) / 2).toFixed(4));
  await setClock(request, iso(T0), true);
  await withoutRealtime(page);
  await openAlerts(page);
  await createAlert(page, level, 'Either way');
  await page.waitForTimeout(3_500);
  // Hidden, as TanStack Query's focus manager reads it: ordinary polling stops.
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  const tickerRequests: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/v1/market/ticker')) tickerRequests.push(sent.url());
  });
  await setClock(request, iso(t1), true);
  await expect(page.getByTestId('alert-row')).toHaveAttribute('data-status', 'triggered', { timeout: 15_000 });
  // Only the alert's symbol kept polling (the watchlist's did not).
  expect(tickerRequests.length).toBeGreaterThan(0);
  for (const url of tickerRequests) expect(decodeURIComponent(url)).toContain(SYMBOL);
});

test('the dialog’s last price reads as the header’s: the symbol’s precision, grouped (94,296.54, 222.10)', async ({ page, request }) => {
  await setClock(request, iso(T0), true);
  for (const symbol of ['BTCUSDT', 'AAPL.US']) {
    await page.goto(`/?symbol=${symbol}&interval=1d&tab=chart`);
    const header = page.getByTestId('header-last-price');
    await expect(header).toHaveText(/\d/, { timeout: 15_000 });
    await page.getByRole('tab', { name: 'Alerts' }).click();
    await page.getByRole('button', { name: '+ New alert' }).click();
    const dialog = page.getByRole('dialog', { name: 'New alert' });
    await expect(dialog.getByTestId('alert-dialog-last')).toHaveText(`Last price ${(await header.textContent()) ?? ''}`);
    await page.keyboard.press('Escape');
  }
});

test('a level typed with more decimals than BTCUSDT quotes is saved and shown at its precision', async ({ page, request }) => {
  await setClock(request, iso(T0), true);
  await page.goto('/?symbol=BTCUSDT&interval=1d&tab=chart');
  const header = page.getByTestId('header-last-price');
  await expect(header).toHaveText(/\d/, { timeout: 15_000 });
  // The symbol's precision: the decimals the header prints (94,296.54: 2).
  const decimals = ((await header.textContent()) ?? '').split('.')[1]?.length ?? 0;
  expect(decimals).toBeGreaterThan(0);
  expect(decimals).toBeLessThan(7);
  const rounded = (94_728.5656444).toFixed(decimals).replace(/\.?0+$/, '');
  await page.getByRole('tab', { name: 'Alerts' }).click();
  await page.getByRole('button', { name: '+ New alert' }).click();
  const dialog = page.getByRole('dialog', { name: 'New alert' });
  await expect(dialog.getByTestId('alert-dialog-last')).toHaveText(/\d/);
  const level = dialog.getByLabel('Price level');
  await level.fill('94728.5656444');
  // Leaving the field shows the level that will be saved.
  await level.press('Tab');
  await expect(level).toHaveValue(rounded);
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Create alert' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('alert-row');
  await expect(row).toContainText(`crosses ${rounded} · once`);
  // Edited again, the dialog shows the saved level.
  await row.getByRole('button', { name: /Edit/ }).click();
  await expect(page.getByRole('dialog', { name: 'Edit alert' }).getByLabel('Price level')).toHaveValue(rounded);
});

test.describe('with the service worker (the push control waits for it)', () => {
  test.use({ serviceWorkers: 'allow' });

  test('on a server without push (no workspace) the Alerts panel does not ask for its key: no 404 in the console', async ({ page }) => {
    const asked: string[] = [];
    const errors: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/chartroom/push/key') asked.push(request.url());
    });
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const status = page.waitForResponse((response) => new URL(response.url()).pathname === '/chartroom/alerts/status');
    await openAlerts(page);
    expect(await (await status).json()).toMatchObject({ push: false });
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20_000 }).toBe(true);
    // The panel's push control would have loaded and asked by now.
    await page.waitForTimeout(1_500);
    expect(asked).toEqual([]);
    expect(errors).toEqual([]);
  });
});

test('bad values in the dialog get clear messages', async ({ page }) => {
  await openAlerts(page);
  await page.getByRole('button', { name: '+ New alert' }).click();
  const dialog = page.getByRole('dialog', { name: 'New alert' });
  const level = dialog.getByLabel('Price level');
  const create = dialog.getByRole('button', { name: 'Create alert' });

  await create.click();
  await expect(dialog).toContainText('Enter the price level.');
  await expect(level).toHaveAttribute('aria-invalid', 'true');

  await level.fill('abc');
  await create.click();
  await expect(dialog).toContainText('“abc” is not a number');

  await level.fill('-5');
  await create.click();
  await expect(dialog).toContainText('must be above zero');

  await dialog.getByLabel('Symbol').fill('');
  await create.click();
  await expect(dialog).toContainText('Enter the symbol to watch');

  await dialog.getByLabel('Symbol').fill('ZZZQ.US');
  await level.fill('10');
  await create.click();
  await expect(dialog).toContainText('ZZZQ.US is not in the catalogue');
  await expect(page.getByTestId('alert-row')).toHaveCount(0);
  await level.fill('');
  await create.click();
  await expect(dialog).toContainText('Enter the price level.');
  await dialog.screenshot({ path: `${SHOTS}/dialog-errors.png` });

  // A code listed under two types asks which; the answer makes the alert.
  await dialog.getByLabel('Symbol').fill('BTCUSD');
  await level.fill('10');
  await create.click();
  await expect(dialog).toContainText('Which BTCUSD do you mean?');
  await dialog.getByRole('button', { name: 'crypto' }).click();
  await create.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('alert-row')).toHaveAttribute('data-symbol', 'BTCUSD');
});

test('screenshots: alert lines on the chart, the panel, a toast, dark and light', async ({ page, request }) => {
  const { p0, t1, p1 } = await findRise(request);
  await setClock(request, iso(T0), true);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openAlerts(page);
  await createAlert(page, Number(((p0 + p1) / 2).toFixed(4)), 'Crossing up');
  await createAlert(page, Number((p0 * 0.98).toFixed(2)), 'Crossing down');
  await createAlert(page, Number((p0 * 1.02).toFixed(2)), 'Either way');
  await setClock(request, iso(t1), true);
  await expect(page.getByTestId('alert-toast')).toBeVisible({ timeout: 15_000 });
  await page.screenshot({ path: `${SHOTS}/alerts-dark.png` });
  await page.getByRole('button', { name: /Switch to (light|dark) theme/ }).click();
  await page.mouse.move(700, 400);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/alerts-light.png` });
  // The narrowest three-column width: rows keep their symbol and price beside the bell.
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.getByRole('button', { name: '+ New alert' }).click();
  await page.screenshot({ path: `${SHOTS}/alerts-narrow-dialog-light.png` });
});

test('"Alert here" on the chart and a watchlist row open the dialog at once, and no keystroke is lost', async ({ page }) => {
  await page.goto(`/?symbol=${SYMBOL}&interval=1d&adjust=none`);
  const msft = page.locator('[data-testid="watchlist-row"][data-symbol="MSFT.US"]');
  await expect(msft.getByRole('button', { name: 'Set alert for MSFT.US…' })).toBeVisible();

  // Typed straight after the click: the dialog is there and its level field has focus.
  await msft.getByRole('button', { name: 'Set alert for MSFT.US…' }).click();
  await page.keyboard.type('123.5');
  const dialog = page.getByRole('dialog', { name: 'New alert' });
  await expect(dialog.getByLabel('Symbol')).toHaveValue('MSFT.US');
  await expect(dialog.getByLabel('Price level')).toHaveValue('123.5');
  await dialog.getByRole('button', { name: 'Create alert' }).click();
  await expect(dialog).toBeHidden();

  const chart = page.getByTestId('main-chart');
  const box = await chart.boundingBox();
  if (!box) throw new Error('no chart');
  const pointerY = box.y + box.height / 3;
  await page.mouse.move(box.x + box.width / 2, pointerY);
  const here = page.getByTestId('alert-here');
  await expect(here).toBeVisible();
  // Beside the crosshair's price label on the axis (about 20 px high, centred on the pointer), not over its digits.
  const bell = await here.boundingBox();
  expect(bell && (bell.y >= pointerY + 9 || bell.y + bell.height <= pointerY - 9), `bell at ${JSON.stringify(bell)}, pointer y ${String(pointerY)}`).toBe(true);
  const label = (await here.getAttribute('aria-label')) ?? '';
  const price = /Alert here: ([\d.]+)/.exec(label)?.[1];
  expect(price).toBeDefined();
  await here.click();
  await expect(dialog.getByLabel('Symbol')).toHaveValue(SYMBOL);
  await expect(dialog.getByLabel('Price level')).toHaveValue(price ?? '');
  await dialog.getByRole('button', { name: 'Create alert' }).click();

  await page.getByRole('tab', { name: 'Alerts' }).click();
  await expect(page.getByTestId('alert-row')).toHaveCount(2);
  await expect(page.locator('[data-testid="alert-row"][data-symbol="MSFT.US"]')).toContainText('crosses 123.5');
});

test('an alert past its expiry moves to expired', async ({ page, request }) => {
  const p0 = await priceAt(request, T0);
  await openAlerts(page);
  await page.getByRole('button', { name: '+ New alert' }).click();
  const dialog = page.getByRole('dialog', { name: 'New alert' });
  await dialog.getByLabel('Price level').fill(String(Math.round(p0 * 2)));
  // Two minutes after the frozen clock in the browser's zone, typed as a trader types it.
  const expiry = await page.evaluate((ms) => {
    const at = new Date(ms);
    const two = (n: number) => String(n).padStart(2, '0');
    return `${String(at.getFullYear())}-${two(at.getMonth() + 1)}-${two(at.getDate())} ${two(at.getHours())}:${two(at.getMinutes())}`;
  }, T0 + 120_000);
  await dialog.getByRole('textbox', { name: 'Expires (optional)' }).click();
  await page.keyboard.type(expiry, { delay: 40 });
  await dialog.getByRole('button', { name: 'Create alert' }).click();
  const row = page.getByTestId('alert-row');
  await expect(row).toHaveAttribute('data-status', 'armed');
  await expect(row).toContainText('Expires');
  await setClock(request, iso(T0 + 300_000), true);
  await expect(row).toHaveAttribute('data-status', 'expired', { timeout: 15_000 });
});

test('an alert line dragged on the chart moves the alert to the new level, and the chart does not pan', async ({ page, request }) => {
  const p0 = await priceAt(request, T0);
  await openAlerts(page);
  const level = Number((p0 * 1.01).toFixed(2));
  await createAlert(page, level, 'Crossing up');
  const row = page.getByTestId('alert-row');
  await expect(row).toContainText(`crosses above ${String(level)}`);

  // The pane's price ↔ y, read from "Alert here" at two heights.
  const box = await page.getByTestId('main-chart').boundingBox();
  if (!box) throw new Error('no chart');
  const x = box.x + box.width * 0.4;
  const priceAtY = async (y: number) => {
    await page.mouse.move(x, y);
    const label = (await page.getByTestId('alert-here').getAttribute('aria-label')) ?? '';
    return Number(/: ([\d.]+)/.exec(label)?.[1]);
  };
  const [y1, y2] = [box.y + box.height * 0.2, box.y + box.height * 0.6];
  const [q1, q2] = [await priceAtY(y1), await priceAtY(y2)];
  const yOf = (price: number) => y1 + ((price - q1) * (y2 - y1)) / (q2 - q1);
  const before = await readCandles(page);

  await page.mouse.move(x, yOf(level));
  await page.mouse.down();
  await page.mouse.move(x - 60, yOf(level) - 40, { steps: 6 });
  await page.mouse.up();

  const moved = Number(/crosses above ([\d.]+)/.exec((await row.textContent()) ?? '')?.[1]);
  expect(moved).toBeGreaterThan(level);
  expect(Math.abs(moved - (await priceAtY(yOf(level) - 40)))).toBeLessThan(Math.abs(q2 - q1) / 20);
  // The drag moved the line, not the chart: the candles are where they were.
  const after = await readCandles(page);
  expect(after.candles.map((candle) => Math.round(candle.x))).toEqual(before.candles.map((candle) => Math.round(candle.x)));
  await page.reload();
  await page.getByRole('tab', { name: 'Alerts' }).click();
  await expect(page.getByTestId('alert-row')).toContainText(`crosses above ${String(moved)}`);
});

test('two tabs open: one of them evaluates, so a crossing is logged and notified once, and both show its toast', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const { p0, t1, p1 } = await findRise(request);
  const level = Number(((p0 + p1) / 2).toFixed(4));
  await setClock(request, iso(T0), true);
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await watchNotifications(page);
  await openAlerts(page);
  const other = await context.newPage();
  await watchNotifications(other);
  await openAlerts(other);
  await createAlert(page, level, 'Crossing up');
  // The second tab takes the new alert from storage.
  await expect(other.getByTestId('alert-row')).toHaveAttribute('data-status', 'armed');
  await page.waitForTimeout(2_000);

  await setClock(request, iso(t1), true);
  for (const tab of [page, other]) await expect(tab.getByTestId('alert-toast')).toContainText(`Alert: ${SYMBOL}crossed above`, { timeout: 15_000 });
  await page.waitForTimeout(2_500);
  for (const tab of [page, other]) await expect(tab.getByTestId('alert-log-entry')).toHaveCount(1);
  const notified = [...(await notifications(page)), ...(await notifications(other))];
  expect(notified).toHaveLength(1);
  await other.close();
});

test('a day move alert is measured from the previous close and fires when the day’s change crosses N %', async ({ page, request }, testInfo) => {
  // The day's change at T0, and the first later instant (10 s steps) where the price is further
  // from the close; the percent between the two.
  await setClock(request, iso(T0), true);
  const ticker = ((await (await request.get(`/v1/market/ticker?symbols=${SYMBOL}`)).json()) as { data: { prev_close: string }[] }).data[0];
  const prevClose = Number(ticker?.prev_close);
  const p0 = await priceAt(request, T0);
  const up = p0 > prevClose;
  let moved: { t1: number; p1: number } | undefined;
  for (let step = 1; step <= 360 && !moved; step += 1) {
    const p1 = await priceAt(request, T0 + step * 10_000);
    if (up ? p1 > p0 : p1 < p0) moved = { t1: T0 + step * 10_000, p1 };
  }
  if (!moved) throw new Error('the day’s change never grew within an hour');
  const { t1, p1 } = moved;
  const percent = Number((((Math.abs(p0 - prevClose) + Math.abs(p1 - prevClose)) / 2 / prevClose) * 100).toFixed(3));
  const level = prevClose * (1 + ((up ? 1 : -1) * percent) / 100);
  expect(up ? level > p0 && level < p1 : level < p0 && level > p1, `${String(level)} between ${String(p0)} and ${String(p1)}`).toBe(true);
  await setClock(request, iso(T0), true);

  await openAlerts(page);
  await page.getByRole('button', { name: '+ New alert' }).click();
  const dialog = page.getByRole('dialog', { name: 'New alert' });
  await dialog.getByText('Moves by % in the day').click();
  await dialog.getByLabel('Move in % from the previous close').click();
  await page.keyboard.type(String(percent), { delay: 40 });
  await dialog.getByLabel('Direction').selectOption({ label: 'Either way' });
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('alert-row');
  await expect(row).toContainText(`moves ${String(percent)} % within the day`);
  await expect(row).toHaveAttribute('data-status', 'armed');
  await page.waitForTimeout(2_500);
  await expect(page.getByTestId('alert-toast')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('day-move-lines.png') });

  await setClock(request, iso(t1), true);
  await expect(page.getByTestId('alert-toast')).toContainText(`Alert: ${SYMBOL}${up ? 'rose' : 'fell'} ${String(percent)} % within the day`, {
    timeout: 15_000,
  });
  await expect(row).toHaveAttribute('data-status', 'triggered');
  await expect(page.getByTestId('alert-log-entry')).toHaveCount(1);
});
