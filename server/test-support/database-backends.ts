/**
 * The two databases a store's tests run on: PGlite in a temporary directory, and a real
 * PostgreSQL (Debian's, started on a free loopback port by postgres-server.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type OpenDatabase } from '../db/database.ts';
import { startTestPostgres, type TestPostgres } from './postgres-server.ts';

export interface DatabaseBackend {
  name: string;
  open(): Promise<OpenDatabase>;
  close(): Promise<void>;
}

export function pgliteBackend(): DatabaseBackend {
  const dir = mkdtempSync(join(tmpdir(), 'chartroom-pglite-'));
  return {
    name: 'PGlite',
    open: () => openDatabase({ kind: 'pglite', dataDir: dir }),
    close: () => {
      rmSync(dir, { recursive: true, force: true });
      return Promise.resolve();
    },
  };
}

export function postgresBackend(): DatabaseBackend {
  let server: TestPostgres | undefined;
  return {
    name: 'PostgreSQL',
    async open() {
      server ??= await startTestPostgres();
      return openDatabase({ kind: 'postgres', url: server.url });
    },
    close: async () => server?.stop(),
  };
}

/** Both databases, for `describe.each`. */
export const databaseBackends = (): DatabaseBackend[] => [pgliteBackend(), postgresBackend()];
