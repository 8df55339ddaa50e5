/**
 * Forwarder overhead: the same request at a fixed concurrency, straight to the simulator and
 * through the production server in upstream mode (separate processes, as deployed, on loopback);
 * the difference of median and p99 latency. On this 2-core machine the load generator, the
 * server and the simulator share the cores, so the figure includes that contention.
 */
import autocannon from 'autocannon';
import type { Figure } from './figure.ts';
import { startForwardingPair } from './processes.ts';

const CONNECTIONS = 10;
const SECONDS = 5;
const PATH = '/v1/market/ticker?symbols=AAPL.US,700.HK,BTCUSDT';

async function load(url: string): Promise<autocannon.Result> {
  return autocannon({
    url: `${url}${PATH}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { 'X-API-Key': 'demo-enterprise' },
  });
}

export async function forwarderFigures(): Promise<Figure[]> {
  const { sim, server, stop } = await startForwardingPair();
  try {
    await load(server.url); // warm-up of both processes
    const direct = await load(sim.url);
    const forwarded = await load(server.url);
    const addedMedian = forwarded.latency.p50 - direct.latency.p50;
    const addedP99 = forwarded.latency.p99 - direct.latency.p99;
    const errors = direct.errors + direct.non2xx + forwarded.errors + forwarded.non2xx;
    return [
      { name: `direct to simulator: median / p99 (${String(CONNECTIONS)} connections)`, value: direct.latency.p50, unit: `ms / ${direct.latency.p99.toFixed(2)} ms` },
      { name: 'through the forwarder: median / p99', value: forwarded.latency.p50, unit: `ms / ${forwarded.latency.p99.toFixed(2)} ms` },
      { name: 'forwarder adds: median', value: addedMedian, unit: 'ms' },
      { name: 'forwarder adds: p99', value: addedP99, unit: 'ms', target: '< 2 ms', pass: addedP99 < 2 },
      { name: 'throughput direct / forwarded', value: direct.requests.average, unit: `req/s / ${forwarded.requests.average.toFixed(0)} req/s`, decimals: 0 },
      { name: 'errors and non-2xx during the load', value: errors, unit: '', decimals: 0, target: '0', pass: errors === 0 },
    ];
  } finally {
    await stop();
  }
}
