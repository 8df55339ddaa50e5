/**
 * Shared HTTP over real sockets: a counting fake upstream behind the production assembly. Single
 * flight for every endpoint, short freshness of the fast endpoints, the key budget
 * (MARKET_API_RATE_LIMIT), the pause of the whole key on an upstream 3001, and 3002 for everyone.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startChartroom, type RunningChartroom } from '../realtime/test-support.ts';

interface FakeHttpUpstream {
  port: number;
  /** Request targets received. */
  targets: string[];
  /** Next answers: status, body, headers; default 200 {code:0}. */
  script: { status: number; body: unknown; headers?: Record<string, string>; raw?: string }[];
  delayMs: number;
  stop(): Promise<void>;
}

async function startHttpUpstream(): Promise<FakeHttpUpstream> {
  const upstream: FakeHttpUpstream = { port: 0, targets: [], script: [], delayMs: 100, stop: () => Promise.resolve() };
  const server = http.createServer((request, response) => {
    upstream.targets.push(request.url ?? '');
    const url = new URL(request.url ?? '/', 'http://x');
    // Tickers as the service answers them: one entry per symbol it knows (UNKNOWN.US it does not).
    const tickers = (url.searchParams.get('symbols') ?? '')
      .split(',')
      .filter((symbol) => symbol !== 'UNKNOWN.US')
      .map((symbol) => ({ symbol, type: 'stock', last_price: String(symbol.length), timestamp: 1 }));
    const data = url.pathname === '/v1/market/ticker' ? tickers : { target: request.url };
    const answer = upstream.script.shift() ?? { status: 200, body: { code: 0, message: 'success', data } };
    setTimeout(() => {
      response.writeHead(answer.status, { 'Content-Type': 'application/json', ...answer.headers });
      response.end(answer.raw ?? JSON.stringify(answer.body));
    }, upstream.delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  upstream.port = (server.address() as AddressInfo).port;
  upstream.stop = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => {
        resolve();
      });
    });
  return upstream;
}

const get = (server: RunningChartroom, target: string) => fetch(`http://127.0.0.1:${server.port}${target}`);

describe('shared HTTP', () => {
  let upstream: FakeHttpUpstream;
  const running: RunningChartroom[] = [];
  const chartroom = async (env: Record<string, string> = {}): Promise<RunningChartroom> => {
    const started = await startChartroom({
      MARKET_API_KEY: 'test-key',
      MARKET_API_BASE_URL: `http://127.0.0.1:${upstream.port}`,
      CLIENT_RATE_LIMIT: '0',
      ...env,
    });
    running.push(started);
    return started;
  };

  beforeAll(async () => {
    upstream = await startHttpUpstream();
  });
  afterEach(async () => {
    for (const started of running.splice(0)) await started.stop();
    upstream.targets.length = 0;
    upstream.script.length = 0;
    upstream.delayMs = 100;
  });
  afterAll(async () => {
    await upstream.stop();
  });

  it('asks the upstream once for identical requests in flight, on every endpoint', async () => {
    const server = await chartroom();
    for (const target of [
      '/v1/market/stock-info?symbols=AAPL.US',
      '/v1/market/trading-sessions?market=US',
      '/v1/market/kline?symbol=AAPL.US&interval=1m&limit=5',
    ]) {
      const answers = await Promise.all(Array.from({ length: 20 }, () => get(server, target)));
      expect(answers.map((answer) => answer.status)).toEqual(Array<number>(20).fill(200));
      const bodies = await Promise.all(answers.map((answer) => answer.json() as Promise<{ data: { target: string } }>));
      expect(new Set(bodies.map((body) => body.data.target)).size).toBe(1);
      expect(upstream.targets.filter((seen) => seen === target)).toHaveLength(1);
    }
    // Reference data is fresh for a minute; the product list is not kept: a later request asks again.
    await get(server, '/v1/market/stock-info?symbols=AAPL.US');
    expect(upstream.targets.filter((seen) => seen === '/v1/market/stock-info?symbols=AAPL.US')).toHaveLength(1);
    await get(server, '/v1/symbols/available?limit=5');
    await get(server, '/v1/symbols/available?limit=5');
    expect(upstream.targets.filter((seen) => seen === '/v1/symbols/available?limit=5')).toHaveLength(2);
  });

  it('serves the ticker from one upstream answer for TICKER_FRESHNESS_MS, then asks again', async () => {
    const server = await chartroom({ TICKER_FRESHNESS_MS: '300' });
    const target = '/v1/market/ticker?symbols=AAPL.US';
    await get(server, target);
    await get(server, target);
    await Promise.all(Array.from({ length: 10 }, () => get(server, target)));
    expect(upstream.targets).toEqual([target]);
    await new Promise((resolve) => setTimeout(resolve, 350));
    await get(server, target);
    expect(upstream.targets).toEqual([target, target]);
  });

  it('keeps a slow-changing answer only when it is whole and successful: a 200 cut short is asked again', async () => {
    const server = await chartroom();
    const target = '/v1/market/stock-info?symbols=AAPL.US';
    upstream.script.push({ status: 200, body: undefined, raw: '{"code":0,"message":"success","data":[{"symbol":"AA' });
    await (await get(server, target)).text();
    // The next browser gets a whole answer from the upstream, which is then kept for the others.
    const whole = (await (await get(server, target)).json()) as { code?: number };
    expect(whole).toMatchObject({ code: 0 });
    await (await get(server, target)).text();
    expect(upstream.targets).toEqual([target, target]);
  });

  it('answers tickers for many browsers from one upstream request per window of ≤ 50 symbols, in each browser’s spellings and order', async () => {
    const server = await chartroom({ TICKER_FRESHNESS_MS: '5000', TICKER_WINDOW_MS: '100' });
    const asks = [['AAPL.US', '00700.HK'], ['700.hk', 'MSFT.US', 'AAPL.US'], ['NVDA.US'], ['UNKNOWN.US', 'MSFT.US']];
    const answers = await Promise.all(asks.map((symbols) => get(server, `/v1/market/ticker?symbols=${symbols.join(',')}`)));
    const bodies = (await Promise.all(answers.map((answer) => answer.json()))) as { code: number; data: { symbol: string }[] }[];
    expect(bodies.map((body) => body.data.map((ticker) => ticker.symbol))).toEqual([
      ['AAPL.US', '00700.HK'],
      ['700.HK', 'MSFT.US', 'AAPL.US'],
      ['NVDA.US'],
      ['MSFT.US'],
    ]);
    expect(upstream.targets).toHaveLength(1);
    expect(decodeURIComponent(upstream.targets[0] ?? '')).toBe('/v1/market/ticker?symbols=AAPL.US,00700.HK,MSFT.US,NVDA.US,UNKNOWN.US');
    // Within the freshness, any mix of known symbols is answered without the upstream.
    const again = (await (await get(server, '/v1/market/ticker?symbols=NVDA.US,700.HK')).json()) as unknown;
    expect(again).toMatchObject({ code: 0, data: [{ symbol: 'NVDA.US' }, { symbol: '700.HK' }] });
    expect(upstream.targets).toHaveLength(1);
    // Only unknown symbols: the browser's own request goes upstream and its answer is the upstream's.
    upstream.script.push({ status: 404, body: { code: 2002, message: 'Symbol not found' } });
    const unknown = await get(server, '/v1/market/ticker?symbols=UNKNOWN.US');
    expect(await unknown.json()).toMatchObject({ code: 2002 });
    // 120 different symbols at once: three windows (50 + 50 + 20).
    upstream.targets.length = 0;
    const many = Array.from({ length: 120 }, (_, i) => `S${i}.US`);
    await Promise.all(Array.from({ length: 12 }, (_, i) => get(server, `/v1/market/ticker?symbols=${many.slice(i * 10, i * 10 + 10).join(',')}`)));
    expect(upstream.targets).toHaveLength(3);
  });

  it('never exceeds MARKET_API_RATE_LIMIT upstream: past it, browsers get 3001 with Retry-After', async () => {
    upstream.delayMs = 0;
    const server = await chartroom({ MARKET_API_RATE_LIMIT: '5' });
    const answers = [];
    for (let i = 0; i < 8; i += 1) answers.push(await get(server, `/v1/market/stock-info?symbols=S${i}.US`));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    const refused = answers[5];
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(50);
    expect(await refused?.json()).toEqual({ code: 3001, message: 'Rate limit exceeded' });
    expect(upstream.targets).toHaveLength(5);
    const metrics = await (await get(server, '/metrics')).text();
    expect(metrics).toMatch(/^chartroom_upstream_key_requests_last_minute 5$/m);
    expect(metrics).toMatch(/^chartroom_upstream_key_budget_remaining 0$/m);
    expect(metrics).toMatch(/^chartroom_realtime_upstream_sockets 0$/m);
  });

  it('pauses the whole key for the upstream’s Retry-After after one 3001: no stampede', async () => {
    upstream.delayMs = 0;
    const server = await chartroom();
    upstream.script.push({ status: 429, body: { code: 3001, message: 'Rate limit exceeded' }, headers: { 'Retry-After': '1' } });
    const first = await get(server, '/v1/market/stock-info?symbols=A.US');
    expect(first.status).toBe(429);
    const started = performance.now();
    // Ten browsers asking different things during the pause: they wait (≤ 2 s) and then go, nobody asked meanwhile.
    const later = Promise.all(Array.from({ length: 10 }, (_, i) => get(server, `/v1/market/stock-info?symbols=B${i}.US`)));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(upstream.targets).toHaveLength(1);
    const answers = await later;
    expect(answers.map((answer) => answer.status)).toEqual(Array<number>(10).fill(200));
    expect(performance.now() - started).toBeGreaterThan(850);
    expect(upstream.targets).toHaveLength(11);
  });

  it('answers 3002 to every browser once the upstream says the quota is exhausted, without asking again', async () => {
    upstream.delayMs = 0;
    const server = await chartroom();
    upstream.script.push({ status: 403, body: { code: 3002, message: 'Quota exhausted' } });
    const answers = [];
    for (const symbol of ['A.US', 'B.US', 'C.US']) answers.push(await get(server, `/v1/market/stock-info?symbols=${symbol}`));
    for (const answer of answers) expect(await answer.json()).toMatchObject({ code: 3002 });
    expect(upstream.targets).toHaveLength(1);
    expect(server.logLines.some((line) => line.includes('3002'))).toBe(true);
  });
});
