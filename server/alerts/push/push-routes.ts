/**
 * `/chartroom/push`: the server's VAPID public key, and each user's devices that receive alerts
 * by Web Push (shared/push-protocol.ts). As the workspace's routes: the access guard has let the
 * request in (a data path), the user is whoever it signed in and never comes from the request, a
 * user lists and removes only their own devices (another's endpoint answers as unknown), writes
 * come only from this server's own pages within a body limit and a per-user rate, and each is an
 * audit line without its content (an endpoint is a capability URL).
 */
import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Kysely } from 'kysely';
import { ERROR_CODES } from '#shared/contract.ts';
import {
  newPushSubscriptionSchema,
  PUSH_KEY_PATH,
  PUSH_LIMITS,
  PUSH_SUBSCRIPTIONS_PATH,
  removePushSubscriptionSchema,
  type PushDevice,
  type PushDevicesAnswer,
  type PushKeyAnswer,
  type PushSubscribed,
} from '#shared/push-protocol.ts';
import type { AccessControl } from '../../auth/access.ts';
import type { Database } from '../../db/schema.ts';
import { ClientRateLimiter } from '../../rate-limiter.ts';
import { jsonResponse } from '../../upstream/envelope.ts';
import { jsonBody, NO_STORE, refusal, storeOr503 } from '../../workspace/route-answers.ts';
import { PushSubscriptionError, PushSubscriptionStore, type StoredPushSubscription } from './push-subscriptions.ts';
import { urlSafeHash } from './url-safe-hash.ts';
import { vapidKeys, vapidKeysFromEnv } from './vapid-keys.ts';

const { INVALID_PARAMETER, PERMISSION_DENIED, RATE_LIMITED, INVALID_KEY } = ERROR_CODES;

export interface PushRouteOptions {
  database: { db(): Promise<Kysely<Database>> };
  access: Pick<AccessControl, 'userOf' | 'sameOrigin' | 'audit'>;
  /** VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT (vapid-keys.ts). */
  env: Record<string, string | undefined>;
  /** Accept http:// endpoints on loopback: the tests' stand-in push service only. */
  allowInsecureLoopback?: boolean;
  /** Subscribes and removals per user per minute (default PUSH_LIMITS.writesPerMinute). */
  writesPerMinute?: number;
  now?: () => number;
}

/** A device as its own user sees it. */
const listed = ({ endpoint, device, createdAt }: StoredPushSubscription): PushDevice => ({
  endpointHash: urlSafeHash(endpoint, 22),
  endpoint,
  device,
  createdAt,
});

export function mountPushRoutes(
  app: Hono,
  { database, access, env, allowInsecureLoopback = false, writesPerMinute = PUSH_LIMITS.writesPerMinute, now }: PushRouteOptions,
): void {
  // A VAPID setting that is wrong stops the start, not each request for the key.
  vapidKeysFromEnv(env);
  const writes = new ClientRateLimiter({ perMinute: writesPerMinute, ...(now && { now }) });
  const stores = new WeakMap<Kysely<Database>, PushSubscriptionStore>();
  const openStore = (): Promise<PushSubscriptionStore | Response> =>
    storeOr503(async () => {
      const db = await database.db();
      const store = stores.get(db) ?? new PushSubscriptionStore(db, { allowInsecureLoopback, ...(now && { now }) });
      stores.set(db, store);
      return store;
    });
  /** The user of a subscribe or removal, or the refusal to answer with. */
  const writer = (c: Context): string | Response => {
    const user = access.userOf(c);
    if (user === undefined) return refusal(401, INVALID_KEY, 'sign in to change where your alerts are pushed');
    if (!access.sameOrigin(c)) {
      access.audit('refused', { user, outcome: 'cross-site-write', via: 'push' });
      return refusal(403, PERMISSION_DENIED, "change where your alerts are pushed from this server's own pages");
    }
    const decision = writes.take(user);
    if (!decision.allowed) {
      access.audit('over-budget', { user, outcome: 'push-writes', via: 'push' });
      return refusal(429, RATE_LIMITED, `more than ${String(writesPerMinute)} push subscriptions changed per minute`, {
        'Retry-After': String(decision.retryAfterSeconds),
      });
    }
    return user;
  };

  app.get(PUSH_KEY_PATH, async (c) => {
    if (access.userOf(c) === undefined) return refusal(401, INVALID_KEY, 'sign in to subscribe to your alerts');
    const keys = await storeOr503(async () => vapidKeys(await database.db(), env, now));
    if (keys instanceof Response) return keys;
    const answer: PushKeyAnswer = { publicKey: keys.publicKey };
    return jsonResponse(200, answer, NO_STORE);
  });

  app.get(PUSH_SUBSCRIPTIONS_PATH, async (c) => {
    const user = access.userOf(c);
    if (user === undefined) return refusal(401, INVALID_KEY, 'sign in to list your devices');
    const store = await openStore();
    if (store instanceof Response) return store;
    const answer: PushDevicesAnswer = { devices: (await store.list(user)).map(listed) };
    return jsonResponse(200, answer, NO_STORE);
  });

  const limit = bodyLimit({
    maxSize: PUSH_LIMITS.maxBodyBytes,
    onError: () => refusal(413, INVALID_PARAMETER, `a push subscription's body is at most ${String(PUSH_LIMITS.maxBodyBytes)} bytes`),
  });

  app.post(PUSH_SUBSCRIPTIONS_PATH, limit, async (c) => {
    const user = writer(c);
    if (user instanceof Response) return user;
    const read = await jsonBody(c, 'subscription');
    if (read instanceof Response) return read;
    const parsed = newPushSubscriptionSchema.safeParse(read.body);
    if (!parsed.success) return refusal(400, INVALID_PARAMETER, parsed.error.message.slice(0, 300));
    const store = await openStore();
    if (store instanceof Response) return store;
    try {
      const stored = await store.add(user, parsed.data.subscription, parsed.data.device, parsed.data.language);
      access.audit('workspace-write', { user, outcome: 'push-subscribed', via: 'push' });
      const answer: PushSubscribed = { device: listed(stored) };
      return jsonResponse(201, answer, NO_STORE);
    } catch (error) {
      if (!(error instanceof PushSubscriptionError)) throw error;
      return refusal(400, INVALID_PARAMETER, error.message);
    }
  });

  app.delete(PUSH_SUBSCRIPTIONS_PATH, limit, async (c) => {
    const user = writer(c);
    if (user instanceof Response) return user;
    const read = await jsonBody(c, 'endpoint');
    if (read instanceof Response) return read;
    const parsed = removePushSubscriptionSchema.safeParse(read.body);
    if (!parsed.success) return refusal(400, INVALID_PARAMETER, parsed.error.message.slice(0, 300));
    const store = await openStore();
    if (store instanceof Response) return store;
    if (!(await store.remove(user, parsed.data.endpoint))) return refusal(404, INVALID_PARAMETER, 'you have no device with that endpoint');
    access.audit('workspace-write', { user, outcome: 'push-removed', via: 'push' });
    return new Response(null, { status: 204, headers: NO_STORE });
  });
}
