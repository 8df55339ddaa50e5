/**
 * One key, a whole desk, on three instances (issue 16, section 3): N simulated browsers over real
 * loopback sockets and HTTP, spread round robin over three Chartroom servers in upstream mode
 * sharing one Redis (a redis-server of its own on a free loopback port), in front of the standalone
 * simulator. The same traffic as bench/desk.ts. Reports upstream sockets (one for all three), the
 * key's upstream requests per minute against one browser's, the push latency the fan-out adds
 * across instances (upstream → leader → Redis pub/sub → each instance → its browsers), the
 * server's heap per browser and main-thread time per upstream push; then kills the leader mid-run
 * (no hand-over: its lock runs out) and reports how long the other instances' browsers went
 * without a push and their errors. `npx tsx bench/desk-redis.ts [counts…]` runs this group alone.
 */
import { performance as nodePerformance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { startChartroom, startStandaloneSimulator, type RunningChartroom } from '../server/realtime/test-support.ts';
import { startTestRedis } from '../server/test-support/redis-server.ts';
import { fanOutMs } from './desk.ts';
import { percentile, type Figure } from './figure.ts';

const KEY = 'demo-enterprise';
const WATCHLIST = ['AAPL.US', 'MSFT.US', 'NVDA.US', '700.HK', '9988.HK', '600519.SH', 'BTCUSDT', 'EURUSD'];
const CHART = 'AAPL.US';
const RUN_MS = Number(process.env.BENCH_DESK_RUN_MS ?? 20_000);
const WARM_UP_MS = 5_000;
const INSTANCES = 3;

interface Run {
  browsers: number;
  upstreamSockets: number;
  requestsPerMinute: number;
  addedMs: number[];
  fanOutMs: number[];
  heapPerBrowserKiB: number;
  busyMsPerPush: number;
  errors: number;
  failover?: { gapMs: number; survivorsErrors: number; onKilled: number };
}

type Message = { kind: string; direct?: [string, number][]; seen?: [string, number, number][]; closes?: number; closesByServer?: number[] };

const gc = (globalThis as { gc?: () => void }).gc;
function heapUsed(): number {
  gc?.();
  return process.memoryUsage().heapUsed;
}

async function run(browsers: number, killLeader: boolean): Promise<Run> {
  const redis = await startTestRedis();
  const sim = await startStandaloneSimulator();
  const servers: RunningChartroom[] = [];
  for (let i = 0; i < INSTANCES; i += 1) {
    servers.push(await startChartroom({ MARKET_API_KEY: KEY, MARKET_API_BASE_URL: `http://127.0.0.1:${sim.port}`, CLIENT_RATE_LIMIT: '0', REALTIME_MAX_SOCKETS_PER_CLIENT: '1000', REDIS_URL: redis.url }));
  }
  for (const server of servers) await server.chartroom.redis?.ready();
  const alive = new Set(servers);
  let errors = 0;
  let errorsAfterKill = 0;
  let killed = -1;
  let killAt = 0;
  const timers: NodeJS.Timeout[] = [];
  const heapBefore = heapUsed();
  const entry = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(new URL('./desk-browsers.ts', import.meta.url).href)}); });`;
  const worker = new Worker(entry, {
    eval: true,
    workerData: { browsers, serverPort: servers[0]?.port, serverPorts: servers.map((server) => server.port), simPort: sim.port, key: KEY, watchlist: WATCHLIST, chart: CHART },
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
    let server = servers[i % INSTANCES];
    if (!server || !alive.has(server)) server = [...alive][i % alive.size];
    if (!server) return;
    fetch(`http://127.0.0.1:${server.port}${path}`)
      .then(async (response) => {
        if (!response.ok) errors += 1;
        await response.arrayBuffer();
      })
      .catch(() => {
        errors += 1;
        if (killed >= 0) errorsAfterKill += 1;
      });
  };
  fanOutMs.length = 0;
  try {
    await waitFor('ready');
    // Subscriptions answered: the browsers' heap is in place.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const heapPerBrowserKiB = (heapUsed() - heapBefore) / browsers / 1024;
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
    const measuredFrom = performance.now() + WARM_UP_MS;
    const elu = nodePerformance.eventLoopUtilization();
    if (killLeader) {
      await new Promise((resolve) => setTimeout(resolve, RUN_MS / 2));
      killed = servers.findIndex((server) => server.chartroom.realtime.cluster?.stats().leader);
      const leader = servers[killed];
      if (leader) {
        killAt = performance.timeOrigin + performance.now();
        leader.chartroom.realtime.cluster?.freezeLeadership();
        alive.delete(leader);
        await leader.stop();
      }
      await new Promise((resolve) => setTimeout(resolve, RUN_MS / 2));
    } else {
      await new Promise((resolve) => setTimeout(resolve, RUN_MS));
    }
    const busy = nodePerformance.eventLoopUtilization(elu);
    const reporter = [...alive][0];
    const metrics = reporter ? await (await fetch(`http://127.0.0.1:${reporter.port}/metrics`)).text() : '';
    const requests = Number(/^chartroom_upstream_key_requests_last_minute (\d+)$/m.exec(metrics)?.[1] ?? NaN);
    const upstreamSockets = sim.sim.realtime.connections().length - 1;
    worker.postMessage('stop');
    const done = await waitFor('done');
    const direct = new Map(done.direct);
    const from = performance.timeOrigin + measuredFrom;
    const seen = done.seen ?? [];
    const addedMs = seen.flatMap(([key, at]) => {
      const reference = direct.get(key);
      // Around the failover the pushes come late by design: the latency figure leaves that second out.
      if (killLeader && reference !== undefined && reference > killAt - 1_000) return [];
      return reference === undefined || reference < from ? [] : [Math.max(0, at - reference)];
    });
    const pushes = [...direct.values()].filter((at) => at >= performance.timeOrigin + measuredFrom - WARM_UP_MS).length;
    const run: Run = {
      browsers,
      upstreamSockets,
      requestsPerMinute: (requests * 60_000) / Math.min(60_000, RUN_MS),
      addedMs,
      fanOutMs: [...fanOutMs],
      heapPerBrowserKiB,
      busyMsPerPush: pushes > 0 ? (busy.active / pushes) : NaN,
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
      run.failover = { gapMs: Math.max(...gaps), survivorsErrors: survivorsCloses + errorsAfterKill, onKilled: closes[killed] ?? 0 };
    }
    return run;
  } finally {
    for (const timer of timers) clearTimeout(timer);
    await worker.terminate();
    for (const server of alive) await server.stop();
    await sim.stop();
    await redis.stop();
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
      { group, name: `${name}: server CPU per upstream push (each feed's fan-out), median / p99`, value: percentile(result.fanOutMs, 50), unit: `ms / ${percentile(result.fanOutMs, 99).toFixed(3)} ms`, decimals: 3 },
      { group, name: `${name}: server main-thread busy time per upstream push (HTTP included)`, value: result.busyMsPerPush, unit: 'ms', decimals: 3 },
      { group, name: `${name}: server heap per browser`, value: result.heapPerBrowserKiB, unit: 'KiB', decimals: 1 },
      { group, name: `${name}: browser errors (closes, failed HTTP)`, value: result.errors, unit: '', decimals: 0, target: '0', pass: result.errors === 0 },
    ];
  });
  if (failoverBrowsers > 0) {
    const result = await run(failoverBrowsers, true);
    const failover = result.failover;
    if (failover) {
      const name = `failover, ${failoverBrowsers} browsers, leader killed mid-run`;
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
