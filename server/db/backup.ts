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
/** The tables a backup holds (sign-in sessions are not kept: a restore signs everyone out). */
const TABLES = ['workspace_users', 'workspace_records', 'workspace_shares'] as const;
type Table = (typeof TABLES)[number];

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
      for (const row of await trx.selectFrom('workspace_users').selectAll().orderBy('user_id').execute())
        lines.push(JSON.stringify({ table: 'workspace_users', row: numbers(row) }));
      for (const row of await trx.selectFrom('workspace_records').selectAll().orderBy('user_id').orderBy('server_rev').execute())
        lines.push(JSON.stringify({ table: 'workspace_records', row: numbers(row) }));
      for (const row of await trx.selectFrom('workspace_shares').selectAll().orderBy('share_id').execute())
        lines.push(JSON.stringify({ table: 'workspace_shares', row: numbers(row) }));
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
  const rows: Record<Table, Record<string, unknown>[]> = { workspace_users: [], workspace_records: [], workspace_shares: [] };
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
    await trx.deleteFrom('workspace_shares').execute();
    await trx.deleteFrom('workspace_records').execute();
    await trx.deleteFrom('workspace_users').execute();
    // In chunks: a statement's parameters are bounded (65,535 on PostgreSQL).
    for (const table of TABLES)
      for (let at = 0; at < rows[table].length; at += 1_000)
        await trx
          .insertInto(table)
          .values(rows[table].slice(at, at + 1_000))
          .execute();
    return { workspace_users: rows.workspace_users.length, workspace_records: rows.workspace_records.length, workspace_shares: rows.workspace_shares.length };
  });
}
