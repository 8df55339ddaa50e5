/**
 * Load through the forwarder: the production server (upstream mode) in front of the standalone
 * simulator, each in its own process, 200 connections for 20 s. Reports throughput, latency,
 * errors and timeouts, and each server's peak resident memory (VmHWM).
 */
import autocannon from 'autocannon';
import type { Figure } from './figure.ts';
import { peakMemoryMiB, startForwardingPair } from './processes.ts';

const CONNECTIONS = 200;
const SECONDS = 20;
const PATHS = ['/v1/market/ticker?symbols=AAPL.US,700.HK,BTCUSDT', '/v1/market/kline/latest?symbols=AAPL.US&interval=1m', '/v1/market/trading-sessions'];

export async function loadFigures(): Promise<Figure[]> {
  const { sim, server, stop } = await startForwardingPair();
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
      {
        name: `load: ${String(CONNECTIONS)} connections × ${String(SECONDS)} s through the forwarder, throughput`,
        value: result.requests.average,
        unit: 'req/s',
        decimals: 0,
      },
      { name: 'load: latency median / p99', value: result.latency.p50, unit: `ms / ${result.latency.p99.toFixed(0)} ms` },
      { name: 'load: requests answered', value: result.requests.total, unit: '', decimals: 0 },
      {
        name: 'load: errors + timeouts + non-2xx',
        value: failures,
        unit: `(${String(result.errors)} / ${String(result.timeouts)} / ${String(result.non2xx)})`,
        decimals: 0,
        target: '0',
        pass: failures === 0,
      },
      { name: 'load: peak memory, server / simulator', value: peakMemoryMiB(server.pid), unit: `MiB / ${peakMemoryMiB(sim.pid).toFixed(0)} MiB`, decimals: 0 },
    ];
  } finally {
    await stop();
  }
}
