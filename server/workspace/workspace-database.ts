/**
 * The workspace's database, opened and migrated once: PostgreSQL by the first workspace request or
 * the first use of a sign-in session; PGlite before the server listens (server/main.ts), since its
 * opening runs on the server's thread. A failed open is tried again by the next request.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { databaseConfigFrom, openDatabase, type DatabaseConfig, type OpenDatabase } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { ShareStore } from './share-store.ts';
import { WorkspaceStore } from './workspace-store.ts';

export interface WorkspaceDatabase {
  /** The store, once the database is open and migrated. */
  store(): Promise<WorkspaceStore>;
  /** The shared watchlists and layouts, in the same database. */
  shares(): Promise<ShareStore>;
  /** The same database for the server's other tables (the sign-in sessions), once open and migrated. */
  db(): Promise<Kysely<Database>>;
  /** Whether there is a database with data to open already (PostgreSQL, or a PGlite directory written before). */
  holdsData(): boolean;
  /** PGlite runs on the server's own thread (its opening stalls every request); PostgreSQL does not. */
  readonly kind: DatabaseConfig['kind'];
  close(): Promise<void>;
}

/**
 * The workspace's database as the environment asks: none with WORKSPACE=off (a public demo
 * whose visitors would otherwise share the one user of AUTH_MODE=none; the browsers then keep
 * their workspace to themselves), else DATABASE_URL's or PGlite's.
 */
export function workspaceDatabaseFrom(env: Record<string, string | undefined>, log?: (line: string) => void): WorkspaceDatabase | undefined {
  const setting = env.WORKSPACE?.trim().toLowerCase() ?? 'on';
  if (setting === 'off') return undefined;
  if (setting !== 'on' && setting !== '') throw new Error('WORKSPACE must be on or off');
  return workspaceDatabase(databaseConfigFrom(env), log);
}

export function workspaceDatabase(config: DatabaseConfig, log: (line: string) => void = () => undefined): WorkspaceDatabase {
  let opening: Promise<OpenDatabase> | undefined;
  let store: WorkspaceStore | undefined;
  let shares: ShareStore | undefined;
  const open = (): Promise<OpenDatabase> => {
    opening ??= openDatabase(config, log).then(
      (database) => {
        log(`chartroom: workspace database ${config.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`);
        return database;
      },
      (error: unknown) => {
        opening = undefined;
        log(`chartroom: workspace database not open (${error instanceof Error ? error.message : 'unknown error'}); the next request tries again`);
        throw error;
      },
    );
    return opening;
  };
  return {
    kind: config.kind,
    holdsData: () => config.kind === 'postgres' || existsSync(join(config.dataDir, 'PG_VERSION')),
    async store() {
      const database = await open();
      store ??= new WorkspaceStore(database.db);
      return store;
    },
    async shares() {
      const database = await open();
      shares ??= new ShareStore(database.db);
      return shares;
    },
    async db() {
      return (await open()).db;
    },
    async close() {
      const database = await opening?.catch(() => undefined);
      await database?.close();
    },
  };
}
