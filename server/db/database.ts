/**
 * The server's database: PGlite (PostgreSQL compiled to WebAssembly) in a data directory by
 * default, which needs no set-up, or a PostgreSQL server with DATABASE_URL, which several
 * instances share. The same schema and the same Kysely queries on both. Opened once at start,
 * migrated to the latest schema before anything reads it.
 */
import { mkdirSync } from 'node:fs';
import { Kysely, PostgresDialect } from 'kysely';
import { migrateToLatest } from './migrations.ts';
import type { Database } from './schema.ts';

export type DatabaseConfig = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string; maxConnections?: number };

export interface OpenDatabase {
  db: Kysely<Database>;
  kind: DatabaseConfig['kind'];
  close(): Promise<void>;
}

/** DATABASE_URL (postgres:// or postgresql://) when set, else PGlite under DATA_DIR (default ./data). */
export function databaseConfigFrom(env: Record<string, string | undefined>): DatabaseConfig {
  const url = env.DATABASE_URL?.trim() ?? '';
  if (url !== '') {
    let protocol = '';
    try {
      protocol = new URL(url).protocol;
    } catch {
      throw new Error('DATABASE_URL must be a postgres:// URL');
    }
    if (protocol !== 'postgres:' && protocol !== 'postgresql:') throw new Error('DATABASE_URL must be a postgres:// URL');
    return { kind: 'postgres', url };
  }
  const dataDir = env.DATA_DIR?.trim() || 'data';
  return { kind: 'pglite', dataDir: `${dataDir}/pglite` };
}

async function dialectOf(config: DatabaseConfig, onConnectionError: (error: Error) => void) {
  if (config.kind === 'postgres') {
    const { default: pg } = await import('pg');
    // int8 (bigint) columns come back as strings by default; ours stay far below 2^53.
    pg.types.setTypeParser(pg.types.builtins.INT8, (text) => Number(text));
    const pool = new pg.Pool({ connectionString: config.url, max: config.maxConnections ?? 10 });
    // A connection the database dropped (a restart, a failover) emits 'error': unheard, it ends the
    // process. The pool hears it only while the connection is idle; one checked out for a query has
    // no listener of the pool's then, so every connection gets its own. The query in flight fails,
    // the pool discards the connection when it comes back, and the next query opens another.
    pool.on('error', () => undefined); // the pool repeats an idle connection's error: logged below
    pool.on('connect', (client) => {
      client.on('error', (error) => {
        onConnectionError(error);
      });
    });
    return new PostgresDialect({ pool });
  }
  mkdirSync(config.dataDir, { recursive: true });
  const [{ PGlite }, { PGliteDialect }] = await Promise.all([import('@electric-sql/pglite'), import('kysely-pglite-dialect')]);
  return new PGliteDialect(await PGlite.create(config.dataDir));
}

export async function openDatabase(config: DatabaseConfig, log: (line: string) => void = () => undefined): Promise<OpenDatabase> {
  const db = new Kysely<Database>({
    dialect: await dialectOf(config, (error) => {
      log(`chartroom: a database connection ended (${error.message}); the next query opens another`);
    }),
  });
  try {
    await migrateToLatest(db as unknown as Kysely<unknown>);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return { db, kind: config.kind, close: () => db.destroy() };
}
