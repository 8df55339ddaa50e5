/**
 * Records a trigger the server's evaluation found, in one transaction with everything it changes:
 * the alert (triggered, or its cooldown started), a line of the alert log (both as the user's
 * workspace records, so every device shows them), the trigger itself, and one delivery row per
 * destination (the outbox, delivery-outbox.ts).
 *
 * The database decides, not the evaluator's memory: under the user's counter lock the stored alert
 * must still be armed, the trigger newer than its last and past its cooldown, and the trigger's id
 * (`<alert id>@<price time>`) new. So any number of instances may evaluate the same pushes, and a
 * trigger is recorded, and delivered, once.
 */
import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { lastTrigger, MAX_TRIGGERS_KEPT, triggerSymbol, type Alert, type AlertTrigger } from '#shared/alerts/alert-model.ts';
import { alertSchema, type FiredLine, type LogDeliveries } from '#shared/alerts/alert-schema.ts';
import type { UserRecord } from '#shared/records.ts';
import type { Database } from '../db/schema.ts';
import { lockCounter, RECORD_COLUMNS, recordOf, type WorkspaceStore } from '../workspace/workspace-store.ts';

export const ALERTS_STORE = 'alerts';
export const alertRecordId = (alertId: string): string => `alert:${alertId}`;

/** The same on every instance that saw the same push (or the same screen entrant at the same instant). */
export const triggerIdOf = (alertId: string, time: number, symbol?: string): string =>
  symbol === undefined ? `${alertId}@${String(time)}` : `${alertId}@${String(time)}#${symbol}`;

/** The log line's id: the trigger's, shortened to the log's 100 characters when it is long. */
export function logIdOf(triggerId: string): string {
  const id = `s:${triggerId}`;
  return id.length <= 100 ? id : `s:${createHash('sha256').update(triggerId).digest('base64url')}`;
}

export type DeliveryChannel = 'push' | 'webhook';

export interface NewTrigger {
  user: string;
  alertId: string;
  trigger: AlertTrigger;
}

export type CommitOutcome =
  | { committed: true; triggerId: string; serverRev: number; alert: Alert; deliveries: number }
  | { committed: false; why: 'gone' | 'not-armed' | 'expired' | 'older' | 'cooldown' | 'duplicate' };

type Refusal = Extract<CommitOutcome, { committed: false }>;

/** Why the stored alert does not take this trigger, if it does not (a screen's entrants each on their own). */
function refusalOf(alert: Alert, { time, symbol }: AlertTrigger): Refusal | undefined {
  if (alert.status !== 'armed') return { committed: false, why: 'not-armed' };
  if (alert.expiresAt !== undefined && time >= alert.expiresAt) return { committed: false, why: 'expired' };
  const last = lastTrigger(alert, symbol);
  if (last && time <= last.time) return { committed: false, why: 'older' };
  if (alert.repeat === 'every' && last && time - last.time < alert.cooldownMs) return { committed: false, why: 'cooldown' };
  return undefined;
}

export class TriggerStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly workspace: WorkspaceStore,
    /** Who writes the records (`by` of a revision): this server. */
    private readonly by = 'server',
    private readonly now: () => number = Date.now,
  ) {}

  async commit({ user, alertId, trigger }: NewTrigger): Promise<CommitOutcome> {
    return this.db.transaction().execute(async (trx): Promise<CommitOutcome> => {
      const stored = await lockedAlert(trx, user, alertId);
      if (!stored) return { committed: false, why: 'gone' };
      const { alert, row } = stored;
      const refusal = refusalOf(alert, trigger);
      if (refusal) return refusal;
      const triggerId = triggerIdOf(alertId, trigger.time, trigger.symbol);
      const symbol = triggerSymbol(alert, trigger);
      const inserted = await trx
        .insertInto('alert_triggers')
        .values({
          user_id: user,
          trigger_id: triggerId,
          alert_id: alertId,
          symbol,
          time: trigger.time,
          price: trigger.price,
          condition: JSON.stringify(alert.condition),
          crossing: trigger.crossing,
          created_at: this.now(),
        })
        .onConflict((conflict) => conflict.columns(['user_id', 'trigger_id']).doNothing())
        .returning('trigger_id')
        .executeTakeFirst();
      if (!inserted) return { committed: false, why: 'duplicate' };
      const targets = await deliveryTargets(trx, user, alert);
      const after: Alert = {
        ...alert,
        status: alert.repeat === 'once' ? 'triggered' : 'armed',
        triggers: [trigger, ...alert.triggers].slice(0, MAX_TRIGGERS_KEPT),
      };
      // In the order of the browsers' schema (alert-schema.ts), which writes what it reads in its
      // own order: a line in another order would read to them as changed, and be sent back revised.
      const line: FiredLine = {
        id: logIdOf(triggerId),
        alertId,
        symbol,
        time: trigger.time,
        price: trigger.price,
        deliveries: pendingDeliveries(targets),
        condition: alert.condition,
        crossing: trigger.crossing,
      };
      const before = recordOf(row);
      const now = this.now();
      const { serverRev } = await this.workspace.writeWithin(trx, user, [
        {
          store: ALERTS_STORE,
          from: withoutServerRev(before),
          to: { ...withoutServerRev(before), rev: before.rev + 1, updatedAt: now, by: this.by, value: after },
        },
        { store: ALERTS_STORE, to: { id: `alert-log:${line.id}`, kind: 'alert-log', rev: 1, updatedAt: now, by: this.by, value: line } },
      ]);
      if (targets.length > 0)
        await trx
          .insertInto('alert_deliveries')
          .values(
            targets.map(({ channel, target }) => ({
              user_id: user,
              trigger_id: triggerId,
              channel,
              target,
              status: 'pending',
              attempts: 0,
              next_attempt_at: now,
            })),
          )
          .execute();
      return { committed: true, triggerId, serverRev, alert: after, deliveries: targets.length };
    });
  }

  /**
   * An armed alert past its expiry (`now`, the data's clock) becomes expired, as a tab would
   * record it: every device then shows it so, and the server stops watching its symbol. Undefined
   * when the stored alert is not (gone, changed, no longer armed, or not yet due).
   */
  async expire(user: string, alertId: string, now: number): Promise<{ serverRev: number } | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const stored = await lockedAlert(trx, user, alertId);
      if (!stored) return undefined;
      const { alert, row } = stored;
      if (alert.status !== 'armed' || alert.expiresAt === undefined || alert.expiresAt > now) return undefined;
      const before = recordOf(row);
      return this.workspace.writeWithin(trx, user, [
        {
          store: ALERTS_STORE,
          from: withoutServerRev(before),
          to: { ...withoutServerRev(before), rev: before.rev + 1, updatedAt: this.now(), by: this.by, value: { ...alert, status: 'expired' } },
        },
      ]);
    });
  }
}

/** The stored alert under the user's counter lock (a change of theirs waits for this transaction). */
async function lockedAlert(trx: Transaction<Database>, user: string, alertId: string) {
  await lockCounter(trx, user);
  const row = await trx
    .selectFrom('workspace_records')
    .select(RECORD_COLUMNS)
    .where('user_id', '=', user)
    .where('store', '=', ALERTS_STORE)
    .where('record_id', '=', alertRecordId(alertId))
    .executeTakeFirst();
  if (!row || row.deleted) return undefined;
  const parsed = alertSchema.safeParse(row.value === null ? null : JSON.parse(row.value));
  return parsed.success ? { alert: parsed.data as Alert, row } : undefined;
}

const withoutServerRev = ({ serverRev: _serverRev, store: _store, ...record }: UserRecord & { store?: string }): UserRecord => record;

/** Every device of the user that allowed notifications (unless the alert turned push off), and the alert's webhook. */
async function deliveryTargets(trx: Transaction<Database>, user: string, alert: Alert): Promise<{ channel: DeliveryChannel; target: string }[]> {
  const targets: { channel: DeliveryChannel; target: string }[] = [];
  if (alert.delivery?.push !== false) {
    const devices = await trx.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', user).execute();
    for (const { endpoint } of devices) targets.push({ channel: 'push', target: endpoint });
  }
  const webhook = alert.delivery?.webhook;
  if (webhook) targets.push({ channel: 'webhook', target: webhook.url });
  return targets;
}

function pendingDeliveries(targets: readonly { channel: DeliveryChannel }[]): LogDeliveries {
  const devices = targets.filter((target) => target.channel === 'push').length;
  return {
    ...(devices > 0 && { push: { state: 'pending' as const, devices } }),
    ...(targets.some((target) => target.channel === 'webhook') && { webhook: { state: 'pending' as const } }),
  };
}

/** The users with at least one live alert record (the server's alerts read them at start). */
export async function usersWithAlerts(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('workspace_records')
    .select('user_id')
    .distinct()
    .where('store', '=', ALERTS_STORE)
    .where('kind', '=', 'alert')
    .where('deleted', '=', false)
    .execute();
  return rows.map((row) => row.user_id);
}
