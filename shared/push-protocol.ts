/**
 * Web Push between a browser and the server (`/chartroom/push`), shared by both: the devices
 * where a user's alerts arrive while no tab is open.
 *
 * - `GET    /chartroom/push/key` → `{ publicKey }`: the server's VAPID public key (base64url), the
 *   `applicationServerKey` a browser subscribes with.
 * - `GET    /chartroom/push/subscriptions` → `{ devices }`: the user's own devices, newest first.
 * - `POST   /chartroom/push/subscriptions` with `{ subscription, device }` → 201 `{ device }`: this
 *   browser's `PushSubscription.toJSON()` and a label of it (its browser and system). Subscribing
 *   again updates it; past PUSH_LIMITS.maxDevices the oldest device is dropped.
 * - `DELETE /chartroom/push/subscriptions` with `{ endpoint }` → 204; 404 when the user has no
 *   such device (another user's included).
 *
 * A device's `endpointHash` is the first 22 characters of the base64url SHA-256 of its endpoint:
 * a short stable name for lists and keys, which says nothing of the endpoint (a capability URL).
 */
import * as z from './schema.ts';

export const PUSH_KEY_PATH = '/chartroom/push/key';
export const PUSH_SUBSCRIPTIONS_PATH = '/chartroom/push/subscriptions';

export const PUSH_LIMITS = {
  /** Devices one user may hold; subscribing one more drops the oldest. */
  maxDevices: 20,
  /** An endpoint, in characters (the push services' are a few hundred). */
  maxEndpointChars: 2_048,
  /** A device's label, in characters. */
  maxDeviceChars: 120,
  /** A POST or DELETE body, in bytes. */
  maxBodyBytes: 8 * 1024,
  /** Subscribes and removals per user per minute. */
  writesPerMinute: 30,
} as const;

/** base64url of exactly `bytes` bytes, padded or not (browsers send it unpadded). */
function base64urlOf(bytes: number, what: string): z.Schema<string> {
  const chars = Math.ceil((bytes * 4) / 3);
  const padding = (4 - (chars % 4)) % 4;
  return z
    .string()
    .check(z.regex(new RegExp(`^[A-Za-z0-9_-]{${String(chars)}}(={${String(padding)}})?$`), `${what} is the base64url of ${String(bytes)} bytes`));
}

const endpointText = z.string().check(z.minLength(1), z.maxLength(PUSH_LIMITS.maxEndpointChars));

/** `PushSubscription.toJSON()`: the push service's endpoint and the browser's keys (RFC 8291). */
export const pushSubscriptionSchema = z.object({
  endpoint: endpointText,
  expirationTime: z.optional(z.nullable(z.number())),
  keys: z.object({
    // An uncompressed P-256 point: 65 bytes, the first 0x04 (so its base64url starts with B).
    p256dh: base64urlOf(65, 'p256dh').check((key) => (key.startsWith('B') ? undefined : 'p256dh is an uncompressed P-256 point (its first byte 0x04)')),
    auth: base64urlOf(16, 'auth'),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** The languages a notification is written in (the app's). */
export const PUSH_LANGUAGES = ['en', 'zh-CN', 'zh-TW', 'zh-HK'] as const;
export type PushLanguage = (typeof PUSH_LANGUAGES)[number];

export const newPushSubscriptionSchema = z.object({
  subscription: pushSubscriptionSchema,
  /** The device's language: its notifications are written in it (default English). */
  language: z.optional(z.enum(PUSH_LANGUAGES)),
  device: z
    .string()
    .check(z.maxLength(PUSH_LIMITS.maxDeviceChars), (label) => (/\p{Cc}/u.test(label) ? 'device is a label without control characters' : undefined)),
});
export type NewPushSubscription = z.infer<typeof newPushSubscriptionSchema>;

export const removePushSubscriptionSchema = z.object({ endpoint: endpointText });

/** What `GET /chartroom/push/key` answers. */
export interface PushKeyAnswer {
  publicKey: string;
}

/** A device as listed: its own user sees its endpoint (to tell which one is this browser). */
export interface PushDevice {
  endpointHash: string;
  endpoint: string;
  device: string;
  createdAt: number;
}

/** What `GET /chartroom/push/subscriptions` answers. */
export interface PushDevicesAnswer {
  devices: PushDevice[];
}

/** What `POST /chartroom/push/subscriptions` answers (201). */
export interface PushSubscribed {
  device: PushDevice;
}
