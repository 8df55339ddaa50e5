/**
 * A database for a test file's (or a describe block's) tests: `backend` opened before them and
 * closed, with its files or server, after them. Read `.db` inside the tests.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import type { OpenDatabase } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { DatabaseBackend } from './database-backends.ts';

export function useDatabase(backend: DatabaseBackend): { readonly db: Kysely<Database> } {
  let opened: OpenDatabase | undefined;
  beforeAll(async () => {
    opened = await backend.open();
  }, 60_000);
  afterAll(async () => {
    await opened?.close();
    await backend.close();
  });
  return {
    get db() {
      if (!opened) throw new Error('the database opens in beforeAll');
      return opened.db;
    },
  };
}
