/** Servers for the benchmarks, each in its own Node process on loopback (as in production). */
import { readFileSync } from 'node:fs';
import { startListening, startServer, startSimulator, type RunningServer } from '../e2e/start-server.ts';

interface ForwardingProcesses {
  sim: RunningServer;
  server: RunningServer;
  /** Only with `withBareProxy`: bench/bare-proxy.ts in front of the same simulator. */
  bare?: RunningServer;
  stop: () => Promise<void>;
}

/** The simulator alone and the production server forwarding to it with a simulator key (and the bare proxy, on request). */
export async function startForwardingPair({ withBareProxy = false } = {}): Promise<ForwardingProcesses> {
  const sim = await startSimulator({ SIM_RATE_LIMIT: '100000000', SIM_NOW: '2026-11-25T15:00:00Z' });
  const server = await startServer({ MARKET_API_KEY: 'demo-enterprise', MARKET_API_BASE_URL: sim.url, CLIENT_RATE_LIMIT: '0' });
  const bare = withBareProxy ? await startListening('bench/bare-proxy.ts', { BARE_PROXY_UPSTREAM: sim.url }) : undefined;
  return {
    sim,
    server,
    ...(bare && { bare }),
    stop: async () => {
      await Promise.all([server.stop(), sim.stop(), bare?.stop()]);
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

/** CPU time (user + system) a process has used so far, in seconds (Linux), or NaN elsewhere. */
export function cpuSeconds(pid: number | undefined): number {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
}

/** USER_HZ, the unit of /proc times: 100 on every Linux architecture's user ABI. */
const CLOCK_TICKS_PER_SECOND = 100;
