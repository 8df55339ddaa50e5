/** Servers for the benchmarks, each in its own Node process on loopback (as in production). */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface ServerProcess {
  child: ChildProcess;
  url: string;
}

/** Starts `script` (server/main.ts or server/sim-main.ts) on a free port and waits for its URL. */
export function startProcess(script: string, env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      reject(new Error(`${script} did not start: ${output}`));
    }, 30_000);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ child, url: match[1] });
      }
    });
  });
}

/** The simulator alone and the production server forwarding to it with a simulator key. */
export async function startForwardingPair(): Promise<{ sim: ServerProcess; server: ServerProcess; stop: () => void }> {
  const sim = await startProcess('server/sim-main.ts', { SIM_RATE_LIMIT: '100000000', SIM_NOW: '2026-11-25T15:00:00Z' });
  const server = await startProcess('server/main.ts', { MARKET_API_KEY: 'demo-enterprise', MARKET_API_BASE_URL: sim.url, CLIENT_RATE_LIMIT: '0' });
  return {
    sim,
    server,
    stop: () => {
      for (const child of [server.child, sim.child]) child.kill('SIGTERM');
    },
  };
}

/** Peak resident set size of a process in MiB (Linux), or NaN elsewhere. */
export function peakMemoryMiB(pid: number | undefined): number {
  try {
    const status = readFileSync(`/proc/${String(pid)}/status`, 'utf8');
    return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1]) / 1024;
  } catch {
    return Number.NaN;
  }
}
