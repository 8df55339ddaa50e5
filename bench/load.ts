/**
 * Load through the forwarder: the production server (upstream mode) in front of the standalone
 * simulator, each in its own process on loopback, 200 connections for 20 s. Reports throughput,
 * latency percentiles, errors and timeouts, and each server's peak resident memory (VmHWM).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import type { Figure } from './figure.ts';

const CONNECTIONS = 200;
const SECONDS = 20;
const PATHS = ['/v1/market/ticker?symbols=AAPL.US,700.HK,BTCUSDT', '/v1/market/kline/latest?symbols=AAPL.US&interval=1m', '/v1/market/trading-sessions'];

function startProcess(script: string, env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
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

/** Peak resident set size of a process in MiB (Linux), or NaN elsewhere. */
function peakMemoryMiB(pid: number | undefined): number {
  try {
    const status = readFileSync(`/proc/${String(pid)}/status`, 'utf8');
    const kib = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1]);
    return kib / 1024;
  } catch {
    return Number.NaN;
  }
}

export async function loadFigures(): Promise<Figure[]> {
  const sim = await startProcess('server/sim-main.ts', { SIM_RATE_LIMIT: '100000000', SIM_NOW: '2026-11-25T15:00:00Z' });
  const server = await startProcess('server/main.ts', {
    MARKET_API_KEY: 'demo-enterprise',
    MARKET_API_BASE_URL: sim.url,
    CLIENT_RATE_LIMIT: '0',
  });
  try {
    const result = await autocannon({
      url: server.url,
      connections: CONNECTIONS,
      duration: SECONDS,
      timeout: 10,
      requests: PATHS.map((path) => ({ method: 'GET', path })),
    });
    const failures = result.errors + result.timeouts + result.non2xx;
    return [
      { name: `load: ${String(CONNECTIONS)} connections × ${String(SECONDS)} s through the forwarder, throughput`, value: result.requests.average, unit: 'req/s', decimals: 0 },
      { name: 'load: latency median / p99', value: result.latency.p50, unit: `ms / ${result.latency.p99.toFixed(0)} ms` },
      { name: 'load: requests answered', value: result.requests.total, unit: '', decimals: 0 },
      { name: 'load: errors + timeouts + non-2xx', value: failures, unit: `(${String(result.errors)} / ${String(result.timeouts)} / ${String(result.non2xx)})`, decimals: 0, target: '0', pass: failures === 0 },
      { name: 'load: peak memory, server / simulator', value: peakMemoryMiB(server.child.pid), unit: `MiB / ${peakMemoryMiB(sim.child.pid).toFixed(0)} MiB`, decimals: 0 },
    ];
  } finally {
    for (const child of [server.child, sim.child]) child.kill('SIGTERM');
  }
}
