import { describe, expect, it } from 'vitest';
import type { AlertPushMessage } from './push-message';
import {
  NOTIFICATION_ICON,
  openAlertChart,
  showAlertNotification,
  type ClickedNotification,
  type ClientsLike,
  type NotifyingRegistration,
  type WindowClientLike,
} from './push-notifications';
import { OPEN_CHART_MESSAGE } from './worker-protocol';

const ORIGIN = 'https://chartroom.example';
const MESSAGE: AlertPushMessage = {
  v: 1,
  kind: 'alert',
  triggerId: 'trigger-7',
  symbol: 'AAPL.US',
  title: 'Alert: AAPL.US',
  body: 'AAPL.US crossed above 200: 200.12',
  // The server's link: the chart at the trigger's time (server/alerts/alert-deliverers.ts).
  url: '/?symbol=AAPL.US&interval=1h&at=2026-05-28T20:26:40Z',
  time: 1_780_000_000_000,
};

function fakeRegistration(): NotifyingRegistration & { shown: { title: string; options: NotificationOptions | undefined }[] } {
  const shown: { title: string; options: NotificationOptions | undefined }[] = [];
  return {
    shown,
    showNotification(title, options) {
      shown.push({ title, options });
      return Promise.resolve();
    },
  };
}

describe('showAlertNotification', () => {
  it('shows a valid message: title, body, the trigger as tag, the chart as data, icon and time', async () => {
    const registration = fakeRegistration();
    expect(await showAlertNotification(registration, JSON.stringify(MESSAGE), ORIGIN)).toBe(true);
    expect(registration.shown).toEqual([
      {
        title: 'Alert: AAPL.US',
        options: {
          body: 'AAPL.US crossed above 200: 200.12',
          tag: 'trigger-7',
          data: { url: '/?symbol=AAPL.US&interval=1h&at=2026-05-28T20:26:40Z' },
          icon: NOTIFICATION_ICON,
          timestamp: MESSAGE.time,
        },
      },
    ]);
  });

  it('opens the app itself for a url of another site', async () => {
    const registration = fakeRegistration();
    await showAlertNotification(registration, JSON.stringify({ ...MESSAGE, url: 'https://evil.example/' }), ORIGIN);
    expect(registration.shown[0]?.options?.data).toEqual({ url: '/' });
  });

  it('shows nothing for anything else', async () => {
    const registration = fakeRegistration();
    for (const data of [undefined, '', 'not json', JSON.stringify({ ...MESSAGE, kind: 'other' }), JSON.stringify({ v: 1 })]) {
      expect(await showAlertNotification(registration, data, ORIGIN)).toBe(false);
    }
    expect(registration.shown).toEqual([]);
  });
});

interface FakeWindow extends WindowClientLike {
  received: unknown[];
  navigatedTo: string[];
  focusCount: number;
}

/** A window that answers the open-chart message (`answers`), or does not; `controlled` windows can be navigated. */
function fakeWindow(url: string, { focused = false, answers = true, controlled = true, focusRefused = false } = {}): FakeWindow {
  const client: FakeWindow = {
    url,
    focused,
    received: [],
    navigatedTo: [],
    focusCount: 0,
    focus() {
      client.focusCount += 1;
      return focusRefused ? Promise.reject(new Error('InvalidAccessError')) : Promise.resolve(client);
    },
    navigate(to) {
      if (!controlled) return Promise.reject(new TypeError('not controlled'));
      client.navigatedTo.push(to);
      return Promise.resolve(client);
    },
    postMessage(message, transfer) {
      client.received.push(message);
      const port = transfer[0] as MessagePort | undefined;
      if (answers) port?.postMessage(true);
    },
  };
  return client;
}

function fakeClients(windows: FakeWindow[], { openFails = false } = {}): ClientsLike & { opened: string[]; queries: unknown[] } {
  const opened: string[] = [];
  const queries: unknown[] = [];
  return {
    opened,
    queries,
    matchAll(options) {
      queries.push(options);
      return Promise.resolve(windows);
    },
    openWindow(url) {
      opened.push(url);
      return openFails ? Promise.reject(new TypeError('not allowed')) : Promise.resolve(fakeWindow(`${ORIGIN}${url}`));
    },
  };
}

function clicked(data: unknown): ClickedNotification & { closed: () => number } {
  let closed = 0;
  return {
    data,
    close: () => {
      closed += 1;
    },
    closed: () => closed,
  };
}

/** The chart at its moment: the message, the navigation and the new window carry `at=` as it is. */
const CHART = '/?symbol=AAPL.US&interval=1h&at=2026-05-28T20:26:40Z';

describe('openAlertChart', () => {
  it('closes the notification and asks the open window to show the chart: no reload, no new window', async () => {
    const open = fakeWindow(`${ORIGIN}/?symbol=MSFT.US&interval=1d`);
    const clients = fakeClients([open]);
    const notification = clicked({ url: CHART });
    expect(await openAlertChart(notification, clients, ORIGIN, 200)).toBe('shown');
    expect(notification.closed()).toBe(1);
    expect(clients.queries).toEqual([{ type: 'window', includeUncontrolled: true }]);
    expect(open.focusCount).toBe(1);
    expect(open.received).toEqual([{ type: OPEN_CHART_MESSAGE, url: CHART }]);
    expect(open.navigatedTo).toEqual([]);
    expect(clients.opened).toEqual([]);
  });

  it('prefers the focused window', async () => {
    const other = fakeWindow(`${ORIGIN}/`);
    const focused = fakeWindow(`${ORIGIN}/`, { focused: true });
    await openAlertChart(clicked({ url: CHART }), fakeClients([other, focused]), ORIGIN, 200);
    expect(focused.received).toHaveLength(1);
    expect(other.received).toEqual([]);
  });

  it('skips the server’s own pages (sign-in)', async () => {
    const signIn = fakeWindow(`${ORIGIN}/chartroom/login`, { focused: true });
    const app = fakeWindow(`${ORIGIN}/?symbol=MSFT.US`);
    await openAlertChart(clicked({ url: CHART }), fakeClients([signIn, app]), ORIGIN, 200);
    expect(app.received).toHaveLength(1);
    expect(signIn.received).toEqual([]);
  });

  it('still asks a window it could not focus', async () => {
    const open = fakeWindow(`${ORIGIN}/`, { focusRefused: true });
    expect(await openAlertChart(clicked({ url: CHART }), fakeClients([open]), ORIGIN, 200)).toBe('shown');
  });

  it('navigates a window that does not answer in time', async () => {
    const open = fakeWindow(`${ORIGIN}/`, { answers: false });
    const clients = fakeClients([open]);
    expect(await openAlertChart(clicked({ url: CHART }), clients, ORIGIN, 20)).toBe('navigated');
    expect(open.navigatedTo).toEqual([CHART]);
    expect(clients.opened).toEqual([]);
  });

  it('opens a new window when the silent one cannot be navigated (not controlled)', async () => {
    const open = fakeWindow(`${ORIGIN}/`, { answers: false, controlled: false });
    const clients = fakeClients([open]);
    expect(await openAlertChart(clicked({ url: CHART }), clients, ORIGIN, 20)).toBe('opened');
    expect(clients.opened).toEqual([CHART]);
  });

  it('opens a new window when none is open', async () => {
    const clients = fakeClients([]);
    expect(await openAlertChart(clicked({ url: CHART }), clients, ORIGIN)).toBe('opened');
    expect(clients.opened).toEqual([CHART]);
  });

  it('opens the app itself for data of another site or none', async () => {
    const clients = fakeClients([]);
    await openAlertChart(clicked({ url: 'https://evil.example/' }), clients, ORIGIN);
    await openAlertChart(clicked(null), clients, ORIGIN);
    expect(clients.opened).toEqual(['/', '/']);
  });

  it('says so when no window could be opened', async () => {
    expect(await openAlertChart(clicked({ url: CHART }), fakeClients([], { openFails: true }), ORIGIN)).toBe('none');
  });
});
