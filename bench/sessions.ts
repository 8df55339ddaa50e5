/**
 * Sign-in sessions (AUTH_MODE=password): what a signed-in request pays to find its session, in
 * process memory (WORKSPACE=off) and in the database (PGlite, the default; every instance shares
 * it and a restart keeps it), and what a sign-in pays to make one. The database store writes
 * `last_seen_at` once per step, not per read: the lookups here are reads.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../server/db/database.ts';
import { DatabaseSessionStore } from '../server/auth/database-sessions.ts';
import { MemorySessionStore } from '../server/auth/memory-sessions.ts';
import type { SessionStore } from '../server/auth/sessions.ts';
import { percentile, summarize, timeRuns, type Figure } from './figure.ts';

const GROUP = 'sign-in sessions: memory against the database (PGlite)';
const SESSIONS = 500;
const LOOKUPS = 3_000;
const RULES = { ttlMs: 12 * 3_600_000, idleMs: 3_600_000 };

async function measure(name: string, store: SessionStore): Promise<Figure[]> {
  const ids: string[] = [];
  const creates = await timeRuns(SESSIONS, async (i) => {
    ids.push(await store.create(`user${String(i % 50)}`));
  });
  const lookups = await timeRuns(LOOKUPS, (i) => store.get(ids[i % ids.length] ?? ''));
  const micro = (ms: number) => ms * 1000;
  return [
    {
      group: GROUP,
      name: `${name}: a signed-in request's session lookup, p50 / p95`,
      value: micro(percentile(lookups, 50)),
      unit: `µs / ${micro(percentile(lookups, 95)).toFixed(0)} µs`,
      decimals: 0,
      samples: { lookup: summarize(lookups) },
    },
    {
      group: GROUP,
      name: `${name}: a sign-in's new session, p50`,
      value: micro(percentile(creates, 50)),
      unit: 'µs',
      decimals: 0,
      samples: { create: summarize(creates) },
    },
  ];
}

export async function sessionFigures(): Promise<Figure[]> {
  const memory = await measure('memory', new MemorySessionStore(RULES));
  const dir = mkdtempSync(join(tmpdir(), 'chartroom-bench-sessions-'));
  const database = await openDatabase({ kind: 'pglite', dataDir: dir });
  try {
    return [...memory, ...(await measure('PGlite', new DatabaseSessionStore({ ...RULES, db: () => Promise.resolve(database.db) })))];
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
