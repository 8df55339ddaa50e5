/**
 * Starts the production server (built `dist/` + simulator, or forwarding to an upstream) or the
 * standalone simulator on a free loopback port and resolves with its URL, everything the process
 * printed so far and a stop function. Used by the journeys' global setup, the key-secrecy journey
 * and the screenshots.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningServer {
  url: string;
  /** The server's process id (the benchmarks read its peak memory). */
  pid: number | undefined;
  /** Everything the process wrote to stdout and stderr so far (bounded, see `truncated`). */
  output: () => string;
  /** True when the output outgrew the bound and its start was dropped. */
  truncated: () => boolean;
  stop: () => Promise<void>;
}

/** Bound of the kept output: a few hundred thousand log lines. */
const MAX_OUTPUT_CHARS = 16 * 1024 * 1024;
/**
 * A server opens its workspace's PGlite (initdb in a fresh DATA_DIR, WebAssembly) before it
 * listens: about 7 s alone, and past 30 s when the bench started four at once beside Chromium.
 */
const START_TIMEOUT_MS = 60_000;

/**
 * The simulator's universe for tests: the hand-written majors they are written against, unless
 * E2E_SIM_UNIVERSE names another (`full`: run the journeys on the catalogue users get) or the
 * caller's `env` sets SIM_UNIVERSE (the bench's real-size groups).
 */
const TEST_SIM_UNIVERSE = process.env.E2E_SIM_UNIVERSE ?? 'majors';

/** Runs `script` with tsx on a free loopback port; resolves once it prints `listening on <url>`. */
export async function startListening(script: string, env: Record<string, string>): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', SIM_UNIVERSE: TEST_SIM_UNIVERSE, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let truncated = false;
  const keep = (chunk: Buffer): void => {
    output += chunk.toString();
    if (output.length > MAX_OUTPUT_CHARS) {
      output = output.slice(output.length - MAX_OUTPUT_CHARS);
      truncated = true;
    }
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', (chunk: Buffer) => {
    keep(chunk);
    // Errors stay visible in the test run, as they were when stderr was inherited.
    process.stderr.write(chunk);
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`${script} did not start:\n${output}`));
    }, START_TIMEOUT_MS);
    const onData = (): void => {
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        child.stdout.off('data', onData);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${String(code)}:\n${output}`));
    });
  });
  return {
    url,
    pid: child.pid,
    output: () => output,
    truncated: () => truncated,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * The production server. Simulator mode unless `env` sets MARKET_API_KEY (and
 * MARKET_API_BASE_URL): the key of the parent environment is never passed on by default.
 */
/**
 * The production server; its workspace database (PGlite) in a temporary DATA_DIR of its own,
 * removed when it stops, unless the caller names one (a restart on the same data).
 */
export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const dataDir = env.DATA_DIR === undefined ? mkdtempSync(join(tmpdir(), 'chartroom-data-')) : undefined;
  const running = await startListening('server/main.ts', { MARKET_API_KEY: '', ...(dataDir && { DATA_DIR: dataDir }), ...env });
  if (dataDir === undefined) return running;
  return {
    ...running,
    stop: async () => {
      await running.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The simulator alone (`npm run sim`), standing in for the upstream: it demands demo keys. */
export async function startSimulator(env: Record<string, string> = {}): Promise<RunningServer> {
  return startListening('server/sim-main.ts', env);
}
