/**
 * The service worker's side of server alerts (issue 34): a push (push-message.ts) becomes a
 * notification, and a click on it opens the alert's chart. Written against the few members of
 * the worker's globals it uses, so the tests run it with fakes (push-notifications.test.ts).
 *
 * A click goes to a Chartroom window already open when there is one: it is focused and asked, by
 * a message, to show the chart (src/app/offline/open-chart-message.ts). The page then opens the
 * symbol on its active chart as a watchlist click would: no reload, so nothing of the trader's
 * session goes (a symbol typed but not added, an open dialog, the undo history, the other charts of
 * a layout, the socket). A page that does not answer in time (its code for this not loaded yet,
 * right after it opened) is navigated to the chart's link instead; with no window open, or one that
 * cannot be navigated (not controlled by this worker), a new window opens on the link.
 */
import { parsePushMessage, sameOriginPath, type AlertPushMessage } from './push-message';
import { OPEN_CHART_MESSAGE, type OpenChartMessage } from './worker-protocol';

/** The app's icon (public/icons/). No badge: the app has no monochrome icon, and a badge is drawn as a mask of its alpha. */
export const NOTIFICATION_ICON = '/icons/icon-192.png';
/** How long a window has to answer that it shows the chart before it is navigated to it. */
export const OPEN_CHART_ANSWER_MS = 1_500;

/** NotificationOptions with the time of the event (Chromium shows it; TypeScript's DOM types lack it). */
export interface AlertNotificationOptions extends NotificationOptions {
  timestamp: number;
  data: { url: string };
}

export function notificationOf(message: AlertPushMessage): { title: string; options: AlertNotificationOptions } {
  return {
    title: message.title,
    options: { body: message.body, tag: message.triggerId, data: { url: message.url }, icon: NOTIFICATION_ICON, timestamp: message.time },
  };
}

export interface NotifyingRegistration {
  showNotification(title: string, options?: NotificationOptions): Promise<void>;
}

/**
 * A push's data as a notification: shown for every valid message (the subscription promises the
 * browser a visible notification per push); anything else shows nothing. True when one was shown.
 */
export async function showAlertNotification(registration: NotifyingRegistration, data: string | null | undefined, origin: string): Promise<boolean> {
  const message = parsePushMessage(data, origin);
  if (!message) return false;
  const { title, options } = notificationOf(message);
  await registration.showNotification(title, options);
  return true;
}

export interface WindowClientLike {
  readonly url: string;
  readonly focused: boolean;
  focus(): Promise<WindowClientLike>;
  navigate(url: string): Promise<WindowClientLike | null>;
  postMessage(message: unknown, transfer: Transferable[]): void;
}

export interface ClientsLike {
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
  openWindow(url: string): Promise<WindowClientLike | null>;
}

export interface ClickedNotification {
  readonly data: unknown;
  close(): void;
}

/** How a click opened the chart: the open window showed it, was navigated to it, a new window opened on it, or none could. */
export type ChartOpening = 'shown' | 'navigated' | 'opened' | 'none';

/** An app page of this origin: not the server's own pages (sign-in, `/chartroom/…`). */
function isAppWindow(client: WindowClientLike, origin: string): boolean {
  try {
    const url = new URL(client.url);
    return url.origin === origin && !url.pathname.startsWith('/chartroom/');
  } catch {
    return false;
  }
}

/** Asks `client` to show the chart at `url`; true once it answers that it does, false after `answerMs` without an answer. */
export function askToShowChart(client: WindowClientLike, url: string, answerMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const settle = (shown: boolean): void => {
      clearTimeout(timer);
      channel.port1.onmessage = null;
      channel.port1.close();
      resolve(shown);
    };
    const timer = setTimeout(() => {
      settle(false);
    }, answerMs);
    channel.port1.onmessage = (event: MessageEvent<unknown>) => {
      settle(event.data === true);
    };
    try {
      const message: OpenChartMessage = { type: OPEN_CHART_MESSAGE, url };
      client.postMessage(message, [channel.port2]);
    } catch {
      settle(false);
    }
  });
}

/** A click on an alert's notification: closes it and opens its chart (see the top of this file). */
export async function openAlertChart(
  notification: ClickedNotification,
  clients: ClientsLike,
  origin: string,
  answerMs: number = OPEN_CHART_ANSWER_MS,
): Promise<ChartOpening> {
  notification.close();
  const data = notification.data as { url?: unknown } | null | undefined;
  const url = sameOriginPath(data?.url, origin);
  const windows = (await clients.matchAll({ type: 'window', includeUncontrolled: true })).filter((client) => isAppWindow(client, origin));
  // Most recently focused first (the order of matchAll).
  const open = windows.find((client) => client.focused) ?? windows[0];
  if (open) {
    const shown = await open.focus().catch(() => open);
    if (await askToShowChart(shown, url, answerMs)) return 'shown';
    const navigated = await shown.navigate(url).catch(() => null);
    if (navigated) return 'navigated';
  }
  const opened = await clients.openWindow(url).catch(() => null);
  return opened ? 'opened' : 'none';
}
