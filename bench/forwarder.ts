/**
 * Forwarder overhead: the same request at a fixed concurrency, straight to the simulator and
 * through the server in upstream mode, on loopback; the difference of median and p99 latency.
 */
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { createApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { createSimulator } from '../server/sim/app.ts';
import type { Figure } from './figure.ts';

const CONNECTIONS = 10;
const SECONDS = 5;
const PATH = '/v1/market/ticker?symbols=AAPL.US,700.HK,BTCUSDT';

function listen(fetch: (request: Request, env?: unknown) => Response | Promise<Response>): Promise<{ server: ServerType; port: number }> {
  return new Promise((resolve) => {
    const server = serve({ fetch, hostname: '127.0.0.1', port: 0 }, (info: AddressInfo) => {
      resolve({ server, port: info.port });
    });
  });
}

async function load(port: number): Promise<autocannon.Result> {
  return autocannon({
    url: `http://127.0.0.1:${port}${PATH}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { 'X-API-Key': 'demo-enterprise' },
  });
}

export async function forwarderFigures(): Promise<Figure[]> {
  const sim = createSimulator({ clock: { now: Date.parse('2026-11-25T15:00:00Z'), frozen: true }, limits: { ratePerMinute: 10_000_000 } });
  const upstream = await listen(sim.app.fetch);
  const { app } = createApp(loadConfig({ MARKET_API_KEY: 'demo-enterprise', MARKET_API_BASE_URL: `http://127.0.0.1:${upstream.port}`, CLIENT_RATE_LIMIT: '0' }, { port: 0 }));
  const proxy = await listen(app.fetch);
  try {
    await load(upstream.port); // warm-up
    const direct = await load(upstream.port);
    const forwarded = await load(proxy.port);
    const addedMedian = forwarded.latency.p50 - direct.latency.p50;
    const addedP99 = forwarded.latency.p99 - direct.latency.p99;
    const errors = direct.errors + direct.non2xx + forwarded.errors + forwarded.non2xx;
    return [
      { name: `direct to simulator: median / p99 (${CONNECTIONS} connections)`, value: direct.latency.p50, unit: `ms / ${direct.latency.p99.toFixed(2)} ms` },
      { name: 'through the forwarder: median / p99', value: forwarded.latency.p50, unit: `ms / ${forwarded.latency.p99.toFixed(2)} ms` },
      { name: 'forwarder adds: median', value: addedMedian, unit: 'ms' },
      { name: 'forwarder adds: p99', value: addedP99, unit: 'ms', target: '< 2 ms', pass: addedP99 < 2 },
      { name: 'throughput direct / forwarded', value: direct.requests.average, unit: `req/s / ${forwarded.requests.average.toFixed(0)} req/s`, decimals: 0 },
      { name: 'errors and non-2xx during the load', value: errors, unit: '', decimals: 0, target: '0', pass: errors === 0 },
    ];
  } finally {
    await Promise.all([proxy.server, upstream.server].map((server) => new Promise((resolve) => server.close(resolve))));
  }
}
