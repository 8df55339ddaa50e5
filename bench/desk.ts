/**
 * One key, a whole desk (issue 16): N simulated browsers over real loopback sockets and HTTP,
 * through one Chartroom server in upstream mode, in front of the standalone simulator. Each browser
 * does the default screen's traffic: one socket with the watchlist's tickers and the chart symbol's
 * depth and trades, the HTTP snapshots a page loads, and the watchlist's ticker on wall-clock multiples of 3 s
 * (as the app polls while a channel is not live: the pessimistic case).
 * Reports upstream sockets, the key's upstream requests per minute against one browser's, and the
 * push latency the fan-out adds (each push as a browser got it, against the same push on a socket
 * straight to the simulator). `npx tsx bench/desk.ts` runs this group alone.
 */
import { Worker } from 'node:worker_threads';
import { SharedFeed } from '../server/realtime/feed/shared-feed.ts';
import { startChartroom, startStandaloneSimulator } from '../server/realtime/test-support.ts';
import { percentile, type Figure } from './figure.ts';

const KEY = 'demo-enterprise';
const WATCHLIST = ['AAPL.US', 'MSFT.US', 'NVDA.US', '700.HK', '9988.HK', '600519.SH', 'BTCUSDT', 'EURUSD'];
const CHART = 'AAPL.US';
const RUN_MS = 20_000;
/** Pushes of the first seconds (every page loading its snapshots at once) are not in the latency figure. */
const WARM_UP_MS = 5_000;

/** The server's own time per upstream push (parse, respell, every browser's send), timed around SharedFeed's fan-out. */
export const fanOutMs: number[] = [];
const feedPrototype = SharedFeed.prototype as unknown as { push: (...args: unknown[]) => void };
const untimedPush = feedPrototype.push;
feedPrototype.push = function timedPush(this: unknown, ...args: unknown[]): void {
  const started = performance.now();
  untimedPush.apply(this, args);
  fanOutMs.push(performance.now() - started);
};

interface Run {
  browsers: number;
  upstreamSockets: number;
  requestsPerMinute: number;
  addedMs: number[];
  fanOutMs: number[];
  errors: number;
}

async function run(browsers: number): Promise<Run> {
  const sim = await startStandaloneSimulator();
  const server = await startChartroom({ MARKET_API_KEY: KEY, MARKET_API_BASE_URL: `http://127.0.0.1:${sim.port}`, CLIENT_RATE_LIMIT: '0', REALTIME_MAX_SOCKETS_PER_CLIENT: '1000' });
  const base = `http://127.0.0.1:${server.port}`;
  let errors = 0;
  const timers: NodeJS.Timeout[] = [];
  // The browsers' sockets live in a worker thread: their receiving does not share the server's event loop.
  // A worker does not inherit tsx's loader: it registers it, then loads the TypeScript.
  const entry = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(new URL('./desk-browsers.ts', import.meta.url).href)}); });`;
  const worker = new Worker(entry, {
    eval: true,
    workerData: { browsers, serverPort: server.port, simPort: sim.port, key: KEY, watchlist: WATCHLIST, chart: CHART },
  });
  const messages: { kind: string; direct?: [string, number][]; seen?: [string, number, number][]; closes?: number }[] = [];
  worker.on('message', (message: (typeof messages)[number]) => messages.push(message));
  const waitFor = async (kind: string): Promise<(typeof messages)[number]> => {
    for (;;) {
      const found = messages.find((message) => message.kind === kind);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const get = (path: string): void => {
    fetch(base + path)
      .then(async (response) => {
        if (!response.ok) errors += 1;
        await response.arrayBuffer();
      })
      .catch(() => (errors += 1));
  };
  fanOutMs.length = 0;
  try {
    await waitFor('ready');
    for (let i = 0; i < browsers; i += 1) {
      // The page's snapshots, then the watchlist's ticker polls.
      get(`/v1/market/ticker?symbols=${WATCHLIST.join(',')}`);
      get(`/v1/market/kline?symbol=${CHART}&interval=1m&limit=300`);
      get(`/v1/market/kline/latest?symbols=${CHART}&interval=1m`);
      get('/v1/market/trading-sessions?market=US');
      get(`/v1/market/depth?symbol=${CHART}`);
      // The app polls tickers on wall-clock multiples of 3 s while a channel is not live: the pessimistic case.
      const poll = (): void => {
        get(`/v1/market/ticker?symbols=${WATCHLIST.join(',')}`);
        timers.push(setTimeout(poll, 3_000 - (Date.now() % 3_000)));
      };
      timers.push(setTimeout(poll, 3_000 - (Date.now() % 3_000)));
    }
    const measuredFrom = performance.now() + WARM_UP_MS;
    await new Promise((resolve) => setTimeout(resolve, RUN_MS));
    const metrics = await (await fetch(`${base}/metrics`)).text();
    const requests = Number(/^chartroom_upstream_key_requests_last_minute (\d+)$/m.exec(metrics)?.[1] ?? NaN);
    const upstreamSockets = sim.sim.realtime.connections().length - 1;
    worker.postMessage('stop');
    const done = await waitFor('done');
    const direct = new Map(done.direct);
    const from = performance.timeOrigin + measuredFrom;
    const addedMs = (done.seen ?? []).flatMap(([key, at]) => {
      const reference = direct.get(key);
      return reference === undefined || reference < from ? [] : [Math.max(0, at - reference)];
    });
    return { browsers, upstreamSockets, requestsPerMinute: (requests * 60_000) / RUN_MS, addedMs, fanOutMs: [...fanOutMs], errors: errors + (done.closes ?? 0) };
  } finally {
    for (const timer of timers) clearTimeout(timer);
    await worker.terminate();
    await server.stop();
    await sim.stop();
  }
}

export async function deskFigures(counts: readonly number[] = [1, 10, 100]): Promise<Figure[]> {
  const runs: Run[] = [];
  for (const count of counts) runs.push(await run(count));
  const one = runs[0]?.requestsPerMinute ?? NaN;
  const group = 'one key, a whole desk (issue 16)';
  return runs.flatMap((result) => {
    const p99 = percentile(result.addedMs, 99);
    const ratio = result.requestsPerMinute / one;
    return [
      { group, name: `${result.browsers} browser(s): upstream sockets`, value: result.upstreamSockets, unit: '', decimals: 0, target: '1', pass: result.upstreamSockets === 1 },
      { group, name: `${result.browsers} browser(s): upstream requests per minute (× one browser's)`, value: result.requestsPerMinute, unit: `(× ${ratio.toFixed(2)})`, decimals: 0, target: '≤ 1.2 ×', pass: ratio <= 1.2 },
      { group, name: `${result.browsers} browser(s): push latency added by the fan-out, median / p99`, value: percentile(result.addedMs, 50), unit: `ms / ${p99.toFixed(2)} ms (${result.addedMs.length} pushes)`, target: 'p99 ≤ 5 ms', pass: p99 <= 5 },
      { group, name: `${result.browsers} browser(s): server CPU per upstream push (fan-out to every holder), median / p99`, value: percentile(result.fanOutMs, 50), unit: `ms / ${percentile(result.fanOutMs, 99).toFixed(3)} ms`, decimals: 3 },
      { group, name: `${result.browsers} browser(s): browser errors (closes, failed HTTP)`, value: result.errors, unit: '', decimals: 0, target: '0', pass: result.errors === 0 },
    ];
  });
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  for (const figure of await deskFigures()) {
    const verdict = figure.pass === undefined ? '' : `  [${figure.target ?? ''} ${figure.pass ? 'ok' : 'MISSED'}]`;
    console.log(`${figure.name}: ${figure.value.toFixed(figure.decimals ?? 2)} ${figure.unit}${verdict}`);
  }
  process.exit(0);
}
