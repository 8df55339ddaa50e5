/**
 * Durability of the workspace: the production server (server/main.ts in a child process) killed
 * with SIGKILL in the middle of a stream of writes, on the embedded database and on PostgreSQL;
 * after a restart on the same data, every write it acknowledged is there. On PostgreSQL the
 * database itself is then killed the same way, and restarted.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { WORKSPACE_PATH } from '#shared/workspace-protocol.ts';
import { startServer, type RunningServer } from '../../e2e/start-server.ts';
import { startTestPostgres, type TestPostgres } from '../test-support/postgres-server.ts';

const WRITES_BEFORE_KILL = 40;

const change = (i: number) => ({
  store: 'drawings',
  to: { id: `drawing:AAPL.US/d${String(i)}`, kind: 'drawing', rev: 1, updatedAt: i, by: 'desk', value: { i } },
});

async function post(server: RunningServer, i: number): Promise<boolean> {
  try {
    const answer = await fetch(`${server.url}${WORKSPACE_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ changes: [change(i)] }),
    });
    return answer.status === 200;
  } catch {
    return false;
  }
}

async function storedIds(server: RunningServer): Promise<Set<string>> {
  const answer = await fetch(`${server.url}${WORKSPACE_PATH}`);
  const { records } = (await answer.json()) as { records: { id: string }[] };
  return new Set(records.map((record) => record.id));
}

/**
 * Writes one after another, a few at a time, and kills the server once WRITES_BEFORE_KILL are
 * acknowledged (more are in flight then); returns the acknowledged ones.
 */
async function writeUntilKilled(server: RunningServer): Promise<number[]> {
  const acknowledged: number[] = [];
  let next = 0;
  // Read through a function: the four writers see each other's kill across their awaits.
  let killed = false;
  const isKilled = (): boolean => killed;
  const writer = async (): Promise<void> => {
    while (!isKilled()) {
      const i = next++;
      if (await post(server, i)) acknowledged.push(i);
      if (!isKilled() && acknowledged.length >= WRITES_BEFORE_KILL) {
        killed = true;
        if (server.pid !== undefined) process.kill(server.pid, 'SIGKILL');
      }
    }
  };
  await Promise.all([writer(), writer(), writer(), writer()]);
  return acknowledged;
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('the workspace after SIGKILL', () => {
  it('keeps every acknowledged write on the embedded database', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'chartroom-durable-'));
    cleanups.push(() => {
      rmSync(dataDir, { recursive: true, force: true });
      return Promise.resolve();
    });
    const first = await startServer({ DATA_DIR: dataDir, SIM_NOW: '2026-11-25T15:00:00Z' });
    const acknowledged = await writeUntilKilled(first);
    await first.stop();
    const second = await startServer({ DATA_DIR: dataDir, SIM_NOW: '2026-11-25T15:00:00Z' });
    cleanups.push(() => second.stop());
    const ids = await storedIds(second);
    expect(acknowledged.length).toBeGreaterThanOrEqual(WRITES_BEFORE_KILL);
    expect(acknowledged.filter((i) => !ids.has(change(i).to.id))).toEqual([]);
  }, 120_000);

  it('keeps every acknowledged write on PostgreSQL, the server killed and then the database', async () => {
    const postgres: TestPostgres = await startTestPostgres();
    cleanups.push(() => postgres.stop());
    const env = { DATABASE_URL: postgres.url, SIM_NOW: '2026-11-25T15:00:00Z' };
    const first = await startServer(env);
    const acknowledged = await writeUntilKilled(first);
    await first.stop();
    const second = await startServer(env);
    cleanups.push(() => second.stop());
    const ids = await storedIds(second);
    expect(acknowledged.filter((i) => !ids.has(change(i).to.id))).toEqual([]);

    // The database itself killed mid-stream: what it acknowledged survives its crash recovery.
    const more: number[] = [];
    const stream = (async () => {
      for (let i = 10_000; i < 10_200; i++) if (await post(second, i)) more.push(i);
    })();
    await new Promise((resolve) => setTimeout(resolve, 150));
    await postgres.kill();
    await stream;
    await postgres.restart();
    const after = await storedIds(second);
    expect(more.length).toBeGreaterThan(0);
    expect([...acknowledged, ...more].filter((i) => !after.has(change(i).to.id))).toEqual([]);
  }, 120_000);
});
