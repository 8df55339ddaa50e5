/**
 * The production deliverers of the outbox: Web Push with the server's VAPID keys, webhooks signed
 * with the user's secret to the hosts the operator allows; and their retry schedules.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Attempt, Deliverers, RecordedTrigger } from './delivery-outbox.ts';
import { sendPush } from './push/push-sender.ts';
import { vapidKeys } from './push/vapid-keys.ts';
import { retryDelayMs, MAX_WEBHOOK_ATTEMPTS } from './webhook/webhook-backoff.ts';
import { webhookBody } from './webhook/webhook-message.ts';
import { pushTexts } from './push-text.ts';
import type { WebhookPolicy } from './webhook/webhook-policy.ts';
import { webhookSecret } from './webhook/webhook-secret.ts';
import { sendWebhook } from './webhook/webhook-send.ts';

/** A push service that does not answer is tried again for about a day (the message's TTL). */
const PUSH_RETRY_MS = [5_000, 30_000, 120_000, 600_000, 3_600_000];

/**
 * What a click on a trigger's notification opens: the alert's chart (with its interval when the
 * condition is on an interval's bars, an indicator alert's; else the chart keeps its own) at the
 * trigger's time, `at=` in ISO 8601 UTC (src/app/url-moment.ts reads it).
 */
export function alertChartLink(trigger: Pick<RecordedTrigger, 'symbol' | 'condition' | 'time'>): string {
  const interval = trigger.condition.kind === 'indicator' ? `&interval=${trigger.condition.interval}` : '';
  const at = Number.isFinite(trigger.time) ? `&at=${new Date(trigger.time).toISOString().replace('.000Z', 'Z')}` : '';
  return `/?symbol=${encodeURIComponent(trigger.symbol)}${interval}${at}`;
}

/** The notification a trigger makes for a device in `language` (src/sw/push-message.ts reads it). */
export function pushPayload(trigger: RecordedTrigger, language = 'en') {
  return {
    v: 1,
    kind: 'alert',
    triggerId: trigger.triggerId,
    symbol: trigger.symbol,
    ...pushTexts(trigger, language),
    url: alertChartLink(trigger),
    time: trigger.time,
  };
}

export interface DeliverersOptions {
  db: Kysely<Database>;
  env: Record<string, string | undefined>;
  webhookPolicy: WebhookPolicy;
  /** The tests' stand-in push service listens on http://127.0.0.1. */
  allowInsecureLoopback?: boolean;
}

export function productionDeliverers({ db, env, webhookPolicy, allowInsecureLoopback = false }: DeliverersOptions): Deliverers {
  return {
    async push(device, trigger): Promise<Attempt> {
      const vapid = await vapidKeys(db, env);
      const result = await sendPush(
        { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
        pushPayload(trigger, device.language),
        vapid,
        {
          topic: trigger.triggerId,
          allowInsecureLoopback,
        },
      );
      if (result.outcome === 'delivered') return result;
      if (result.outcome === 'gone') return { outcome: 'gone', detail: `the push service answered ${String(result.status)}` };
      return { outcome: 'retry', detail: result.error };
    },
    async webhook(webhook, trigger): Promise<Attempt> {
      const body = JSON.stringify(webhookBody(trigger, webhook.template));
      const secret = await webhookSecret(db, trigger.user);
      const result = await sendWebhook({ url: webhook.url, body, secret, triggerId: trigger.triggerId, policy: webhookPolicy });
      if (result.outcome === 'delivered') return { outcome: 'delivered' };
      if (result.outcome === 'retry') return { outcome: 'retry', detail: result.error };
      if (result.outcome === 'failed') return { outcome: 'failed', detail: result.error };
      return { outcome: 'failed', detail: result.reason };
    },
    retryDelayMs(channel, attempts) {
      if (channel === 'push') return PUSH_RETRY_MS[attempts - 1];
      return attempts >= MAX_WEBHOOK_ATTEMPTS ? undefined : retryDelayMs(attempts);
    },
  };
}
