/**
 * `npm run db:backup [-- file]` writes the workspace database (DATA_DIR's PGlite, or DATABASE_URL's
 * PostgreSQL) to a JSON-lines file (default data/backup-<time>.jsonl); `npm run db:restore -- file
 * [--replace]` loads one into an empty database (or replaces what it holds). With PGlite, run
 * them while the server is stopped (one process at a time opens its directory); with PostgreSQL,
 * at any time (the backup is one consistent read).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { backupLines, restoreLines } from '../server/db/backup.ts';
import { databaseConfigFrom, openDatabase } from '../server/db/database.ts';
import { readEnvironment } from '../server/config.ts';

const [command, ...args] = process.argv.slice(2);
const file = args.find((arg) => !arg.startsWith('--'));
const config = databaseConfigFrom(readEnvironment());
const database = await openDatabase(config);
try {
  if (command === 'backup') {
    const target = file ?? `data/backup-${new Date().toISOString().replace(/[:.]/g, '-')}.jsonl`;
    const lines = await backupLines(database.db);
    writeFileSync(target, `${lines.join('\n')}\n`);
    console.log(`chartroom: ${String(lines.length - 1)} rows written to ${target}`);
  } else if (command === 'restore' && file !== undefined) {
    const written = await restoreLines(database.db, readFileSync(file, 'utf8').split('\n'), { replace: args.includes('--replace') });
    console.log(`chartroom: restored ${String(written.workspace_users)} workspaces, ${String(written.workspace_records)} records from ${file}`);
  } else {
    console.error('usage: npm run db:backup [-- file] | npm run db:restore -- file [--replace]');
    process.exitCode = 2;
  }
} catch (error) {
  console.error(`chartroom: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
