/**
 * The schema's history: versioned, forward-only migrations, run at start by Kysely's Migrator.
 * On PostgreSQL the Migrator runs them in one transaction under an advisory lock, so instances
 * that start together migrate once (the others wait, then find nothing to do). A migration, once
 * released, is never edited: a change is a new one, named after the date it was written.
 */
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';

const MIGRATIONS: Record<string, Migration> = {
  '2026-11-29-01-workspace-records': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('workspace_users')
        .addColumn('user_id', 'text', (column) => column.primaryKey())
        .addColumn('server_rev', 'bigint', (column) => column.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('workspace_records')
        .addColumn('user_id', 'text', (column) => column.notNull().references('workspace_users.user_id').onDelete('cascade'))
        .addColumn('store', 'text', (column) => column.notNull())
        .addColumn('record_id', 'text', (column) => column.notNull())
        .addColumn('kind', 'text', (column) => column.notNull())
        .addColumn('rev', 'integer', (column) => column.notNull())
        .addColumn('by_device', 'text', (column) => column.notNull())
        .addColumn('updated_at', 'bigint', (column) => column.notNull())
        .addColumn('deleted', 'boolean', (column) => column.notNull().defaultTo(false))
        .addColumn('value', 'text')
        .addColumn('server_rev', 'bigint', (column) => column.notNull())
        .addPrimaryKeyConstraint('workspace_records_pk', ['user_id', 'store', 'record_id'])
        .execute();
      // "What changed since revision N" for one user.
      await db.schema.createIndex('workspace_records_by_rev').on('workspace_records').columns(['user_id', 'server_rev']).execute();
    },
  },
  '2026-11-30-01-sign-in-sessions': {
    async up(db: Kysely<unknown>) {
      // A session's cookie is never stored: only its SHA-256 (a dump of the table signs nobody in).
      await db.schema
        .createTable('auth_sessions')
        .addColumn('session_hash', 'text', (column) => column.primaryKey())
        .addColumn('user_id', 'text', (column) => column.notNull())
        .addColumn('created_at', 'bigint', (column) => column.notNull())
        .addColumn('last_seen_at', 'bigint', (column) => column.notNull())
        .execute();
      await db.schema.createIndex('auth_sessions_by_user').on('auth_sessions').column('user_id').execute();
    },
  },
  '2026-11-30-02-workspace-shares': {
    async up(db: Kysely<unknown>) {
      // A watchlist or a layout shared read-only by a link: a copy taken when it was shared.
      await db.schema
        .createTable('workspace_shares')
        .addColumn('share_id', 'text', (column) => column.primaryKey())
        .addColumn('owner_id', 'text', (column) => column.notNull())
        .addColumn('kind', 'text', (column) => column.notNull())
        .addColumn('name', 'text', (column) => column.notNull())
        .addColumn('value', 'text', (column) => column.notNull())
        .addColumn('created_at', 'bigint', (column) => column.notNull())
        .addColumn('revoked_at', 'bigint')
        .execute();
      await db.schema.createIndex('workspace_shares_by_owner').on('workspace_shares').column('owner_id').execute();
    },
  },
  '2026-11-30-03-server-alerts': {
    async up(db: Kysely<unknown>) {
      // A trigger the server recorded, once per alert and price time: its id decides who delivers
      // (the instance whose insert wins), so several evaluating instances fire it once.
      await db.schema
        .createTable('alert_triggers')
        .addColumn('user_id', 'text', (column) => column.notNull())
        .addColumn('trigger_id', 'text', (column) => column.notNull())
        .addColumn('alert_id', 'text', (column) => column.notNull())
        .addColumn('symbol', 'text', (column) => column.notNull())
        .addColumn('time', 'bigint', (column) => column.notNull())
        .addColumn('price', 'double precision', (column) => column.notNull())
        .addColumn('condition', 'text', (column) => column.notNull())
        .addColumn('crossing', 'text', (column) => column.notNull())
        .addColumn('created_at', 'bigint', (column) => column.notNull())
        .addPrimaryKeyConstraint('alert_triggers_pk', ['user_id', 'trigger_id'])
        .execute();
      await db.schema.createIndex('alert_triggers_by_time').on('alert_triggers').columns(['user_id', 'created_at']).execute();
      // The outbox: one row per trigger and destination (a device's push subscription, a webhook),
      // claimed with a lease by whichever instance delivers it; a dead instance's lease runs out.
      await db.schema
        .createTable('alert_deliveries')
        .addColumn('user_id', 'text', (column) => column.notNull())
        .addColumn('trigger_id', 'text', (column) => column.notNull())
        .addColumn('channel', 'text', (column) => column.notNull())
        .addColumn('target', 'text', (column) => column.notNull())
        .addColumn('status', 'text', (column) => column.notNull())
        .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'bigint', (column) => column.notNull())
        .addColumn('lease_until', 'bigint')
        .addColumn('last_error', 'text')
        .addColumn('delivered_at', 'bigint')
        .addPrimaryKeyConstraint('alert_deliveries_pk', ['user_id', 'trigger_id', 'channel', 'target'])
        .execute();
      await db.schema.createIndex('alert_deliveries_due').on('alert_deliveries').columns(['status', 'next_attempt_at']).execute();
      // A device where the user allowed notifications: its push service endpoint and keys.
      await db.schema
        .createTable('push_subscriptions')
        .addColumn('user_id', 'text', (column) => column.notNull())
        .addColumn('endpoint', 'text', (column) => column.notNull())
        .addColumn('p256dh', 'text', (column) => column.notNull())
        .addColumn('auth', 'text', (column) => column.notNull())
        .addColumn('device', 'text', (column) => column.notNull().defaultTo(''))
        // The device's language when it subscribed: its notifications are written in it.
        .addColumn('language', 'text', (column) => column.notNull().defaultTo('en'))
        .addColumn('created_at', 'bigint', (column) => column.notNull())
        .addPrimaryKeyConstraint('push_subscriptions_pk', ['user_id', 'endpoint'])
        .execute();
      // The server's own secrets made on first start (the VAPID key pair, webhook signing keys).
      await db.schema
        .createTable('server_secrets')
        .addColumn('name', 'text', (column) => column.primaryKey())
        .addColumn('value', 'text', (column) => column.notNull())
        .addColumn('created_at', 'bigint', (column) => column.notNull())
        .execute();
    },
  },
};

const provider: MigrationProvider = {
  getMigrations: () => Promise.resolve(MIGRATIONS),
};

/** Brings the database to the latest schema; throws with the failing migration's error. */
export async function migrateToLatest(db: Kysely<unknown>): Promise<string[]> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  if (error instanceof Error) throw error;
  if (error !== undefined) throw new Error('a migration failed', { cause: error });
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
