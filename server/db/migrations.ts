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
