/**
 * The devices where a user's alerts are pushed: one row per user and push subscription
 * (push_subscriptions). What comes in is checked before it is stored, so the sender never meets a
 * key it cannot encrypt to or an endpoint it may not post to: the endpoint is an https URL of a
 * host that is not this machine's network (http on loopback only with `allowInsecureLoopback`,
 * for the tests' stand-in push service), the keys are a P-256 point and a 16-byte secret.
 */
import type { Kysely } from 'kysely';
import { PUSH_LIMITS, pushSubscriptionSchema, type PushLanguage } from '#shared/push-protocol.ts';
import type { Database } from '../../db/schema.ts';
import { p256PublicKey } from './p256-point.ts';
import { literalAddress, refusedHost } from './public-address.ts';

export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface StoredPushSubscription extends PushTarget {
  device: string;
  createdAt: number;
}

/** A subscription refused as it came in; its message says why (and is safe to answer with). */
export class PushSubscriptionError extends Error {
  override readonly name = 'PushSubscriptionError';
}

export interface PushSubscriptionStoreOptions {
  /** Accept http:// endpoints on loopback (127.0.0.1, ::1, localhost): the tests' stand-in only. */
  allowInsecureLoopback?: boolean;
  maxDevices?: number;
  now?: () => number;
}

/** Why the endpoint may not be pushed to, or undefined when it may. */
export function endpointProblem(endpoint: string, allowInsecureLoopback: boolean): string | undefined {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'the endpoint is not a URL';
  }
  if (url.username !== '' || url.password !== '') return 'the endpoint carries credentials';
  const loopback = url.hostname === 'localhost' || ['127.0.0.1', '::1'].includes(literalAddress(url.hostname) ?? '');
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowInsecureLoopback && loopback)) return 'the endpoint is not an https URL';
  const refused = refusedHost(url.hostname, allowInsecureLoopback);
  return refused === undefined ? undefined : `the endpoint's host is refused: ${refused}`;
}

/** The subscription and label as stored, or throws PushSubscriptionError. */
function checked(subscription: PushTarget, device: string, allowInsecureLoopback: boolean): { target: PushTarget; device: string } {
  const parsed = pushSubscriptionSchema.safeParse(subscription);
  if (!parsed.success) throw new PushSubscriptionError(parsed.error.message.slice(0, 300));
  const { endpoint, keys } = parsed.data;
  const problem = endpointProblem(endpoint, allowInsecureLoopback);
  if (problem !== undefined) throw new PushSubscriptionError(problem);
  try {
    p256PublicKey(Buffer.from(keys.p256dh, 'base64url'));
  } catch {
    throw new PushSubscriptionError('p256dh is not a point of P-256');
  }
  const label = device.trim();
  if (label.length > PUSH_LIMITS.maxDeviceChars || /\p{Cc}/u.test(label))
    throw new PushSubscriptionError(`device is a label of at most ${String(PUSH_LIMITS.maxDeviceChars)} characters, without control characters`);
  // Stored unpadded, as browsers send them: the same key is the same text.
  const bare = (key: string) => key.replace(/=+$/, '');
  return { target: { endpoint, keys: { p256dh: bare(keys.p256dh), auth: bare(keys.auth) } }, device: label };
}

export class PushSubscriptionStore {
  private readonly allowInsecureLoopback: boolean;
  private readonly maxDevices: number;
  private readonly now: () => number;

  constructor(
    private readonly db: Kysely<Database>,
    options: PushSubscriptionStoreOptions = {},
  ) {
    this.allowInsecureLoopback = options.allowInsecureLoopback ?? false;
    this.maxDevices = options.maxDevices ?? PUSH_LIMITS.maxDevices;
    this.now = options.now ?? Date.now;
  }

  /**
   * Stores (or refreshes) the user's device; throws PushSubscriptionError when the subscription
   * is not one. Past the limit the user's oldest devices are dropped. A browser is one user's: a
   * shared computer's next user who subscribes it takes it over, so the alerts of the one before
   * no longer show on it.
   */
  async add(user: string, subscription: PushTarget, device: string, language: PushLanguage = 'en'): Promise<StoredPushSubscription> {
    const { target, device: label } = checked(subscription, device, this.allowInsecureLoopback);
    const createdAt = this.now();
    const { endpoint, keys } = target;
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).where('user_id', '!=', user).execute();
      await trx
        .insertInto('push_subscriptions')
        .values({ user_id: user, endpoint, p256dh: keys.p256dh, auth: keys.auth, device: label, language, created_at: createdAt })
        .onConflict((conflict) =>
          conflict.columns(['user_id', 'endpoint']).doUpdateSet({ p256dh: keys.p256dh, auth: keys.auth, device: label, language, created_at: createdAt }),
        )
        .execute();
      const newest = trx
        .selectFrom('push_subscriptions')
        .select('endpoint')
        .where('user_id', '=', user)
        .orderBy('created_at', 'desc')
        .orderBy('endpoint', 'desc')
        .limit(this.maxDevices);
      await trx.deleteFrom('push_subscriptions').where('user_id', '=', user).where('endpoint', 'not in', newest).execute();
    });
    return { ...target, device: label, createdAt };
  }

  /** Removes the user's device; false when the user has none with that endpoint. */
  async remove(user: string, endpoint: string): Promise<boolean> {
    const result = await this.db.deleteFrom('push_subscriptions').where('user_id', '=', user).where('endpoint', '=', endpoint).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** Removes the endpoint whoever holds it (the push service answered that it is gone); how many rows went. */
  async removeEndpoint(endpoint: string): Promise<number> {
    const result = await this.db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** The user's devices, newest first. */
  async list(user: string): Promise<StoredPushSubscription[]> {
    const rows = await this.db
      .selectFrom('push_subscriptions')
      .select(['endpoint', 'p256dh', 'auth', 'device', 'created_at'])
      .where('user_id', '=', user)
      .orderBy('created_at', 'desc')
      .orderBy('endpoint', 'desc')
      .execute();
    return rows.map((row) => ({ endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth }, device: row.device, createdAt: Number(row.created_at) }));
  }
}
