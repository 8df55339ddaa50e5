/**
 * A logical backup of the workspace database: one JSON line per row, in one consistent read
 * (a repeatable-read transaction), and its restore into a database at the same schema. The same
 * file moves a workspace between PGlite and PostgreSQL. The first line says what the file is and
 * the migrations its rows were written under; a restore refuses a file of another schema, and a
 * database that already holds workspaces unless asked to replace them.
 */
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

export const BACKUP_FORMAT = 'chartroom-workspace-backup';
/**
 * The tables a backup holds, each with the column its rows are written in order of (sign-in
 * sessions are not kept: a restore signs everyone out). The server's secrets are kept: without
 * its VAPID key pair every device's push subscription would stop working.
 */
const ORDER_BY = {
  workspace_users: 'user_id',
  workspace_records: 'server_rev',
  workspace_shares: 'share_id',
  push_subscriptions: 'created_at',
  server_secrets: 'name',
  alert_triggers: 'created_at',
  alert_deliveries: 'next_attempt_at',
} as const;
type Table = keyof typeof ORDER_BY;
const TABLES = Object.keys(ORDER_BY) as Table[];

interface Header {
  format: typeof BACKUP_FORMAT;
  version: 1;
  migrations: string[];
}

async function appliedMigrations(db: Kysely<Database>): Promise<string[]> {
  const rows = await (db as unknown as Kysely<{ kysely_migration: { name: string } }>).selectFrom('kysely_migration').select('name').orderBy('name').execute();
  return rows.map((row) => row.name);
}

/** The backup's lines, the header first. */
export async function backupLines(db: Kysely<Database>): Promise<string[]> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const header: Header = { format: BACKUP_FORMAT, version: 1, migrations: await appliedMigrations(trx) };
      const lines = [JSON.stringify(header)];
      for (const table of TABLES)
        for (const row of await trx.selectFrom(table).selectAll().orderBy(ORDER_BY[table]).execute())
          lines.push(JSON.stringify({ table, row: numbers(row as Record<string, unknown>) }));
      return lines;
    });
}

/** int8 columns as numbers (PGlite reads them as bigint, pg as string). */
function numbers<T extends Record<string, unknown>>(row: T): T {
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, typeof value === 'bigint' ? Number(value) : value])) as T;
}

/** Restores a backup's lines; returns the rows written per table. */
export async function restoreLines(db: Kysely<Database>, lines: readonly string[], { replace = false } = {}): Promise<Record<Table, number>> {
  const [first, ...rest] = lines.filter((line) => line.trim() !== '');
  const header = first === undefined ? undefined : (JSON.parse(first) as Partial<Header>);
  if (header?.format !== BACKUP_FORMAT || header.version !== 1) throw new Error(`not a ${BACKUP_FORMAT} file`);
  const migrations = await appliedMigrations(db);
  if (JSON.stringify(header.migrations) !== JSON.stringify(migrations))
    throw new Error(`the backup was written under migrations ${JSON.stringify(header.migrations)}, this database is at ${JSON.stringify(migrations)}`);
  const rows = Object.fromEntries(TABLES.map((table) => [table, [] as Record<string, unknown>[]])) as Record<Table, Record<string, unknown>[]>;
  for (const line of rest) {
    const { table, row } = JSON.parse(line) as { table: Table; row: Record<string, unknown> };
    if (!TABLES.includes(table)) throw new Error(`unknown table ${table} in the backup`);
    rows[table].push(row);
  }
  return db.transaction().execute(async (trx) => {
    const held = await trx
      .selectFrom('workspace_users')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    if (Number(held.count) > 0 && !replace) throw new Error('this database already holds workspaces: restore into an empty one, or pass --replace');
    // Records before their users (the foreign key); the rest stand alone.
    for (const table of [...TABLES].reverse()) await trx.deleteFrom(table).execute();
    // In chunks: a statement's parameters are bounded (65,535 on PostgreSQL).
    for (const table of TABLES)
      for (let at = 0; at < rows[table].length; at += 1_000)
        await trx
          .insertInto(table)
          .values(rows[table].slice(at, at + 1_000))
          .execute();
    return Object.fromEntries(TABLES.map((table) => [table, rows[table].length])) as Record<Table, number>;
  });
}
