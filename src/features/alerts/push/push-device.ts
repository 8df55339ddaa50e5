/**
 * "Notify this device" (issue 34): this browser subscribed to the server's Web Push, so alerts the
 * server evaluates reach it while no Chartroom tab is open (shared/push-protocol.ts; the worker
 * shows them: src/sw/push-notifications.ts). What the browser and the server say is read and
 * changed here, through an environment the tests fake (push-device.test.ts); the control that
 * shows it is device-push-control.tsx.
 */
import { PUSH_KEY_PATH, PUSH_SUBSCRIPTIONS_PATH, type NewPushSubscription, type PushKeyAnswer, type PushLanguage } from '#shared/push-protocol.ts';
import { useAppStore } from '../../../store/app-store';
import { deviceLabel } from './device-label';

/** Why turning on failed: the browser's answer to the permission, its push service, or the server. */
export type PushFailure = { kind: 'not-allowed' } | { kind: 'subscribe'; detail: string } | { kind: 'server'; detail: string } | { kind: 'network' };

export type PushDeviceState =
  /** No Push in this browser, no push on this server (404), or it did not answer: nothing to offer. */
  | { kind: 'unavailable' }
  /** The server asks for a signed-in user (401). */
  | { kind: 'sign-in' }
  | { kind: 'off' }
  | { kind: 'on' }
  /** Notifications are denied in the browser's settings for this site: only the user can change that. */
  | { kind: 'blocked' }
  | { kind: 'failed'; failure: PushFailure };

export interface PushSubscriptionLike {
  readonly endpoint: string;
  readonly options?: { readonly applicationServerKey: ArrayBuffer | null };
  toJSON(): PushSubscriptionJSON;
  unsubscribe(): Promise<boolean>;
}

export interface PushRegistrationLike {
  readonly pushManager: {
    getSubscription(): Promise<PushSubscriptionLike | null>;
    subscribe(options: { userVisibleOnly: true; applicationServerKey: Uint8Array<ArrayBuffer> }): Promise<PushSubscriptionLike>;
  };
}

/** The browser as this module uses it. */
export interface PushEnvironment {
  fetch: (input: string, init?: RequestInit) => Promise<Response>;
  permission: () => NotificationPermission;
  requestPermission: () => Promise<NotificationPermission>;
  /** The service worker's registration once it is active (navigator.serviceWorker.ready). */
  registration: () => Promise<PushRegistrationLike>;
  userAgent: string;
  /** The app's language now: the server writes this device's notifications in it. */
  language: () => PushLanguage;
}

export function browserPushEnvironment(): PushEnvironment {
  return {
    fetch: (input, init) => fetch(input, { credentials: 'same-origin', cache: 'no-store', ...init }),
    permission: () => Notification.permission,
    requestPermission: () => Notification.requestPermission(),
    registration: () => navigator.serviceWorker.ready,
    userAgent: navigator.userAgent,
    language: () => {
      const { language } = useAppStore.getState().preferences;
      return language === 'pseudo' ? 'en' : language;
    },
  };
}

/** The bytes of a base64url text (the VAPID key); undefined when it is not base64url. */
export function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(text)) return undefined;
  const plain = text.replace(/=+$/, '');
  try {
    const binary = atob(`${plain.replace(/-/g, '+').replace(/_/g, '/')}${'='.repeat((4 - (plain.length % 4)) % 4)}`);
    return Uint8Array.from(binary, (char) => char.charCodeAt(0));
  } catch {
    return undefined;
  }
}

function sameBytes(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const bytes = new Uint8Array(a);
  return bytes.every((byte, index) => byte === b[index]);
}

/** The server's message of a refusal (its error envelope), else its status. */
async function refusalText(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === 'string' && body.message !== '') return body.message;
  } catch {
    // Not an envelope: the status says it.
  }
  return `HTTP ${String(response.status)}`;
}

const errorText = (error: unknown): string => (error instanceof Error && error.message !== '' ? error.message : String(error));

export type PushKey = { kind: 'key'; key: Uint8Array<ArrayBuffer> } | { kind: 'unavailable' } | { kind: 'sign-in' };

/** The server's VAPID key: 404 (no workspace database), a failure or a bad key is no push here; 401 asks for sign-in. */
export async function readPushKey(env: PushEnvironment): Promise<PushKey> {
  let response: Response;
  try {
    response = await env.fetch(PUSH_KEY_PATH);
  } catch {
    return { kind: 'unavailable' };
  }
  if (response.status === 401) return { kind: 'sign-in' };
  if (!response.ok) return { kind: 'unavailable' };
  try {
    const { publicKey } = (await response.json()) as Partial<PushKeyAnswer>;
    const key = typeof publicKey === 'string' ? base64UrlBytes(publicKey) : undefined;
    // An uncompressed P-256 point: 65 bytes.
    return key?.length === 65 ? { kind: 'key', key } : { kind: 'unavailable' };
  } catch {
    return { kind: 'unavailable' };
  }
}

/**
 * What the control shows first: waits for the service worker (it registers after the first
 * candle; never where it cannot: the dev server, a browser that refuses it), then asks the server
 * for its key. On when this browser has a subscription to this key and may notify.
 */
export async function loadPushDevice(env: PushEnvironment): Promise<{ state: PushDeviceState; key?: Uint8Array<ArrayBuffer> }> {
  const registration = await env.registration();
  const answer = await readPushKey(env);
  if (answer.kind !== 'key') return { state: { kind: answer.kind } };
  const subscription = await registration.pushManager.getSubscription().catch(() => null);
  const permission = env.permission();
  if (permission === 'denied') return { state: { kind: 'blocked' }, key: answer.key };
  const on = permission === 'granted' && subscription !== null && sameBytes(subscription.options?.applicationServerKey, answer.key);
  return { state: { kind: on ? 'on' : 'off' }, key: answer.key };
}

/**
 * "Notify this device": asks permission (in the click), subscribes with the server's key and
 * tells the server of it with this device's label. A subscription the server refused is undone,
 * so the browser and the server never disagree about this device.
 */
export async function turnOnPush(env: PushEnvironment, key: Uint8Array<ArrayBuffer>): Promise<PushDeviceState> {
  let permission = env.permission();
  if (permission === 'default') permission = await env.requestPermission().catch(() => env.permission());
  if (permission === 'denied') return { kind: 'blocked' };
  if (permission !== 'granted') return { kind: 'failed', failure: { kind: 'not-allowed' } };
  const { pushManager } = await env.registration();
  let subscription: PushSubscriptionLike;
  try {
    const existing = await pushManager.getSubscription();
    // One made with another key (the server's changed) cannot be used: the browser allows one per worker.
    if (existing && !sameBytes(existing.options?.applicationServerKey, key)) await existing.unsubscribe();
    subscription =
      existing && sameBytes(existing.options?.applicationServerKey, key)
        ? existing
        : await pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  } catch (error) {
    return { kind: 'failed', failure: { kind: 'subscribe', detail: errorText(error) } };
  }
  const body = { subscription: subscription.toJSON(), device: deviceLabel(env.userAgent), language: env.language() } as NewPushSubscription;
  let failure: PushFailure | undefined;
  try {
    const response = await env.fetch(PUSH_SUBSCRIPTIONS_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) failure = { kind: 'server', detail: await refusalText(response) };
  } catch {
    failure = { kind: 'network' };
  }
  if (!failure) return { kind: 'on' };
  await subscription.unsubscribe().catch(() => false);
  return { kind: 'failed', failure };
}

/**
 * Off: the server forgets this device and the browser drops its subscription. The browser's goes
 * whatever the server answers (offline, say): its endpoint is then dead, and the server drops it
 * at its next push (the push service answers 410 Gone).
 */
export async function turnOffPush(env: PushEnvironment): Promise<PushDeviceState> {
  const { pushManager } = await env.registration();
  const subscription = await pushManager.getSubscription().catch(() => null);
  if (!subscription) return { kind: 'off' };
  try {
    await env.fetch(PUSH_SUBSCRIPTIONS_PATH, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ endpoint: subscription.endpoint }),
    });
  } catch {
    // Offline: see above.
  }
  await subscription.unsubscribe().catch(() => false);
  return { kind: 'off' };
}
