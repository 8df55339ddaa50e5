/**
 * The screener across instances on a real Redis (REDIS_URL, issue 36 §1), over real sockets, with
 * the simulator as the counted upstream: one instance warms a universe and answers the others'
 * screens (the key pays for one warm-up), and an owner that is gone is replaced by the next
 * instance that screens. The universe is China's futures: small enough to warm in a test.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { presetScreen } from '#shared/screener/screen-presets.ts';
import { SCREENER_PATH, SPARKS_PATH, type ScreenAnswer, type ScreenRequest, type SparksAnswer } from '#shared/screener/screener-protocol.ts';
import type { SharedScreens } from '../redis/redis-screens.ts';
import { startChartroom, type RunningChartroom } from '../realtime/test-support.ts';
import { startCountingSimulator, type CountingUpstream } from '../test-support/counting-simulator.ts';
import { startTestRedis, type TestRedis } from '../test-support/redis-server.ts';

const UNIVERSE = { market: 'CN', type: 'futures' } as const;
const REQUEST: ScreenRequest = { screen: presetScreen('top-gainers', UNIVERSE) };

describe('screens shared across instances on Redis', { timeout: 90_000 }, () => {
  let redis: TestRedis;
  let upstream: CountingUpstream;
  const running: RunningChartroom[] = [];
  const instance = async (): Promise<RunningChartroom> => {
    const started = await startChartroom({
      MARKET_API_KEY: 'demo-enterprise',
      MARKET_API_BASE_URL: `http://127.0.0.1:${String(upstream.port)}`,
      CLIENT_RATE_LIMIT: '0',
      REDIS_URL: redis.url,
    });
    running.push(started);
    expect(await started.chartroom.redis?.ready()).toBe(true);
    return started;
  };
  const screen = async (server: RunningChartroom): Promise<ScreenAnswer> => {
    const response = await fetch(`http://127.0.0.1:${String(server.port)}${SCREENER_PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(REQUEST),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as ScreenAnswer;
  };
  const warmed = async (server: RunningChartroom): Promise<ScreenAnswer> => {
    const deadline = performance.now() + 60_000;
    for (;;) {
      const answer = await screen(server);
      if (answer.state === 'ready') return answer;
      if (performance.now() > deadline) throw new Error(`not warm in 60 s: ${JSON.stringify(answer.warmUp)}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };
  const sparksOf = async (server: RunningChartroom, symbols: string[]): Promise<number[][]> => {
    const response = await fetch(`http://127.0.0.1:${String(server.port)}${SPARKS_PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ universe: REQUEST.screen.universe, symbols, count: 5 }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as SparksAnswer).closes;
  };
  const sharing = (server: RunningChartroom) => (server.chartroom.screener as SharedScreens).sharing();
  const histories = () => upstream.targets.filter((target) => target.startsWith('/v1/market/kline?')).length;

  beforeAll(async () => {
    redis = await startTestRedis();
    upstream = await startCountingSimulator();
    upstream.delayMs = 0;
  });
  afterEach(async () => {
    for (const started of running.splice(0)) await started.stop();
    upstream.targets.length = 0;
    await redis.stop();
    await redis.restart();
  });
  afterAll(async () => {
    await upstream.stop();
    await redis.stop();
  });

  it('warms a universe on one instance and answers the others’ screens from it', async () => {
    const [a, b, c] = [await instance(), await instance(), await instance()];
    // Sparklines asked before any screen: none kept anywhere, and C does not become the owner.
    expect(await sparksOf(c, ['AU2612', 'CU2612'])).toEqual([[], []]);
    const fromA = await warmed(a);
    const warmUp = histories();
    expect(warmUp).toBeGreaterThanOrEqual(fromA.warmUp.total);

    const [fromB, fromC] = [await screen(b), await screen(c)];
    // Answered warm at once, with A's rows: B and C asked the upstream for no history.
    for (const answer of [fromB, fromC]) {
      expect(answer.state).toBe('ready');
      expect({ keys: answer.keys, rows: answer.rows, matched: answer.matched }).toEqual({ keys: fromA.keys, rows: fromA.rows, matched: fromA.matched });
    }
    expect(histories()).toBe(warmUp);
    expect(b.chartroom.screener.stats()).toEqual([]);
    expect(c.chartroom.screener.stats()).toEqual([]);
    expect(sharing(a).answeredForOthers).toBe(2);
    expect([sharing(b).answeredByOthers, sharing(c).answeredByOthers]).toEqual([1, 1]);
    expect(sharing(b).fallbacks + sharing(c).fallbacks).toBe(0);
    const metrics = await (await fetch(`http://127.0.0.1:${String(a.port)}/metrics`)).text();
    expect(metrics).toContain('chartroom_screener_shared_screens_total{way="for_others"} 2');

    // The sparklines of B's rows in view come from A's warm universe too.
    const inView = fromB.rows.slice(0, 4).map((row) => row.symbol);
    const closes = await sparksOf(b, inView);
    expect(closes.map((line) => line.length)).toEqual(inView.map(() => 5));
    fromB.rows.slice(0, 4).forEach((row, i) => {
      expect(closes[i]?.at(-1)).toBe(row.values[0]);
    });
    expect(sharing(b).answeredByOthers).toBe(2);
    expect(histories()).toBe(warmUp);
  });

  it('screens on its own when the owner hears the screen but does not answer in time', async () => {
    const b = await instance();
    const link = b.chartroom.redis;
    if (!link) throw new Error('Redis expected');
    // An owner that listens and never answers (stuck): its lease holds, so nobody takes over.
    const stuck = link.subscriber.duplicate();
    let asked = 0;
    stuck.on('message', () => (asked += 1));
    await stuck.subscribe(link.key('screener:ask:stuck-instance'));
    try {
      await link.command.set(link.key(`screener:owner:${UNIVERSE.market} ${UNIVERSE.type}`), 'stuck-instance', 'PX', 60_000);
      const answer = await screen(b);
      expect(answer.state).toBe('warming');
      expect(sharing(b)).toEqual({ answeredForOthers: 0, answeredByOthers: 0, fallbacks: 1 });
      expect(b.chartroom.screener.stats()).toHaveLength(1);
      // Not asked (nor waited for) again at the next screen.
      await screen(b);
      expect(asked).toBe(1);
      expect(sharing(b).fallbacks).toBe(2);
    } finally {
      stuck.disconnect();
    }
  });

  it('takes over the universe of an owner that is gone without letting go', async () => {
    const b = await instance();
    // The lease of an instance that died holding it (nobody listens on its channel).
    const link = b.chartroom.redis;
    if (!link) throw new Error('Redis expected');
    await link.command.set(link.key(`screener:owner:${UNIVERSE.market} ${UNIVERSE.type}`), 'dead-instance', 'PX', 60_000);
    const answer = await warmed(b);
    expect(answer.rows.length).toBeGreaterThan(0);
    expect(await link.command.get(link.key(`screener:owner:${UNIVERSE.market} ${UNIVERSE.type}`))).toBe(link.instanceId);
    expect(sharing(b)).toEqual({ answeredForOthers: 0, answeredByOthers: 0, fallbacks: 0 });
    expect(b.chartroom.screener.stats()).toHaveLength(1);

    // B stopped lets go: the next instance computes without waiting for the lease to lapse.
    await b.stop();
    running.splice(running.indexOf(b), 1);
    const c = await instance();
    expect((await warmed(c)).rows).toEqual(answer.rows);
    expect(c.chartroom.screener.stats()).toHaveLength(1);
  });
});
