/**
 * Delivers recorded triggers: the `alert_deliveries` rows (one per trigger and destination),
 * claimed with a lease by whichever instance gets there first (`for update skip locked`), so a
 * row is worked on by one instance at a time and a dead instance's rows are taken over once its
 * lease runs out. A trigger is delivered at once by the instance that recorded it (`kick`); the
 * periodic pass only retries and takes over.
 *
 * After each attempt the trigger's log line says how delivery went (pending, delivered to N
 * devices, failed and why), as a workspace record every device of the user shows.
 *
 * Delivery is at least once: an instance that dies between the receiver's answer and the row's
 * update leaves the row to be sent again. Receivers tell a repeat by the trigger's id (the push's
 * Topic, the webhook's X-Chartroom-Trigger header).
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { AlertCondition, AlertWebhook } from '#shared/alerts/alert-model.ts';
import { alertSchema, type DeliveryResult, type LogDeliveries } from '#shared/alerts/alert-schema.ts';
import type { AlertDeliveriesTable, AlertTriggersTable, Database } from '../db/schema.ts';
import type { WorkspaceNotices } from '../workspace/workspace-notices.ts';
import { RECORD_COLUMNS, recordOf, type WorkspaceStore } from '../workspace/workspace-store.ts';
import { ALERTS_STORE, alertRecordId, logIdOf, type DeliveryChannel } from './trigger-store.ts';

/** A recorded trigger as delivery needs it. */
export interface RecordedTrigger {
  user: string;
  triggerId: string;
  alertId: string;
  symbol: string;
  time: number;
  price: number;
  condition: AlertCondition;
  crossing: 'up' | 'down';
}

export type Attempt =
  { outcome: 'delivered' } | { outcome: 'gone'; detail: string } | { outcome: 'retry'; detail: string } | { outcome: 'failed'; detail: string };

export interface PushDevice {
  endpoint: string;
  p256dh: string;
  auth: string;
  /** The device's language: the notification is written in it. */
  language: string;
}

/** How each channel sends (push-sender.ts, webhook-send.ts in production; stand-ins in tests). */
export interface Deliverers {
  push(device: PushDevice, trigger: RecordedTrigger): Promise<Attempt>;
  webhook(webhook: AlertWebhook, trigger: RecordedTrigger): Promise<Attempt>;
  /** The delay before attempt `attempts + 1` of a channel, or undefined: give up. */
  retryDelayMs(channel: DeliveryChannel, attempts: number): number | undefined;
}

export interface DeliveryOutboxOptions {
  db: Kysely<Database>;
  workspace: WorkspaceStore;
  notices: Pick<WorkspaceNotices, 'publish'>;
  deliverers: Deliverers;
  /** How long a claimed row is this instance's; default 60 s. */
  leaseMs?: number;
  /** Rows claimed at once; default 50. */
  batch?: number;
  by?: string;
  now?: () => number;
  log?: (line: string) => void;
  /** Every finished attempt (channel, outcome, ms since the trigger was recorded), for the metrics. */
  onAttempt?: (channel: DeliveryChannel, outcome: Attempt['outcome'], ms: number) => void;
}

type DeliveryRow = Selectable<AlertDeliveriesTable>;

const ERROR_TEXT = 300;

export class DeliveryOutbox {
  private readonly now: () => number;
  private running: Promise<number> | undefined;
  private again = false;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly options: DeliveryOutboxOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Runs a pass soon (a trigger was just recorded); passes never overlap. */
  kick(): Promise<number> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.pass().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        void this.kick();
      }
    });
    return this.running;
  }

  /** Retries and take-overs every `intervalMs`. */
  start(intervalMs = 2_000): void {
    this.timer = setInterval(() => void this.kick(), intervalMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** Claims the due rows and delivers them; the number of rows attempted. */
  private async pass(): Promise<number> {
    let rows: DeliveryRow[];
    try {
      rows = await this.claim();
    } catch (error) {
      this.options.log?.(`chartroom: alerts: the delivery outbox could not be read (${error instanceof Error ? error.message : 'unknown error'})`);
      return 0;
    }
    const byTrigger = new Map<string, DeliveryRow[]>();
    for (const row of rows) {
      const key = `${row.user_id}\u0000${row.trigger_id}`;
      byTrigger.set(key, [...(byTrigger.get(key) ?? []), row]);
    }
    await Promise.all([...byTrigger.values()].map((group) => this.deliverTrigger(group)));
    return rows.length;
  }

  private async claim(): Promise<DeliveryRow[]> {
    const now = this.now();
    const until = now + (this.options.leaseMs ?? 60_000);
    const batch = this.options.batch ?? 50;
    const { rows } = await sql<DeliveryRow>`
      update alert_deliveries set lease_until = ${until}, attempts = attempts + 1
      where (user_id, trigger_id, channel, target) in (
        select user_id, trigger_id, channel, target from alert_deliveries
        where status = 'pending' and next_attempt_at <= ${now} and (lease_until is null or lease_until < ${now})
        order by next_attempt_at limit ${batch}
        for update skip locked)
      returning *`.execute(this.options.db);
    return rows;
  }

  private async deliverTrigger(rows: DeliveryRow[]): Promise<void> {
    const [first] = rows;
    if (!first) return;
    const { db } = this.options;
    const triggerRow = await db
      .selectFrom('alert_triggers')
      .selectAll()
      .where('user_id', '=', first.user_id)
      .where('trigger_id', '=', first.trigger_id)
      .executeTakeFirst();
    if (!triggerRow) {
      await this.finish(first.user_id, first.trigger_id, rows, () => ({ outcome: 'failed', detail: 'the trigger is gone' }));
      return;
    }
    const trigger = triggerOf(triggerRow);
    const results = await Promise.all(rows.map(async (row) => [row, await this.attempt(row, trigger)] as const));
    await this.finish(
      first.user_id,
      first.trigger_id,
      rows,
      (row) => results.find(([each]) => each === row)?.[1] ?? { outcome: 'retry', detail: 'not attempted' },
    );
    for (const [row, attempt] of results) this.options.onAttempt?.(row.channel as DeliveryChannel, attempt.outcome, this.now() - Number(triggerRow.created_at));
  }

  private async attempt(row: DeliveryRow, trigger: RecordedTrigger): Promise<Attempt> {
    const { db, deliverers } = this.options;
    try {
      if (row.channel === 'push') {
        const device = await db
          .selectFrom('push_subscriptions')
          .select(['endpoint', 'p256dh', 'auth', 'language'])
          .where('user_id', '=', row.user_id)
          .where('endpoint', '=', row.target)
          .executeTakeFirst();
        if (!device) return { outcome: 'gone', detail: 'the device turned notifications off' };
        return await deliverers.push(device, trigger);
      }
      const webhook = await this.webhookOf(row.user_id, trigger.alertId);
      // The alert's webhook now (its template may have changed); a URL changed since is not called.
      if (!webhook || webhook.url !== row.target) return { outcome: 'failed', detail: 'the alert no longer has this webhook' };
      return await deliverers.webhook(webhook, trigger);
    } catch (error) {
      return { outcome: 'retry', detail: error instanceof Error ? error.message : 'unknown error' };
    }
  }

  private async webhookOf(user: string, alertId: string): Promise<AlertWebhook | undefined> {
    const row = await this.options.db
      .selectFrom('workspace_records')
      .select('value')
      .where('user_id', '=', user)
      .where('store', '=', ALERTS_STORE)
      .where('record_id', '=', alertRecordId(alertId))
      .executeTakeFirst();
    if (!row?.value) return undefined;
    const parsed = alertSchema.safeParse(JSON.parse(row.value));
    return parsed.success ? parsed.data.delivery?.webhook : undefined;
  }

  /** Stores each row's outcome, removes devices the push service no longer knows, and updates the log line. */
  private async finish(user: string, triggerId: string, rows: readonly DeliveryRow[], outcomeOf: (row: DeliveryRow) => Attempt): Promise<void> {
    const { db, deliverers } = this.options;
    const now = this.now();
    for (const row of rows) {
      const attempt = outcomeOf(row);
      const channel = row.channel as DeliveryChannel;
      const delay = attempt.outcome === 'retry' ? deliverers.retryDelayMs(channel, row.attempts) : undefined;
      const status = attempt.outcome === 'delivered' ? 'delivered' : attempt.outcome === 'gone' ? 'gone' : delay === undefined ? 'failed' : 'pending';
      if (attempt.outcome !== 'delivered') this.options.log?.(`chartroom: alerts: ${channel} delivery of ${triggerId}: ${attempt.outcome} (${attempt.detail})`);
      await db
        .updateTable('alert_deliveries')
        .set({
          status,
          lease_until: null,
          next_attempt_at: now + (delay ?? 0),
          last_error: attempt.outcome === 'delivered' ? null : attempt.detail.slice(0, ERROR_TEXT),
          delivered_at: attempt.outcome === 'delivered' ? now : null,
        })
        .where('user_id', '=', row.user_id)
        .where('trigger_id', '=', row.trigger_id)
        .where('channel', '=', row.channel)
        .where('target', '=', row.target)
        .execute();
      if (attempt.outcome === 'gone' && channel === 'push')
        await db.deleteFrom('push_subscriptions').where('user_id', '=', row.user_id).where('endpoint', '=', row.target).execute();
    }
    await this.updateLogLine(user, triggerId);
  }

  /** The log line's `deliveries`, from every row of the trigger. */
  private async updateLogLine(user: string, triggerId: string): Promise<void> {
    const { db, workspace, notices } = this.options;
    const rows = await db
      .selectFrom('alert_deliveries')
      .select(['channel', 'status', 'last_error'])
      .where('user_id', '=', user)
      .where('trigger_id', '=', triggerId)
      .execute();
    const deliveries = summarise(rows);
    const revision = await db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('workspace_records')
        .select(RECORD_COLUMNS)
        .where('user_id', '=', user)
        .where('store', '=', ALERTS_STORE)
        .where('record_id', '=', `alert-log:${logIdOf(triggerId)}`)
        .executeTakeFirst();
      if (!row || row.deleted || row.value === null) return undefined;
      const before = recordOf(row);
      const line = JSON.parse(row.value) as Record<string, unknown>;
      if (JSON.stringify(line.deliveries) === JSON.stringify(deliveries)) return undefined;
      const { serverRev: _serverRev, store: _store, ...from } = before;
      const { serverRev } = await workspace.writeWithin(trx, user, [
        {
          store: ALERTS_STORE,
          from,
          to: { ...from, rev: from.rev + 1, updatedAt: this.now(), by: this.options.by ?? 'server', value: { ...line, deliveries } },
        },
      ]);
      return serverRev;
    });
    if (revision !== undefined) notices.publish(user, revision);
  }
}

function triggerOf(row: Selectable<AlertTriggersTable>): RecordedTrigger {
  return {
    user: row.user_id,
    triggerId: row.trigger_id,
    alertId: row.alert_id,
    symbol: row.symbol,
    time: Number(row.time),
    price: row.price,
    condition: JSON.parse(row.condition) as AlertCondition,
    crossing: row.crossing === 'down' ? 'down' : 'up',
  };
}

/** One channel's rows as the log shows them: pending while any is, else delivered to N, else failed (the last reason). */
function resultOf(rows: readonly { status: string; last_error: string | null }[], countDevices: boolean): DeliveryResult | undefined {
  if (rows.length === 0) return undefined;
  const delivered = rows.filter((row) => row.status === 'delivered').length;
  const pending = rows.some((row) => row.status === 'pending');
  const state = pending ? 'pending' : delivered > 0 ? 'delivered' : 'failed';
  const detail = state === 'failed' ? rows.find((row) => row.last_error)?.last_error?.slice(0, ERROR_TEXT) : undefined;
  return { state, ...(countDevices && { devices: state === 'delivered' ? delivered : rows.length }), ...(detail && { detail }) };
}

function summarise(rows: readonly { channel: string; status: string; last_error: string | null }[]): LogDeliveries {
  const push = resultOf(
    rows.filter((row) => row.channel === 'push'),
    true,
  );
  const webhook = resultOf(
    rows.filter((row) => row.channel === 'webhook'),
    false,
  );
  return { ...(push && { push }), ...(webhook && { webhook }) };
}
