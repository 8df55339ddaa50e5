/**
 * What the server's Web Push carries to the service worker (server/alerts/push/): one triggered
 * alert. The worker shows it as a notification (push-notifications.ts); anything that is not
 * such a message is ignored. Imported by the worker and the tests (DOM and WebWorker alike).
 */

export interface AlertPushMessage {
  v: 1;
  kind: 'alert';
  /** One per trigger: the notification's tag, so a repeat of it replaces rather than stacks. */
  triggerId: string;
  symbol: string;
  title: string;
  body: string;
  /**
   * A path of this origin (`/?symbol=AAPL.US&interval=1h&at=2026-11-20T15:45:00Z`): what a click on
   * the notification opens, the alert's chart at the trigger's time (src/app/url-moment.ts).
   */
  url: string;
  /** When the alert fired, epoch ms. */
  time: number;
}

/** Bounds of the texts (a notification shows far less; a longer one is not the server's). */
const MAX_TEXT = 1_000;

const text = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= MAX_TEXT;

/**
 * `url` as a path of `origin` (path, query and hash), or '/' when it is not one: a push never
 * opens another site.
 */
export function sameOriginPath(url: unknown, origin: string): string {
  if (typeof url !== 'string' || url.length > MAX_TEXT) return '/';
  try {
    const resolved = new URL(url, origin);
    if (resolved.origin !== origin || (resolved.protocol !== 'https:' && resolved.protocol !== 'http:')) return '/';
    return `${resolved.pathname}${resolved.search}${resolved.hash}`;
  } catch {
    return '/';
  }
}

/** The message of a push's data (its text), with its url made a path of `origin`; undefined for anything else. */
export function parsePushMessage(data: string | null | undefined, origin: string): AlertPushMessage | undefined {
  if (typeof data !== 'string' || data.length === 0) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const message = value as Record<string, unknown>;
  if (message.v !== 1 || message.kind !== 'alert') return undefined;
  const { triggerId, symbol, title, body, time } = message;
  if (!text(triggerId) || !text(symbol) || !text(title) || typeof body !== 'string' || body.length > MAX_TEXT) return undefined;
  if (typeof time !== 'number' || !Number.isFinite(time) || time < 0) return undefined;
  return { v: 1, kind: 'alert', triggerId, symbol, title, body, url: sameOriginPath(message.url, origin), time };
}
