/**
 * A throwaway PostgreSQL for tests: Debian's `postgresql` binaries, `initdb` in a temporary
 * directory and a server on a free loopback port, removed afterwards. PostgreSQL refuses to run
 * as root, so as root both run as the `postgres` user the package creates. `kill()` stops it
 * at once (SIGKILL, no shutdown checkpoint) and `restart()` starts it again on the same data: a
 * test that a crash loses no acknowledged write.
 *
 * Missing binaries are an error with the fix in it, not a skipped test: `bash .ci/run` installs
 * them (apt-get install postgresql), as it installs Redis and Chromium.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.ts';

function postgresBin(): string {
  const candidates = [process.env.POSTGRES_BIN_DIR];
  if (existsSync('/usr/lib/postgresql')) {
    const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((version) => `/usr/lib/postgresql/${version}/bin`));
  }
  for (const candidate of candidates) if (candidate && existsSync(join(candidate, 'initdb'))) return candidate;
  const found = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).stdout.trim();
  if (found !== '') return found.replace(/\/initdb$/, '');
  throw new Error('PostgreSQL is missing: these tests run a real one. Install it with `apt-get install -y postgresql` (or run `bash .ci/run`, which does).');
}

/** As root, the command runs as the `postgres` user (initdb and postgres refuse root). */
function asServerUser(command: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

function postgresUserIds(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const read = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  return { uid: read('-u'), gid: read('-g') };
}

export interface TestPostgres {
  port: number;
  /** postgres://… of the `postgres` superuser on the loopback port (trust authentication). */
  url: string;
  /** Stops it at once: SIGKILL, no checkpoint (the write-ahead log must carry every commit). */
  kill(): Promise<void>;
  /** Starts it again on the same data directory and port. */
  restart(): Promise<void>;
  /** Stops it and removes its data. */
  stop(): Promise<void>;
}

export async function startTestPostgres(): Promise<TestPostgres> {
  const bin = postgresBin();
  const root = mkdtempSync(join(tmpdir(), 'chartroom-pg-'));
  const dataDir = join(root, 'data');
  const owner = postgresUserIds();
  if (owner) chownSync(root, owner.uid, owner.gid);
  const [initCommand, initArgs] = asServerUser(join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-instructions']);
  const init = spawnSync(initCommand, initArgs, { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`);
  const port = await freePort();
  let child: ChildProcess | undefined;

  const start = async (): Promise<void> => {
    const [command, args] = asServerUser(join(bin, 'postgres'), ['-D', dataDir, '-p', String(port), '-h', '127.0.0.1', '-k', root, '-c', 'fsync=on']);
    const process_ = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    child = process_;
    let stderr = '';
    process_.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const deadline = performance.now() + 20_000;
    for (;;) {
      const ready = spawnSync(join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres'], { encoding: 'utf8' });
      if (ready.status === 0) return;
      if (process_.exitCode !== null) throw new Error(`postgres exited (${String(process_.exitCode)}): ${stderr}`);
      if (performance.now() > deadline) throw new Error(`postgres did not answer on port ${String(port)} within 20 s: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const exited = (signal: NodeJS.Signals): Promise<void> =>
    new Promise((resolve) => {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null) {
        resolve();
        return;
      }
      running.once('exit', () => {
        resolve();
      });
      // runuser passes the signal on to postgres; SIGKILL cannot be passed on, so the
      // postmaster is killed by its pid file's number.
      if (signal === 'SIGKILL') killPostmaster(dataDir);
      running.kill(signal);
    });

  await start();
  return {
    port,
    url: `postgres://postgres@127.0.0.1:${String(port)}/postgres`,
    kill: () => exited('SIGKILL'),
    restart: start,
    async stop() {
      await exited('SIGTERM');
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** Whether a process is gone, or dead and waiting to be reaped (a zombie still answers kill -0). */
function isDead(pid: string): boolean {
  // Read, not checked then read: the process may be reaped between the two (CI met that).
  try {
    return /^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return true;
  }
}

/**
 * SIGKILL to the postmaster and its children (postmaster.pid's first line, and its children),
 * then, once all are dead, the lock file goes: a postmaster killed so leaves it behind, and in
 * a container whose first process reaps no orphans its zombie would keep the next start out.
 */
function killPostmaster(dataDir: string): void {
  const file = join(dataDir, 'postmaster.pid');
  const pid = existsSync(file) ? readFileSync(file, 'utf8').split('\n')[0]?.trim() : undefined;
  if (!pid) return;
  // The children are waited for too: a backend still exiting holds the shared memory, and the
  // next start refuses it ("pre-existing shared memory block is still in use"). (Not stopped
  // first: runuser, its parent, then stops too and never reaps it.)
  const children = spawnSync('pgrep', ['-P', pid], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter((line) => line.trim() !== '');
  spawnSync('kill', ['-KILL', pid, ...children]);
  const deadline = performance.now() + 5_000;
  while ([pid, ...children].some((each) => !isDead(each)) && performance.now() < deadline) spawnSync('sleep', ['0.02']);
  rmSync(file, { force: true });
}
