/**
 * One run of the desk benches (issue 16): N simulated browsers over real loopback sockets and
 * HTTP, spread round robin over one or several Chartroom servers in upstream mode (each its own
 * `server/main.ts` process; several share a redis-server of their own on a free loopback port), in
 * front of the standalone simulator (`npm run sim`, its own process too: the upstream's work must
 * not run on a server's event loop, as it never would).
 *
 * Each browser does the default screen's traffic: one socket with the watchlist's tickers and the
 * chart symbol's depth and trades, the HTTP snapshots a page loads, and the watchlist's ticker on
 * wall-clock multiples of 3 s (as the app polls while a channel is not live: the pessimistic case).
 * The sockets live in a worker thread (bench/desk-browsers.ts) and the HTTP in this one, so
 * neither delays the other's stamps.
 *
 * Measures upstream sockets (at the simulator), the key's upstream requests per minute, the push
 * latency the fan-out adds (each ticker push as a browser got it against the same push on a socket
 * straight to the simulator), the servers' resident memory per browser and CPU (from /proc: per
 * second and per upstream ticker push, depth, trade pushes and HTTP included). With `killLeader`,
 * SIGKILLs the Redis leader halfway (no hand-over: its lock runs out) and measures how long the
 * other instances' browsers went without a push, and their errors.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { startServer, startSimulator, type RunningServer } from '../e2e/start-server.ts';
import { startTestRedis, type TestRedis } from '../server/test-support/redis-server.ts';
import { cpuSeconds } from './processes.ts';

const KEY = 'demo-enterprise';
const WATCHLIST = ['AAPL.US', 'MSFT.US', 'NVDA.US', '700.HK', '9988.HK', '600519.SH', 'BTCUSDT', 'EURUSD'];
const CHART = 'AAPL.US';
export const DESK_RUN_MS = Number(process.env.BENCH_DESK_RUN_MS ?? 20_000);
/** Pushes of the first seconds (every page loading its snapshots at once) are not in the latency figure. */
const WARM_UP_MS = 5_000;
/** US trading hours on the simulator's clock, so every watchlist market but China's pushes. */
const SIM_NOW = '2026-11-25T15:00:00Z';

export interface DeskRunOptions {
  browsers: number;
  instances: number;
  /** SIGKILL the Redis leader halfway through (needs instances > 1). */
  killLeader?: boolean;
}

export interface DeskRun {
  browsers: number;
  upstreamSockets: number;
  /** The key's upstream requests per minute after the warm-up (the pages loaded, polls and pushes running). */
  requestsPerMinute: number;
  /** The key's upstream requests in the warm-up, while every browser's page loads in the same second. */
  startUpRequests: number;
  /** Latency the fan-out added to each ticker push each browser got (ms), as the simulated browsers saw it. */
  addedMs: number[];
  /** At the server: p50 and p99 of arrival → written to every holder, per push, over the last 15 s (ms; the worst instance's). */
  serverFanOutMs: { p50: number; p99: number };
  /** Resident memory of the instances per browser (KiB). */
  memoryPerBrowserKiB: number;
  /** CPU of the instances per upstream ticker push (ms; depth and trade pushes and HTTP included). */
  cpuMsPerPush: number;
  /** CPU of the instances per second of the run (ms). */
  cpuMsPerSecond: number;
  errors: number;
  failover?: { gapMs: number; survivorsErrors: number; onKilled: number };
}

type Message = { kind: string; direct?: [string, number][]; seen?: [string, number, number][]; closes?: number; closesByServer?: number[] };

interface Instance {
  server: RunningServer;
  port: number;
}

/** One `npm start` process (server/main.ts, e2e/start-server.ts) on a free port. */
async function startInstance(env: Record<string, string>): Promise<Instance> {
  const server = await startServer(env);
  return { server, port: Number(new URL(server.url).port) };
}

async function metricsOf(instance: Instance): Promise<string> {
  return (await fetch(`http://127.0.0.1:${instance.port}/metrics`)).text();
}

function metric(text: string, name: string): number {
  return Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
}

async function residentBytes(instances: readonly Instance[]): Promise<number> {
  let total = 0;
  for (const instance of instances) total += metric(await metricsOf(instance), 'process_resident_memory_bytes');
  return total;
}

function cpuMsOf(instances: readonly Instance[]): number[] {
  return instances.map((instance) => cpuSeconds(instance.server.pid) * 1000);
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export async function runDesk({ browsers, instances: count, killLeader = false }: DeskRunOptions): Promise<DeskRun> {
  const redis: TestRedis | undefined = count > 1 ? await startTestRedis() : undefined;
  const sim = await startSimulator({ SIM_NOW, SIM_RATE_LIMIT: '100000000' });
  const simPort = Number(new URL(sim.url).port);
  const site = mkdtempSync(join(tmpdir(), 'chartroom-desk-'));
  writeFileSync(join(site, 'index.html'), '<!doctype html><title>Chartroom</title>');
  const env = {
    MARKET_API_KEY: KEY,
    MARKET_API_BASE_URL: sim.url,
    CLIENT_RATE_LIMIT: '0',
    REALTIME_MAX_SOCKETS_PER_CLIENT: '1000',
    CHARTROOM_DIST: site,
    ...(redis && { REDIS_URL: redis.url }),
  };
  const instances: Instance[] = [];
  const alive = new Set<Instance>();
  const timers: NodeJS.Timeout[] = [];
  let worker: Worker | undefined;
  let errors = 0;
  let errorsAfterKill = 0;
  let killed = -1;
  let killAt = 0;
  /** Browser i's requests go to its instance, or (as a balancer would) to a live one once its own is gone. */
  const get = (i: number, path: string): void => {
    let instance = instances[i % instances.length];
    if (!instance || !alive.has(instance)) instance = [...alive][i % alive.size];
    if (!instance) return;
    fetch(`http://127.0.0.1:${instance.port}${path}`)
      .then(async (response) => {
        if (!response.ok) errors += 1;
        await response.arrayBuffer();
      })
      .catch(() => {
        errors += 1;
        if (killed >= 0) errorsAfterKill += 1;
      });
  };
  try {
    for (let i = 0; i < count; i += 1) instances.push(await startInstance(env));
    for (const instance of instances) alive.add(instance);
    if (redis) {
      // Every instance registered in Redis, one of them leading.
      for (;;) {
        const leaders = await Promise.all(instances.map(async (instance) => metric(await metricsOf(instance), 'chartroom_cluster_leader')));
        if (leaders.filter((leader) => leader === 1).length === 1) break;
        await sleep(100);
      }
    }
    const memoryBefore = await residentBytes(instances);
    // A worker does not inherit tsx's loader: it registers it, then loads the TypeScript.
    worker = new Worker(
      `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(new URL('./desk-browsers.ts', import.meta.url).href)}); });`,
      {
        eval: true,
        workerData: {
          browsers,
          serverPort: instances[0]?.port,
          serverPorts: instances.map((instance) => instance.port),
          simPort,
          key: KEY,
          watchlist: WATCHLIST,
          chart: CHART,
        },
      },
    );
    const messages: Message[] = [];
    worker.on('message', (message: Message) => messages.push(message));
    const waitFor = async (kind: string): Promise<Message> => {
      for (;;) {
        const found = messages.find((message) => message.kind === kind);
        if (found) return found;
        await sleep(20);
      }
    };
    await waitFor('ready');
    // Subscriptions answered: the browsers' state is in place.
    await sleep(1_000);
    const memoryPerBrowserKiB = ((await residentBytes(instances)) - memoryBefore) / browsers / 1024;
    for (let i = 0; i < browsers; i += 1) {
      get(i, `/v1/market/ticker?symbols=${WATCHLIST.join(',')}`);
      get(i, `/v1/market/kline?symbol=${CHART}&interval=1m&limit=300`);
      get(i, `/v1/market/kline/latest?symbols=${CHART}&interval=1m`);
      get(i, '/v1/market/trading-sessions?market=US');
      get(i, `/v1/market/depth?symbol=${CHART}`);
      const poll = (): void => {
        get(i, `/v1/market/ticker?symbols=${WATCHLIST.join(',')}`);
        timers.push(setTimeout(poll, 3_000 - (Date.now() % 3_000)));
      };
      timers.push(setTimeout(poll, 3_000 - (Date.now() % 3_000)));
    }
    const startedAt = performance.timeOrigin + performance.now();
    const measuredFrom = startedAt + WARM_UP_MS;
    const cpuBefore = cpuMsOf(instances);
    let cpuAfter: number[] = [];
    // The key's count is every instance's (one budget): any instance reads it.
    const keyRequests = async (): Promise<number> => {
      const reporter = [...alive][0];
      return reporter ? metric(await metricsOf(reporter), 'chartroom_upstream_key_requests_last_minute') : NaN;
    };
    await sleep(WARM_UP_MS);
    const startUpRequests = await keyRequests();
    if (killLeader && redis) {
      await sleep(DESK_RUN_MS / 2 - WARM_UP_MS);
      const leaders = await Promise.all(instances.map(async (instance) => metric(await metricsOf(instance), 'chartroom_cluster_leader')));
      killed = leaders.indexOf(1);
      const leader = instances[killed];
      if (leader) {
        killAt = performance.timeOrigin + performance.now();
        alive.delete(leader);
        if (leader.server.pid !== undefined) process.kill(leader.server.pid, 'SIGKILL');
      }
      await sleep(DESK_RUN_MS / 2);
    } else {
      await sleep(DESK_RUN_MS - WARM_UP_MS);
      cpuAfter = cpuMsOf(instances);
    }
    const serverFanOutMs = { p50: 0, p99: 0 };
    for (const instance of alive) {
      const text = await metricsOf(instance);
      serverFanOutMs.p50 = Math.max(serverFanOutMs.p50, 1000 * metric(text, 'chartroom_realtime_fanout_seconds\\{quantile="0\\.5"\\}'));
      serverFanOutMs.p99 = Math.max(serverFanOutMs.p99, 1000 * metric(text, 'chartroom_realtime_fanout_seconds\\{quantile="0\\.99"\\}'));
    }
    // A sliding minute: the run is shorter, so the warm-up's requests are still in it.
    const steadyRequests = (await keyRequests()) - startUpRequests;
    const simState = (await (await fetch(`${sim.url}/__sim/realtime`)).json()) as { connections: unknown[] };
    // The reference socket is the simulator's too.
    const upstreamSockets = simState.connections.length - 1;
    worker.postMessage('stop');
    const done = await waitFor('done');
    const direct = new Map(done.direct);
    const seen = done.seen ?? [];
    const addedMs = seen.flatMap(([key, at]) => {
      const reference = direct.get(key);
      // Around the failover pushes come late by design: the latency figure leaves that second out.
      if (killed >= 0 && reference !== undefined && reference > killAt - 1_000) return [];
      return reference === undefined || reference < measuredFrom ? [] : [Math.max(0, at - reference)];
    });
    const pushes = [...direct.values()].filter((at) => at >= startedAt).length;
    const cpu = cpuAfter.reduce((sum, after, index) => sum + after - (cpuBefore[index] ?? 0), 0);
    const result: DeskRun = {
      browsers,
      upstreamSockets,
      requestsPerMinute: (steadyRequests * 60_000) / (DESK_RUN_MS - WARM_UP_MS),
      startUpRequests,
      addedMs,
      serverFanOutMs,
      memoryPerBrowserKiB,
      cpuMsPerPush: pushes > 0 && cpuAfter.length > 0 ? cpu / pushes : NaN,
      cpuMsPerSecond: cpuAfter.length > 0 ? (cpu * 1000) / DESK_RUN_MS : NaN,
      errors: errors + (done.closes ?? 0),
    };
    if (killed >= 0) result.failover = failoverOf(seen, done.closesByServer ?? [], { browsers, instances: count, killed, killAt, errorsAfterKill });
    return result;
  } finally {
    for (const timer of timers) clearTimeout(timer);
    await worker?.terminate();
    // A SIGKILLed leader has exited already: stop() returns at once for it.
    for (const instance of instances) await instance.server.stop();
    await sim.stop();
    await redis?.stop();
    rmSync(site, { recursive: true, force: true });
  }
}

/** Per surviving browser, the first push it got after the kill; the longest wait is the gap. */
function failoverOf(
  seen: readonly [string, number, number][],
  closesByServer: readonly number[],
  run: { browsers: number; instances: number; killed: number; killAt: number; errorsAfterKill: number },
): NonNullable<DeskRun['failover']> {
  const firstAfter = new Map<number, number>();
  for (const [, at, browser] of seen) {
    if (browser % run.instances === run.killed || at < run.killAt) continue;
    const before = firstAfter.get(browser);
    if (before === undefined || at < before) firstAfter.set(browser, at);
  }
  const survivors = Array.from({ length: run.browsers }, (_, i) => i).filter((i) => i % run.instances !== run.killed);
  const gaps = survivors.map((i) => (firstAfter.get(i) ?? Infinity) - run.killAt);
  const survivorsCloses = closesByServer.reduce((sum, closes, index) => (index === run.killed ? sum : sum + closes), 0);
  return { gapMs: Math.max(...gaps), survivorsErrors: survivorsCloses + run.errorsAfterKill, onKilled: closesByServer[run.killed] ?? 0 };
}
