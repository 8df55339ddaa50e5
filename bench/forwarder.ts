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
      { host: target.url.hostname, port: target.url.port, path, agent: target.agent, headers: { 'X-API-Key': 'demo-enterprise', 'Accept-Encoding': 'gzip, deflate, br, zstd' } },
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

/** Same bursts to both targets, alternating which goes first, with a pause after each pair. */
async function interleave(direct: Target, forwarded: Target): Promise<void> {
  for (let round = 0; round < WARM_UP_ROUNDS + ROUNDS; round++) {
    const record = round >= WARM_UP_ROUNDS;
    const [first, second] = round % 2 === 0 ? [direct, forwarded] : [forwarded, direct];
    await burst(first, record);
    await burst(second, record);
    await sleep(PAUSE_MS);
  }
}

const ms = (value: number): string => `${value.toFixed(2)} ms`;

export async function forwarderFigures(): Promise<Figure[]> {
  const { sim, server, stop } = await startForwardingPair();
  const direct = targetOf(sim.url);
  const forwarded = targetOf(server.url);
  let serverCpu = Number.NaN;
  let simCpu = Number.NaN;
  try {
    const [serverBefore, simBefore] = [cpuSeconds(server.pid), cpuSeconds(sim.pid)];
    await interleave(direct, forwarded);
    serverCpu = cpuSeconds(server.pid) - serverBefore;
    simCpu = cpuSeconds(sim.pid) - simBefore;
  } finally {
    direct.agent.destroy();
    forwarded.agent.destroy();
    await stop();
  }
  const addedMedian = median(forwarded.samples) - median(direct.samples);
  const addedP99 = percentile(forwarded.samples, 99) - percentile(direct.samples, 99);
  const failures = direct.failures + forwarded.failures;
  const samples = { direct: summarize(direct.samples), forwarded: summarize(forwarded.samples) };
  return [
    { name: `direct to simulator: median / p99 (${LOAD})`, value: median(direct.samples), unit: `ms / ${ms(percentile(direct.samples, 99))}` },
    { name: 'through the forwarder: median / p99', value: median(forwarded.samples), unit: `ms / ${ms(percentile(forwarded.samples, 99))}` },
    { name: 'forwarder adds, one dashboard\'s load: median', value: addedMedian, unit: 'ms' },
    { name: 'forwarder adds, one dashboard\'s load: p99', value: addedP99, unit: 'ms', target: '< 2 ms', pass: addedP99 < 2, samples },
    // Warm-up rounds included: every forwarded request also costs the simulator one answer.
    { name: 'server CPU per forwarded request (simulator CPU per answer)', value: (serverCpu / ((WARM_UP_ROUNDS + ROUNDS) * BURST.length)) * 1e6, unit: `µs (${((simCpu / (2 * (WARM_UP_ROUNDS + ROUNDS) * BURST.length)) * 1e6).toFixed(0)} µs)`, decimals: 0 },
    { name: 'failed or non-200 requests', value: failures, unit: `of ${String(direct.samples.length + forwarded.samples.length + failures)}`, decimals: 0, target: '0', pass: failures === 0 },
  ];
}
