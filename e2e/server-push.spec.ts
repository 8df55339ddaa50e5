/**
 * Issue 34: a server alert reaches the device by Web Push. A push the server's way (delivered here
 * through the DevTools protocol, as the push service would) makes the service worker show a
 * notification, with the trigger as its tag (a repeat replaces it); anything that is not an alert
 * message shows nothing; a click on the notification opens the alert's chart in the open window,
 * with no reload. And the Alerts panel offers "Notify this device" once the server gives its push
 * key and the worker is ready. The service worker is allowed here (the other journeys block it:
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
import { DEFAULT_SIM_NOW, resetSimulator } from './sim-control.ts';

const SHOTS = process.env.PUSH_SHOTS_DIR ?? 'test-results/push-shots';
/** The device's key as a browser makes it: an uncompressed P-256 point, base64url. */
const DEVICE_KEY = createECDH('prime256v1').generateKeys().toString('base64url');
const DEVICE_ENDPOINT = 'https://push.example/journey-device';

const ALERT = {
  v: 1,
  kind: 'alert',
  triggerId: 'journey-trigger-1',
  symbol: 'NVDA.US',
  title: 'Alert: NVDA.US',
  body: 'NVDA.US crossed above 150: 150.25',
  url: '/?symbol=NVDA.US&interval=1h',
  time: Date.parse(DEFAULT_SIM_NOW),
} as const;

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
  // Shown by the page itself: no reload (the page's own state is still there), and the notification is closed.
  expect(await page.evaluate(() => [(window as unknown as { journeyMark?: string }).journeyMark, performance.timeOrigin])).toEqual([
    'before the click',
    documentStart,
  ]);
  await expect.poll(() => shownNotifications(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/pw-push-after-click.png` });
  await cdp.detach();
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
