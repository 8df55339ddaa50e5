/**
 * One key, a whole desk, on three instances (issue 16, section 3): N simulated browsers over real
 * loopback sockets and HTTP, spread round robin over three Chartroom servers, each its own process
 * (`server/main.ts`, upstream mode) sharing one Redis (a redis-server of its own on a free loopback
 * port), in front of the standalone simulator. The same traffic as bench/desk.ts. Reports upstream
 * sockets (one for all three), the key's upstream requests per minute against one browser's, the
 * push latency the fan-out adds across instances (upstream → leader → Redis pub/sub → each
 * instance → its browsers, against the same push on a socket straight to the simulator), the
 * instances' memory per browser (resident, all three) and CPU (all three, from /proc: per second
 * and per upstream ticker push, the depth and trade pushes and HTTP included); then SIGKILLs the leader mid-run (no hand-over: its lock runs out) and
 * reports how long the other instances' browsers went without a push, and their errors.
 * `node --import tsx bench/desk-redis.ts [counts…] [--no-failover]` runs this group alone.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { startStandaloneSimulator } from '../server/realtime/test-support.ts';
import { startTestRedis } from '../server/test-support/redis-server.ts';
import { percentile, type Figure } from './figure.ts';

const KEY = 'demo-enterprise';
const WATCHLIST = ['AAPL.US', 'MSFT.US', 'NVDA.US', '700.HK', '9988.HK', '600519.SH', 'BTCUSDT', 'EURUSD'];
const CHART = 'AAPL.US';
const RUN_MS = Number(process.env.BENCH_DESK_RUN_MS ?? 20_000);
const WARM_UP_MS = 5_000;
const INSTANCES = 3;
const MAIN = fileURLToPath(new URL('../server/main.ts', import.meta.url));
/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

interface Run {
  browsers: number;
  upstreamSockets: number;
  requestsPerMinute: number;
  addedMs: number[];
  /** Resident memory of the three instances per browser (KiB). */
  memoryPerBrowserKiB: number;
  /** CPU of the three instances per upstream ticker push (ms; depth and trade pushes and HTTP included). */
  cpuMsPerPush: number;
  /** CPU of the three instances per second of the run (ms). */
  cpuMsPerSecond: number;
  errors: number;
  failover?: { gapMs: number; survivorsErrors: number; onKilled: number };
}

type Message = { kind: string; direct?: [string, number][]; seen?: [string, number, number][]; closes?: number; closesByServer?: number[] };

interface Instance {
  child: ChildProcess;
  port: number;
}

/** One `npm start` process (server/main.ts) on a free port; its request log is read and dropped. */
function startInstance(env: Record<string, string>): Promise<Instance> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], { env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (chunk: Buffer): void => {
      text += chunk.toString();
      const port = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(text)?.[1];
      if (port === undefined) return;
      child.stdout.off('data', onData);
      child.stdout.resume();
      resolve({ child, port: Number(port) });
    };
    child.stdout.on('data', onData);
    child.once('exit', (code) => {
      reject(new Error(`instance exited ${String(code)} before listening`));
    });
  });
}

async function metricsOf(instance: Instance): Promise<string> {
  return (await fetch(`http://127.0.0.1:${instance.port}/metrics`)).text();
}

function metric(text: string, name: string): number {
  return Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
}

/** User + system CPU of a process so far, in ms. */
function cpuMs(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

async function residentBytes(instances: readonly Instance[]): Promise<number> {
  let total = 0;
  for (const instance of instances) total += metric(await metricsOf(instance), 'process_resident_memory_bytes');
  return total;
}

async function run(browsers: number, killLeader: boolean): Promise<Run> {
  const redis = await startTestRedis();
  const sim = await startStandaloneSimulator();
  const site = mkdtempSync(join(tmpdir(), 'chartroom-desk-redis-'));
  writeFileSync(join(site, 'index.html'), '<!doctype html><title>Chartroom</title>');
  const env = { MARKET_API_KEY: KEY, MARKET_API_BASE_URL: `http://127.0.0.1:${sim.port}`, CLIENT_RATE_LIMIT: '0', REALTIME_MAX_SOCKETS_PER_CLIENT: '1000', REDIS_URL: redis.url, CHARTROOM_DIST: site };
  const instances: Instance[] = [];
  for (let i = 0; i < INSTANCES; i += 1) instances.push(await startInstance(env));
  const alive = new Set(instances);
  let errors = 0;
  let errorsAfterKill = 0;
  let killed = -1;
  let killAt = 0;
  const timers: NodeJS.Timeout[] = [];
  const worker = new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(new URL('./desk-browsers.ts', import.meta.url).href)}); });`, {
    eval: true,
    workerData: { browsers, serverPort: instances[0]?.port, serverPorts: instances.map((instance) => instance.port), simPort: sim.port, key: KEY, watchlist: WATCHLIST, chart: CHART },
  });
  const messages: Message[] = [];
  worker.on('message', (message: Message) => messages.push(message));
  const waitFor = async (kind: string): Promise<Message> => {
    for (;;) {
      const found = messages.find((message) => message.kind === kind);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  /** Browser i's requests go to its instance, or (as a balancer would) to a live one once its own is gone. */
  const get = (i: number, path: string): void => {
    let instance = instances[i % INSTANCES];
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
    // Every instance registered in Redis, one of them leading.
    for (;;) {
      const leaders = await Promise.all(instances.map(async (instance) => metric(await metricsOf(instance), 'chartroom_cluster_leader')));
      if (leaders.filter((leader) => leader === 1).length === 1) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const memoryBefore = await residentBytes(instances);
    await waitFor('ready');
    // Subscriptions answered: the browsers' state is in place.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
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
    const cpuBefore = instances.map((instance) => cpuMs(instance.child.pid));
    let cpuAfter: number[] = [];
    if (killLeader) {
      await new Promise((resolve) => setTimeout(resolve, RUN_MS / 2));
      const leaders = await Promise.all(instances.map(async (instance) => metric(await metricsOf(instance), 'chartroom_cluster_leader')));
      killed = leaders.indexOf(1);
      const leader = instances[killed];
      if (leader) {
        killAt = performance.timeOrigin + performance.now();
        alive.delete(leader);
        leader.child.kill('SIGKILL');
      }
      await new Promise((resolve) => setTimeout(resolve, RUN_MS / 2));
    } else {
      await new Promise((resolve) => setTimeout(resolve, RUN_MS));
      cpuAfter = instances.map((instance) => cpuMs(instance.child.pid));
    }
    const reporter = [...alive][0];
    const requests = reporter ? metric(await metricsOf(reporter), 'chartroom_upstream_key_requests_last_minute') : NaN;
    const upstreamSockets = sim.sim.realtime.connections().length - 1;
    worker.postMessage('stop');
    const done = await waitFor('done');
    const direct = new Map(done.direct);
    const seen = done.seen ?? [];
    const addedMs = seen.flatMap(([key, at]) => {
      const reference = direct.get(key);
      // Around the failover pushes come late by design: the latency figure leaves that second out.
      if (killLeader && reference !== undefined && reference > killAt - 1_000) return [];
      return reference === undefined || reference < measuredFrom ? [] : [Math.max(0, at - reference)];
    });
    const pushes = [...direct.values()].filter((at) => at >= startedAt).length;
    const cpu = cpuAfter.reduce((sum, after, index) => sum + after - (cpuBefore[index] ?? 0), 0);
    const result: Run = {
      browsers,
      upstreamSockets,
      requestsPerMinute: (requests * 60_000) / Math.min(60_000, RUN_MS),
      addedMs,
      memoryPerBrowserKiB,
      cpuMsPerPush: pushes > 0 && cpuAfter.length > 0 ? cpu / pushes : NaN,
      cpuMsPerSecond: cpuAfter.length > 0 ? (cpu * 1000) / RUN_MS : NaN,
      errors: errors + (done.closes ?? 0),
    };
    if (killLeader && killed >= 0) {
      // Per surviving browser: the first push it got after the kill.
      const firstAfter = new Map<number, number>();
      for (const [, at, browser] of seen) {
        if (browser % INSTANCES === killed || at < killAt) continue;
        const before = firstAfter.get(browser);
        if (before === undefined || at < before) firstAfter.set(browser, at);
      }
      const survivors = Array.from({ length: browsers }, (_, i) => i).filter((i) => i % INSTANCES !== killed);
      const gaps = survivors.map((i) => (firstAfter.get(i) ?? Infinity) - killAt);
      const closes = done.closesByServer ?? [];
      const survivorsCloses = closes.reduce((sum, count, index) => (index === killed ? sum : sum + count), 0);
      result.failover = { gapMs: Math.max(...gaps), survivorsErrors: survivorsCloses + errorsAfterKill, onKilled: closes[killed] ?? 0 };
    }
    return result;
  } finally {
    for (const timer of timers) clearTimeout(timer);
    await worker.terminate();
    for (const instance of instances) {
      if (instance.child.exitCode !== null || instance.child.signalCode !== null) continue;
      const exited = new Promise<void>((resolve) => {
        instance.child.once('exit', () => {
          resolve();
        });
      });
      instance.child.kill('SIGTERM');
      await exited;
    }
    await sim.stop();
    await redis.stop();
    rmSync(site, { recursive: true, force: true });
  }
}

export async function deskRedisFigures(counts: readonly number[] = [1, 10, 100, 300], failoverBrowsers = 100): Promise<Figure[]> {
  const runs: Run[] = [];
  for (const count of counts) runs.push(await run(count, false));
  const one = runs[0]?.requestsPerMinute ?? NaN;
  const group = 'one key, a whole desk, three instances on Redis (issue 16 §3)';
  const figures = runs.flatMap((result): Figure[] => {
    const p99 = percentile(result.addedMs, 99);
    const ratio = result.requestsPerMinute / one;
    const name = `3 instances, ${result.browsers} browser(s)`;
    return [
      { group, name: `${name}: upstream sockets`, value: result.upstreamSockets, unit: '', decimals: 0, target: '1', pass: result.upstreamSockets === 1 },
      { group, name: `${name}: upstream requests per minute (× one browser's)`, value: result.requestsPerMinute, unit: `(× ${ratio.toFixed(2)})`, decimals: 0, target: '≤ 1.2 ×', pass: ratio <= 1.2 },
      { group, name: `${name}: push latency added by the fan-out across instances, median / p99`, value: percentile(result.addedMs, 50), unit: `ms / ${p99.toFixed(2)} ms (${result.addedMs.length} pushes)`, target: 'p99 ≤ 10 ms', pass: p99 <= 10 },
      { group, name: `${name}: CPU of the three instances per upstream ticker push (depth, trade pushes and HTTP included)`, value: result.cpuMsPerPush, unit: 'ms', decimals: 2 },
      { group, name: `${name}: CPU of the three instances per second`, value: result.cpuMsPerSecond, unit: 'ms', decimals: 0 },
      { group, name: `${name}: resident memory of the three instances per browser`, value: result.memoryPerBrowserKiB, unit: 'KiB', decimals: 1 },
      { group, name: `${name}: browser errors (closes, failed HTTP)`, value: result.errors, unit: '', decimals: 0, target: '0', pass: result.errors === 0 },
    ];
  });
  if (failoverBrowsers > 0) {
    const result = await run(failoverBrowsers, true);
    const failover = result.failover;
    if (failover) {
      const name = `failover, ${failoverBrowsers} browsers, leader SIGKILLed mid-run`;
      figures.push(
        { group, name: `${name}: longest time without a push on the other instances`, value: failover.gapMs, unit: 'ms', decimals: 0, target: '≤ 5000 ms', pass: failover.gapMs <= 5_000 },
        { group, name: `${name}: errors of the other instances' browsers (closes, failed HTTP)`, value: failover.survivorsErrors, unit: `(${failover.onKilled} browsers were on the killed instance: closed, to reconnect through the balancer)`, decimals: 0, target: '0', pass: failover.survivorsErrors === 0 },
        { group, name: `${name}: upstream sockets at the end`, value: result.upstreamSockets, unit: '', decimals: 0, target: '1', pass: result.upstreamSockets === 1 },
      );
    }
  }
  return figures;
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  const counts = process.argv.slice(2).filter((arg) => /^\d+$/.test(arg)).map(Number);
  const failover = process.argv.includes('--no-failover') ? 0 : 100;
  for (const figure of await deskRedisFigures(counts.length > 0 ? counts : undefined, failover)) {
    const verdict = figure.pass === undefined ? '' : `  [${figure.target ?? ''} ${figure.pass ? 'ok' : 'MISSED'}]`;
    console.log(`${figure.name}: ${figure.value.toFixed(figure.decimals ?? 2)} ${figure.unit}${verdict}`);
  }
  process.exit(0);
}
