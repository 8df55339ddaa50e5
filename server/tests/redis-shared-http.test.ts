/**
 * Shared HTTP across instances on a real Redis (REDIS_URL), over real sockets, with the simulator
 * as the upstream (behind a counting, slightly slow front): single flight across instances, fresh
 * answers shared, the key budget never exceeded by two instances together, and Redis down and back
 * (each instance works alone, says so in /metrics and its log, then rejoins).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startCountingSimulator, type CountingUpstream } from '../test-support/counting-simulator.ts';
import { startTestRedis, type TestRedis } from '../test-support/redis-server.ts';
import { eventually, startChartroom, type RunningChartroom } from '../realtime/test-support.ts';

const metric = async (server: RunningChartroom, name: string): Promise<number> => {
  const text = await (await fetch(`http://127.0.0.1:${server.port}/metrics`)).text();
  return Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
};

async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = performance.now() + 5_000;
  while (!(await condition())) {
    if (performance.now() > deadline) throw new Error(`${what}: not within 5 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('shared HTTP across instances on Redis', () => {
  let redis: TestRedis;
  let upstream: CountingUpstream;
  const running: RunningChartroom[] = [];
  const instance = async (env: Record<string, string> = {}): Promise<RunningChartroom> => {
    const started = await startChartroom({
      MARKET_API_KEY: 'demo-enterprise',
      MARKET_API_BASE_URL: `http://127.0.0.1:${upstream.port}`,
      CLIENT_RATE_LIMIT: '0',
      REDIS_URL: redis.url,
      ...env,
    });
    running.push(started);
    expect(await started.chartroom.redis?.ready()).toBe(true);
    return started;
  };
  const get = (server: RunningChartroom, target: string) => fetch(`http://127.0.0.1:${server.port}${target}`);

  beforeAll(async () => {
    redis = await startTestRedis();
    upstream = await startCountingSimulator();
  });
  afterEach(async () => {
    for (const started of running.splice(0)) await started.stop();
    upstream.targets.length = 0;
    upstream.delayMs = 200;
    upstream.quotaExhausted = false;
    // Every test starts from an empty Redis (restarting it empties it: nothing is saved).
    await redis.stop();
    await redis.restart();
  });
  afterAll(async () => {
    await upstream.stop();
    await redis.stop();
  });

  it('answers 3002 on every instance once one of them met the upstream’s 3002, without asking it again', async () => {
    const [a, b] = [await instance(), await instance()];
    upstream.delayMs = 0;
    upstream.quotaExhausted = true;
    expect(await (await get(a, '/v1/market/stock-info?symbols=AAPL.US')).json()).toMatchObject({ code: 3002 });
    expect(upstream.targets).toHaveLength(1);
    await until(async () => (await metric(b, 'chartroom_upstream_quota_exhausted')) === 1, 'B knows the quota is exhausted');
    const answers = await Promise.all(['MSFT.US', 'NVDA.US', 'TSLA.US'].map((symbol) => get(b, `/v1/market/stock-info?symbols=${symbol}`)));
    for (const answer of answers) expect(await answer.json()).toMatchObject({ code: 3002 });
    expect(upstream.targets).toHaveLength(1);
  });

  it('asks the upstream once for identical requests in flight on two instances, and shares the fresh answer', async () => {
    const [a, b] = [await instance(), await instance()];
    for (const target of ['/v1/market/stock-info?symbols=AAPL.US', '/v1/market/trading-sessions?market=US', '/v1/symbols/available?limit=5']) {
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => get(i % 2 === 0 ? a : b, target)));
      expect(answers.map((answer) => answer.status)).toEqual(Array<number>(20).fill(200));
      const bodies = await Promise.all(answers.map((answer) => answer.text()));
      expect(new Set(bodies).size).toBe(1);
      expect(upstream.targets.filter((seen) => seen === target)).toHaveLength(1);
    }
    // Reference data stays fresh for every instance: a third one gets it from Redis.
    const c = await instance();
    expect((await get(c, '/v1/market/stock-info?symbols=AAPL.US')).status).toBe(200);
    expect(upstream.targets.filter((seen) => seen === '/v1/market/stock-info?symbols=AAPL.US')).toHaveLength(1);
    expect(c.chartroom.metrics.upstreamRequests('/v1/market/stock-info')).toBe(0);
  });

  it('shares fresh tickers symbol by symbol: symbols A fetched answer B’s request of another shape, in B’s spellings', async () => {
    const [a, b] = [await instance(), await instance()];
    upstream.delayMs = 0;
    const first = await get(a, '/v1/market/ticker?symbols=AAPL.US,MSFT.US,700.HK');
    expect(first.status).toBe(200);
    const tickerRequests = (): string[] => upstream.targets.filter((target) => target.startsWith('/v1/market/ticker?'));
    expect(tickerRequests()).toHaveLength(1);
    // Another set, order and spelling: nothing of it is A's window's path.
    const second = await get(b, '/v1/market/ticker?symbols=00700.HK,AAPL.US');
    expect(second.status).toBe(200);
    const body = (await second.json()) as { data: { symbol: string; last_price: string }[] };
    expect(body.data.map((ticker) => ticker.symbol)).toEqual(['00700.HK', 'AAPL.US']);
    const fromA = (await first.json()) as { data: { symbol: string; last_price: string }[] };
    expect(body.data[1]?.last_price).toBe(fromA.data.find((ticker) => ticker.symbol === 'AAPL.US')?.last_price);
    expect(tickerRequests()).toHaveLength(1);
    // Past the freshness, B asks the upstream itself.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await get(b, '/v1/market/ticker?symbols=AAPL.US')).status).toBe(200);
    expect(tickerRequests()).toHaveLength(2);
  });

  it('shares complete K-line windows: a window one instance fetched is another’s without the upstream, long after the short caches', async () => {
    const [a, b] = [await instance(), await instance()];
    const settled = `/v1/market/kline?symbol=AAPL.US&interval=1m&limit=50&end_time=${Date.parse('2026-11-25T14:00:00Z')}`;
    const first = await get(a, settled);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-chartroom-cache')).toBe('miss');
    const body = await first.text();
    // Past the 1 s freshness of the shared HTTP answers: only the window cache can answer now.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const second = await get(b, settled);
    expect(second.status).toBe(200);
    expect(await second.text()).toBe(body);
    expect(upstream.targets.filter((target) => target.startsWith('/v1/market/kline?'))).toHaveLength(1);
    // Now B's own cache has it too.
    expect((await get(b, settled)).headers.get('x-chartroom-cache')).toBe('hit');
  });

  it('never lets two instances together exceed MARKET_API_RATE_LIMIT', async () => {
    upstream.delayMs = 0;
    const [a, b] = [await instance({ MARKET_API_RATE_LIMIT: '5' }), await instance({ MARKET_API_RATE_LIMIT: '5' })];
    // Twelve different requests (nothing to share), from both instances at once.
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => get(i % 2 === 0 ? a : b, `/v1/market/stock-info?symbols=AAPL.US&n=${i}`)));
    const statuses = answers.map((answer) => answer.status);
    expect(upstream.targets).toHaveLength(5);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(7);
    for (const answer of refused) {
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(await answer.json()).toMatchObject({ code: 3001 });
    }
    // Both instances see the key's figures, the other's requests included (read from Redis each second).
    await until(
      async () => (await metric(a, 'chartroom_upstream_key_budget_remaining')) === 0 && (await metric(b, 'chartroom_upstream_key_requests_last_minute')) === 5,
      'both instances showing the shared budget',
    );
  });

  it('works alone while Redis is down (log, /metrics), then rejoins when it is back', async () => {
    const [a, b] = [await instance(), await instance()];
    expect(await metric(a, 'chartroom_redis_up')).toBe(1);
    await redis.stop();
    await eventually(() => a.chartroom.redis?.up === false && b.chartroom.redis?.up === false, 5_000, 'both instances noticing Redis is gone');
    expect(await metric(a, 'chartroom_redis_up')).toBe(0);
    expect(await metric(a, 'chartroom_redis_fallbacks_total')).toBe(1);
    expect(a.logLines.some((line) => line.includes('Redis unreachable; this instance works alone'))).toBe(true);
    // Alone, each instance still answers, with single flight of its own.
    const target = '/v1/market/trading-sessions?market=HK';
    const alone = await Promise.all(Array.from({ length: 10 }, (_, i) => get(i % 2 === 0 ? a : b, target)));
    expect(alone.map((answer) => answer.status)).toEqual(Array<number>(10).fill(200));
    expect(upstream.targets.filter((seen) => seen === target)).toHaveLength(2);

    await redis.restart();
    await eventually(() => a.chartroom.redis?.up === true && b.chartroom.redis?.up === true, 10_000, 'both instances back on Redis');
    expect(await metric(b, 'chartroom_redis_up')).toBe(1);
    expect(b.logLines.some((line) => line.includes('Redis reachable again'))).toBe(true);
    const shared = '/v1/market/trading-sessions?market=CN';
    const together = await Promise.all(Array.from({ length: 10 }, (_, i) => get(i % 2 === 0 ? a : b, shared)));
    expect(together.map((answer) => answer.status)).toEqual(Array<number>(10).fill(200));
    expect(upstream.targets.filter((seen) => seen === shared)).toHaveLength(1);
  });
});
