/**
 * A throwaway Redis for tests: Debian's `redis-server` on a free loopback port, nothing written to
 * disk (`--save '' --appendonly no`), stopped afterwards. `stop()` and `restart()` let a test take
 * Redis away and bring it back on the same port ("Redis down and back").
 *
 * Missing `redis-server` is an error with the fix in it, not a skipped test: `bash .ci/run`
 * installs it (apt-get install redis-server), as it installs Chromium.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import { freePort } from './free-port.ts';

const CANDIDATES = [process.env.REDIS_SERVER_BIN, '/usr/bin/redis-server', '/usr/local/bin/redis-server'];

function redisServerBinary(): string {
  for (const candidate of CANDIDATES) if (candidate && existsSync(candidate)) return candidate;
  const found = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).stdout.trim();
  if (found !== '') return found;
  throw new Error(
    'redis-server is missing: these tests run a real Redis. Install it with `apt-get install -y redis-server` (or run `bash .ci/run`, which does).',
  );
}

function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('error', () => {
      resolve(false);
    });
    socket.once('data', (chunk: Buffer) => {
      socket.destroy();
      resolve(chunk.toString().startsWith('+PONG'));
    });
    socket.write('PING\r\n');
  });
}

export interface TestRedis {
  port: number;
  url: string;
  /** Stops the server (SIGTERM, waits for exit). */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty. */
  restart(): Promise<void>;
}

export async function startTestRedis(): Promise<TestRedis> {
  const binary = redisServerBinary();
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async (): Promise<void> => {
    const process_ = spawn(
      binary,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'yes', '--loglevel', 'warning'],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    child = process_;
    let stderr = '';
    process_.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const deadline = performance.now() + 10_000;
    while (!(await answersPing(port))) {
      if (process_.exitCode !== null) throw new Error(`redis-server exited (${String(process_.exitCode)}): ${stderr}`);
      if (performance.now() > deadline) throw new Error(`redis-server did not answer on port ${port} within 10 s`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const stop = async (): Promise<void> => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => {
      running.once('exit', () => {
        resolve();
      });
    });
    running.kill('SIGTERM');
    await exited;
  };
  await start();
  return { port, url: `redis://127.0.0.1:${port}`, stop, restart: start };
}
