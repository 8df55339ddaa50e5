/**
 * Forwarder overhead: what the server's hop adds to a dashboard's requests. The production server
 * (upstream mode) and the simulator it forwards to run in their own processes on loopback, as
 * deployed. The same requests go straight to the simulator and through the server, interleaved
 * round by round (the order alternates), each timed with process.hrtime over a warm keep-alive
 * connection, so both series see the same machine at the same moments and the difference is the
 * hop. The load is one dashboard's: bursts of six concurrent requests (a browser's connection
 * limit per origin, the most one page can have in flight) with a pause between bursts, well below
 * saturation: a saturating load measures how two busy processes split two cores, which the
 * separate "load" figure (bench/load.ts) reports.
 *
 * The floor is measured in the same rounds: the same bursts through a bare keep-alive Node proxy
 * with no checks (bench/bare-proxy.ts). What it adds is what any extra process hop adds on this
 * machine; the forwarder's figure is read against it.
 */
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { median, percentile, summarize, type Figure } from './figure.ts';
import { cpuSeconds, startForwardingPair } from './processes.ts';

/** One burst: what a dashboard polls (watchlist ticker, forming candle, tape, book, intraday, sessions). */
const BURST = [
  '/v1/market/ticker?symbols=AAPL.US,700.HK,BTCUSDT',
  '/v1/market/kline/latest?symbols=AAPL.US&interval=1m',
  '/v1/market/trades?symbol=AAPL.US&limit=50',
  '/v1/market/depth?symbol=AAPL.US',
  '/v1/market/intraday?symbols=AAPL.US',
  '/v1/market/trading-sessions?market=US',
];
const WARM_UP_ROUNDS = 100;
const ROUNDS = 600;
const PAUSE_MS = 10;
const LOAD = `bursts of ${String(BURST.length)} concurrent requests, ${String(PAUSE_MS)} ms apart`;

interface Target {
  url: URL;
  agent: http.Agent;
  samples: number[];
  failures: number;
}

function targetOf(base: string): Target {
  // One warm connection per concurrent request, kept between bursts.
  return { url: new URL(base), agent: new http.Agent({ keepAlive: true, maxSockets: BURST.length }), samples: [], failures: 0 };
}

/** One GET, body read to the end; milliseconds from the request to its last byte, or undefined on failure. */
function timedGet(target: Target, path: string): Promise<number | undefined> {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const request = http.get(
      {
        host: target.url.hostname,
        port: target.url.port,
        path,
        agent: target.agent,
        headers: { 'X-API-Key': 'demo-enterprise', 'Accept-Encoding': 'gzip, deflate, br, zstd' },
      },
      (response) => {
        response.on('data', () => undefined);
        response.on('end', () => {
          const ms = Number(process.hrtime.bigint() - started) / 1e6;
          resolve(response.statusCode === 200 ? ms : undefined);
        });
        response.on('error', () => {
          resolve(undefined);
        });
      },
    );
    request.on('error', () => {
      resolve(undefined);
    });
  });
}

async function burst(target: Target, record: boolean): Promise<void> {
  const times = await Promise.all(BURST.map((path) => timedGet(target, path)));
  if (!record) return;
  for (const ms of times) {
    if (ms === undefined) target.failures += 1;
    else target.samples.push(ms);
  }
}

/** Same bursts to every target, the order turning round by round, with a pause after each round. */
async function interleave(targets: readonly Target[]): Promise<void> {
  for (let round = 0; round < WARM_UP_ROUNDS + ROUNDS; round++) {
    const record = round >= WARM_UP_ROUNDS;
    for (let i = 0; i < targets.length; i++) {
      const target = targets[(round + i) % targets.length];
      if (target) await burst(target, record);
    }
    await sleep(PAUSE_MS);
  }
}

const ms = (value: number): string => `${value.toFixed(2)} ms`;

const REQUESTS_PER_TARGET = (WARM_UP_ROUNDS + ROUNDS) * BURST.length;

/** The forwarder's added p99 may be this many times the bare proxy's (issue #17). */
const ADDED_P99_RATIO = 1.5;

/** CPU per request in µs; warm-up rounds included. */
const cpuPerRequest = (seconds: number, requests: number): number => (seconds / requests) * 1e6;

export async function forwarderFigures(): Promise<Figure[]> {
  const { sim, server, bare, stop } = await startForwardingPair({ withBareProxy: true });
  const direct = targetOf(sim.url);
  const forwarded = targetOf(server.url);
  const floor = targetOf(bare?.url ?? '');
  const pids = [server.pid, bare?.pid, sim.pid];
  let cpu = pids.map(() => Number.NaN);
  try {
    const before = pids.map(cpuSeconds);
    await interleave([direct, forwarded, floor]);
    cpu = pids.map((pid, i) => cpuSeconds(pid) - (before[i] ?? Number.NaN));
  } finally {
    for (const target of [direct, forwarded, floor]) target.agent.destroy();
    await stop();
  }
  const [serverCpu = Number.NaN, bareCpu = Number.NaN, simCpu = Number.NaN] = cpu;
  const added = (through: Target) => ({
    median: median(through.samples) - median(direct.samples),
    p99: percentile(through.samples, 99) - percentile(direct.samples, 99),
  });
  const byForwarder = added(forwarded);
  const byBareProxy = added(floor);
  const failures = direct.failures + forwarded.failures + floor.failures;
  const sent = direct.samples.length + forwarded.samples.length + floor.samples.length + failures;
  const samples = { direct: summarize(direct.samples), forwarded: summarize(forwarded.samples), bareProxy: summarize(floor.samples) };
  const medianAndP99 = (target: Target) => ({ value: median(target.samples), unit: `ms / ${ms(percentile(target.samples, 99))}` });
  return [
    { name: `direct to simulator: median / p99 (${LOAD})`, ...medianAndP99(direct) },
    { name: 'through the forwarder: median / p99', ...medianAndP99(forwarded) },
    { name: 'through a bare Node proxy (no checks): median / p99', ...medianAndP99(floor) },
    { name: "forwarder adds, one dashboard's load: median", value: byForwarder.median, unit: 'ms' },
    { name: "forwarder adds, one dashboard's load: p99", value: byForwarder.p99, unit: 'ms', samples },
    { name: 'floor, same rounds: a bare Node proxy adds median / p99', value: byBareProxy.median, unit: `ms / ${ms(byBareProxy.p99)}` },
    // An absolute p99 on a shared two-core machine mostly measures the machine: the goal is the
    // forwarder's added p99 against the bare proxy's, in the same rounds.
    {
      name: "forwarder's added p99 ÷ the bare proxy's",
      value: byForwarder.p99 / byBareProxy.p99,
      unit: '×',
      target: `≤ ${String(ADDED_P99_RATIO)} ×`,
      pass: byForwarder.p99 / byBareProxy.p99 <= ADDED_P99_RATIO,
    },
    // Every forwarded or proxied request also costs the simulator one answer.
    {
      name: 'CPU per request: server (bare proxy; simulator per answer)',
      value: cpuPerRequest(serverCpu, REQUESTS_PER_TARGET),
      unit: `µs (${cpuPerRequest(bareCpu, REQUESTS_PER_TARGET).toFixed(0)} µs; ${cpuPerRequest(simCpu, 3 * REQUESTS_PER_TARGET).toFixed(0)} µs)`,
      decimals: 0,
    },
    { name: 'failed or non-200 requests', value: failures, unit: `of ${String(sent)}`, decimals: 0, target: '0', pass: failures === 0 },
  ];
}
