/**
 * Issue 34: a server alert reaches the device by Web Push. A push the server's way (delivered here
 * through the DevTools protocol, as the push service would) makes the service worker show a
 * notification, with the trigger as its tag (a repeat replaces it); anything that is not an alert
 * message shows nothing; a click on the notification opens the alert's chart in the open window,
 * with no reload, at the trigger's time: that bar in the middle of the pane, marked. A link with
 * the moment opened cold (no window open: the worker opens one on it) does the same, older history
 * loaded on the way, and the moment leaves the URL. And the Alerts panel offers "Notify this
 * device" once the server gives its push key and the worker is ready. The service worker is allowed here (the other journeys block it:
 * playwright.config.ts).
 *
 * The panel's journey runs against a server of its own with a workspace database, so its push
 * routes are the real ones (server/alerts/push/): the key, and the device stored and removed.
 * Only the browser's push service is stood in for (this headless Chromium has none).
 */
import { createECDH } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { CDPSession, Page } from '@playwright/test';
import { PUSH_KEY_PATH, PUSH_SUBSCRIPTIONS_PATH, type PushDevicesAnswer } from '#shared/push-protocol.ts';
import { startServer, type RunningServer } from './start-server.ts';
import { expect, test } from './fixtures.ts';
import { paneBox } from './price-pane-pixels.ts';
import { resetSimulator } from './sim-control.ts';

const SHOTS = process.env.PUSH_SHOTS_DIR ?? 'test-results/push-shots';
/** The device's key as a browser makes it: an uncompressed P-256 point, base64url. */
const DEVICE_KEY = createECDH('prime256v1').generateKeys().toString('base64url');
const DEVICE_ENDPOINT = 'https://push.example/journey-device';

/** A few days before the simulator's now (Wednesday 2026-11-25 15:00 UTC): the Friday before, 10:45 in New York. */
const TRIGGERED_AT = '2026-11-20T15:45:00Z';
const ALERT = {
  v: 1,
  kind: 'alert',
  triggerId: 'journey-trigger-1',
  symbol: 'NVDA.US',
  title: 'Alert: NVDA.US',
  body: 'NVDA.US crossed above 150: 150.25',
  // As the server writes it (server/alerts/alert-deliverers.ts): an indicator alert on 1h bars.
  url: `/?symbol=NVDA.US&interval=1h&at=${TRIGGERED_AT}`,
  time: Date.parse(TRIGGERED_AT),
} as const;
const HOUR_MS = 3_600_000;

test.use({ serviceWorkers: 'allow', permissions: ['notifications'] });

test.beforeEach(async ({ request }) => {
  await resetSimulator(request);
  mkdirSync(SHOTS, { recursive: true });
});

/** Opens the app and waits until the service worker (registered after the first candle) controls the page. */
async function openControlled(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByTestId('symbol-header')).toContainText('AAPL.US', { timeout: 15_000 });
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20_000 }).toBe(true);
}

/** The worker's registration id (DevTools protocol), for its push messages. */
async function registrationId(cdp: CDPSession, origin: string): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((registration) => registration.scopeURL === `${origin}/` && !registration.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

/** The legend's time of a bar: its wall clock in New York, NVDA.US's market (the chart's zone by default). */
function newYorkTime(ms: number): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(ms);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

/** What the chart's element says of its moment's mark (src/features/chart/chart-moment-view.ts): the bar's time, band and line (pane px). */
interface MomentMark {
  time: number;
  x: number;
  width: number;
  line: number;
}

/** How much of the price pane's pixel column at pane x is the mark's amber (#f59e0b): its dashed line fills over half. */
const amberShare = (page: Page, x: number): Promise<number> =>
  page.evaluate((x) => {
    const canvases = [...document.querySelectorAll<HTMLCanvasElement>('[data-testid="main-chart"] canvas')];
    const widest = canvases.reduce((best, c) => (c.width * c.height > best.width * best.height ? c : best));
    let share = 0;
    for (const canvas of canvases.filter((c) => c.width === widest.width && c.height === widest.height)) {
      const column = Math.round((x * canvas.width) / canvas.getBoundingClientRect().width);
      const { data } = canvas.getContext('2d')?.getImageData(column, 0, 1, canvas.height) ?? new ImageData(1, 1);
      let amber = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (Math.abs((data[i] ?? 0) - 0xf5) < 24 && Math.abs((data[i + 1] ?? 0) - 0x9e) < 24 && Math.abs((data[i + 2] ?? 0) - 0x0b) < 24) amber += 1;
      }
      share = Math.max(share, amber / canvas.height);
    }
    return share;
  }, x);

/**
 * The chart at `time`: the bar holding it is marked, roughly in the middle of the price pane, its
 * dashed line drawn at the moment, and the legend reads that bar under the pointer there. `shot`:
 * the page's picture, taken before the pointer comes (its crosshair would cover the mark).
 */
async function expectChartAt(page: Page, time: number, shot: string): Promise<MomentMark> {
  const pane = await paneBox(page);
  // On the chart's element: main-chart's own, or the early chart's inside it when the app adopted that.
  const markNow = async (): Promise<MomentMark | undefined> => {
    const text = await page.evaluate(() =>
      document.querySelector('[data-testid="main-chart"] [data-moment-mark], [data-testid="main-chart"][data-moment-mark]')?.getAttribute('data-moment-mark'),
    );
    return text ? (JSON.parse(text) as MomentMark) : undefined;
  };
  // Centred once there (older pages may load on the way).
  await expect.poll(async () => Math.abs(((await markNow())?.x ?? -1e6) - pane.width / 2), { timeout: 30_000 }).toBeLessThan(pane.width * 0.1);
  const mark = (await markNow()) as MomentMark;
  // The bar holding the moment: opened at or before it, less than an hour before (1h bars).
  expect(mark.time).toBeLessThanOrEqual(time);
  expect(mark.time).toBeGreaterThan(time - HOUR_MS);
  expect(Math.abs(mark.line - mark.x)).toBeLessThanOrEqual(mark.width);
  // Drawn: the dashed line, not the pane a hundred pixels away.
  expect(await amberShare(page, mark.line)).toBeGreaterThan(0.4);
  expect(await amberShare(page, mark.line - 100)).toBeLessThan(0.1);
  await page.screenshot({ path: shot });
  await page.mouse.move(pane.left + mark.x, pane.top + pane.height / 2);
  await expect(page.getByTestId('chart-legend')).toContainText(newYorkTime(mark.time));
  return mark;
}

interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  data: unknown;
  icon: string;
  timestamp: number;
}

/** The notifications the worker's registration shows now. */
const shownNotifications = (page: Page): Promise<ShownNotification[]> =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const list = await registration.getNotifications();
    // `timestamp`: Chromium's, not in TypeScript's DOM types.
    return list.map((shown) => ({
      title: shown.title,
      body: shown.body,
      tag: shown.tag,
      data: shown.data as unknown,
      icon: shown.icon,
      timestamp: (shown as Notification & { timestamp: number }).timestamp,
    }));
  });

test('a push shows the alert’s notification, a repeat replaces it, anything else shows nothing; a click opens its chart in the open window', async ({
  page,
  context,
  baseURL,
}) => {
  if (!baseURL) throw new Error('no baseURL');
  const origin = new URL(baseURL).origin;
  await openControlled(page, '/?symbol=AAPL.US&interval=1d');

  const cdp = await context.newCDPSession(page);
  const id = await registrationId(cdp, origin);
  const push = (data: string) => cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: id, data });

  // Not alert messages: nothing shows.
  for (const data of [
    '',
    'not json',
    JSON.stringify({ ...ALERT, kind: 'news' }),
    JSON.stringify({ ...ALERT, v: 2 }),
    JSON.stringify({ ...ALERT, title: 42 }),
  ]) {
    await push(data);
  }
  // A push of another site's address opens the app itself; this one is replaced by the next (same trigger).
  await push(JSON.stringify({ ...ALERT, body: 'first delivery', url: 'https://elsewhere.example/?symbol=EVIL.US' }));
  await expect.poll(() => shownNotifications(page), { timeout: 10_000 }).toEqual([expect.objectContaining({ body: 'first delivery', data: { url: '/' } })]);
  await push(JSON.stringify(ALERT));
  const expected: ShownNotification = {
    title: ALERT.title,
    body: ALERT.body,
    tag: ALERT.triggerId,
    data: { url: ALERT.url },
    icon: `${origin}/icons/icon-192.png`,
    timestamp: ALERT.time,
  };
  // One notification: the invalid pushes showed none, and the repeat of the trigger replaced the first.
  await expect.poll(() => shownNotifications(page), { timeout: 10_000 }).toEqual([expected]);

  // The click, from the worker: its own notificationclick handler, with the real notification.
  const documentStart = await page.evaluate(() => {
    (window as unknown as { journeyMark: string }).journeyMark = 'before the click';
    return performance.timeOrigin;
  });
  const [worker] = context.serviceWorkers();
  if (!worker) throw new Error('no service worker');
  await worker.evaluate(async (tag) => {
    const scope = globalThis as unknown as {
      registration: { getNotifications: (filter: { tag: string }) => Promise<Notification[]> };
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
      dispatchEvent: (event: Event) => boolean;
    };
    const [notification] = await scope.registration.getNotifications({ tag });
    if (!notification) throw new Error(`no notification ${tag}`);
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }));
  }, ALERT.triggerId);

  // The open window shows the alert's chart: its symbol in the header, its interval in the link.
  await expect(page.getByTestId('symbol-header')).toContainText(ALERT.symbol, { timeout: 10_000 });
  await expect.poll(() => new URL(page.url()).searchParams.get('interval')).toBe('1h');
  await expect(page.getByTestId('chart-legend')).toContainText('O', { timeout: 15_000 });
  // At the trigger's time: its bar in the middle, marked (the moment never enters the page's URL).
  await expectChartAt(page, ALERT.time, `${SHOTS}/pw-push-moment.png`);
  expect(new URL(page.url()).searchParams.has('at')).toBe(false);
  // Shown by the page itself: no reload (the page's own state is still there), and the notification is closed.
  expect(await page.evaluate(() => [(window as unknown as { journeyMark?: string }).journeyMark, performance.timeOrigin])).toEqual([
    'before the click',
    documentStart,
  ]);
  await expect.poll(() => shownNotifications(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/pw-push-after-click.png` });
  await cdp.detach();
});

test('a link with the alert’s moment opened cold shows that bar, marked, older history loaded on the way; the moment leaves the URL; a bad one is named', async ({
  page,
}) => {
  // Months back on 1h bars: past the first page's thousand, so an older page loads on the way.
  const at = '2026-03-10T15:45:00Z';
  const pages: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/v1/market/kline' && url.searchParams.get('symbol') === 'NVDA.US' && url.searchParams.get('interval') === '1h')
      pages.push(url.search);
  });
  await page.goto(`/?symbol=NVDA.US&interval=1h&at=${at}`);
  await expect(page.getByTestId('symbol-header')).toContainText('NVDA.US', { timeout: 15_000 });
  // Out of the URL from the first render: a reload, Back or a copied link does not go there again.
  await expect.poll(() => new URL(page.url()).searchParams.has('at')).toBe(false);
  expect(new URL(page.url()).searchParams.get('interval')).toBe('1h');
  await expectChartAt(page, Date.parse(at), `${SHOTS}/pw-push-cold-moment.png`);
  // On the way: an older page than the first (which ends at the current period), months back.
  expect(pages.some((search) => Number(new URLSearchParams(search).get('end_time')) < Date.parse('2026-06-01T00:00:00Z'))).toBe(true);

  // Reloaded: the latest bars, no mark.
  await page.reload();
  await expect(page.getByTestId('chart-legend')).toContainText('O', { timeout: 15_000 });
  await page.waitForTimeout(2_000);
  await expect(page.locator('[data-moment-mark]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Scroll to the latest bar' })).toBeHidden();

  // A moment that is none: named by the link's notice, the chart at its latest bars.
  await page.goto('/?symbol=NVDA.US&interval=1h&at=yesterday');
  await expect(page.getByText('Ignored at “yesterday” in the link; showing defaults instead.')).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('[data-moment-mark]')).toHaveCount(0);
});

/**
 * Stands in for the browser's push service (this headless Chromium has none): `subscribe` gives a
 * subscription with a made-up endpoint, as a push service would. The page's code runs as it is.
 */
async function standInPushService(page: Page): Promise<void> {
  await page.evaluate(
    ([endpoint, p256dh]) => {
      let current: PushSubscription | null = null;
      const proto = PushManager.prototype as unknown as {
        subscribe: (options: PushSubscriptionOptionsInit) => Promise<PushSubscription>;
        getSubscription: () => Promise<PushSubscription | null>;
      };
      proto.subscribe = (options) => {
        const key = options.applicationServerKey as Uint8Array;
        const made = {
          endpoint,
          expirationTime: null,
          options: { applicationServerKey: key.slice().buffer, userVisibleOnly: true },
          toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth: 'A'.repeat(22) } }),
          unsubscribe: () => {
            current = null;
            return Promise.resolve(true);
          },
        } as unknown as PushSubscription;
        current = made;
        return Promise.resolve(made);
      };
      proto.getSubscription = () => Promise.resolve(current);
    },
    [DEVICE_ENDPOINT, DEVICE_KEY],
  );
}

test.describe('with the server’s push routes', () => {
  let server: RunningServer;
  test.beforeAll(async () => {
    // A workspace database (a temporary DATA_DIR): the key and device routes answer.
    server = await startServer({});
  });
  test.afterAll(() => server.stop());

  const devices = async (page: Page): Promise<string[]> =>
    ((await (await page.request.get(`${server.url}${PUSH_SUBSCRIPTIONS_PATH}`)).json()) as PushDevicesAnswer).devices.map((device) => device.endpoint);

  test('the Alerts panel offers “Notify this device” once the server gives its key and the worker is ready; on and off', async ({ page }) => {
    const { publicKey } = (await (await page.request.get(`${server.url}${PUSH_KEY_PATH}`)).json()) as { publicKey: string };
    await openControlled(page, `${server.url}/?symbol=AAPL.US&interval=1d`);
    await page.getByRole('tab', { name: 'Alerts' }).click();
    const panel = page.getByTestId('alerts-panel');
    const control = page.getByTestId('push-device');
    const turnOn = control.getByRole('button', { name: 'Notify this device' });
    await expect(control).toHaveAttribute('data-state', 'off', { timeout: 10_000 });
    await expect(control).toContainText('Get alerts on this device even when Chartroom is closed.');
    await panel.screenshot({ path: `${SHOTS}/pw-push-alerts-panel.png` });

    // The browser's own push service: this headless Chromium refuses ("Registration failed -
    // permission denied"), and the reason shows; with one, the device turns on, and off again.
    await turnOn.click();
    await expect(control).toHaveAttribute('data-state', /^(on|failed)$/, { timeout: 20_000 });
    if ((await control.getAttribute('data-state')) === 'failed') {
      await expect(control.getByRole('status')).toContainText('The browser’s push service refused: ');
      await panel.screenshot({ path: `${SHOTS}/pw-push-alerts-panel-failed.png` });
      expect(await devices(page)).toEqual([]);
    } else {
      await control.getByRole('button', { name: 'Turn off' }).click();
      await expect(control).toHaveAttribute('data-state', 'off');
    }

    // With a push service: subscribed with the server's key, the device stored by the server, on; then off.
    await standInPushService(page);
    await turnOn.click();
    await expect(control).toHaveAttribute('data-state', 'on', { timeout: 10_000 });
    await expect(control).toContainText('This device is notified of alerts, even when Chartroom is closed.');
    await panel.screenshot({ path: `${SHOTS}/pw-push-alerts-panel-on.png` });
    const subscribedKey = await page.evaluate(async () => {
      const subscription = await (await navigator.serviceWorker.ready).pushManager.getSubscription();
      const key = subscription?.options.applicationServerKey;
      return key
        ? btoa(String.fromCharCode(...new Uint8Array(key)))
            .replace(/\+/g, '-')
            .replace(/\//g, '_')
            .replace(/=+$/, '')
        : undefined;
    });
    expect(subscribedKey).toBe(publicKey);
    expect(await devices(page)).toEqual([DEVICE_ENDPOINT]);
    await control.getByRole('button', { name: 'Turn off' }).click();
    await expect(control).toHaveAttribute('data-state', 'off');
    await expect.poll(() => devices(page)).toEqual([]);
  });
});
