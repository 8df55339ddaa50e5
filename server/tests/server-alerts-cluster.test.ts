/**
 * The server's alerts on three instances, as production runs them: upstream mode, one Redis (one
 * upstream socket for all, held by the leader), one PostgreSQL for the workspaces, a fake upstream
 * whose ticker pushes the test writes, and the tests' stand-in push service. Every instance
 * evaluates every push; the leader dies mid-run (without handing over: its lock runs out) while
 * alerts keep crossing. Every trigger recorded is delivered once, before and after the failover.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Alert } from '#shared/alerts/alert-model.ts';
import { WORKSPACE_PATH } from '#shared/workspace-protocol.ts';
import { PUSH_KEY_PATH, PUSH_SUBSCRIPTIONS_PATH } from '#shared/push-protocol.ts';
import { request } from '../auth/auth-stack.test-support.ts';
import { eventually, startChartroom, startProtocolUpstream, type ProtocolUpstream, type RunningChartroom } from '../realtime/test-support.ts';
import { startPushServiceStandIn, type PushServiceStandIn, type StandInSubscription } from '../test-support/push-service-stand-in.ts';
import { startTestPostgres, type TestPostgres } from '../test-support/postgres-server.ts';
import { startTestRedis, type TestRedis } from '../test-support/redis-server.ts';
import { workspaceDatabase, type WorkspaceDatabase } from '../workspace/workspace-database.ts';

const SAME_ORIGIN = { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' };
const SYMBOLS = ['AAPL.US', 'MSFT.US', 'NVDA.US'];
const LEVEL = 100;

interface Instance {
  chartroom: RunningChartroom;
  database: WorkspaceDatabase;
}

describe('server alerts on three instances, the leader killed mid-run', () => {
  let redis: TestRedis;
  let postgres: TestPostgres;
  let upstream: ProtocolUpstream;
  let pushService: PushServiceStandIn;
  let device: StandInSubscription;
  const instances: Instance[] = [];

  const start = async (): Promise<Instance> => {
    const env = {
      MARKET_API_KEY: 'alerts-cluster-key',
      MARKET_API_BASE_URL: `http://127.0.0.1:${String(upstream.port)}`,
      MARKET_WS_URL: `ws://127.0.0.1:${String(upstream.port)}/v1/realtime`,
      REDIS_URL: redis.url,
      PUSH_ALLOW_INSECURE_LOOPBACK: '1',
    };
    const database = workspaceDatabase({ kind: 'postgres', url: postgres.url });
    const chartroom = await startChartroom(env, { workspace: database, env, cluster: { leaderTtlMs: 1_500, pollMs: 200 } });
    // Alerts already stored: evaluated from the start, as main.ts does for a database with data.
    chartroom.chartroom.alerts?.start();
    return { chartroom, database };
  };
  const leaders = (): Instance[] => instances.filter((instance) => instance.chartroom.chartroom.realtime.cluster?.stats().leader);

  beforeAll(async () => {
    [redis, postgres, upstream, pushService] = await Promise.all([startTestRedis(), startTestPostgres(), startProtocolUpstream(), startPushServiceStandIn()]);
    const first = await start();
    instances.push(first);
    const port = first.chartroom.port;
    // The user's device and alerts (AUTH_MODE=none: the one user `local`), stored through one instance.
    const { publicKey } = JSON.parse((await request(port, PUSH_KEY_PATH)).body) as { publicKey: string };
    device = pushService.subscribe({ applicationServerKey: publicKey });
    await request(port, PUSH_SUBSCRIPTIONS_PATH, {
      method: 'POST',
      headers: SAME_ORIGIN,
      body: JSON.stringify({ subscription: device.subscription, device: 'phone' }),
    });
    const alerts: Alert[] = SYMBOLS.map((symbol) => ({
      id: `every-${symbol}`,
      symbol,
      type: 'stock',
      condition: { kind: 'cross', level: LEVEL },
      direction: 'either',
      repeat: 'every',
      cooldownMs: 0,
      sound: false,
      createdAt: 1,
      status: 'armed',
      triggers: [],
    }));
    const stored = await request(port, WORKSPACE_PATH, {
      method: 'POST',
      headers: SAME_ORIGIN,
      body: JSON.stringify({
        changes: alerts.map((alert) => ({ store: 'alerts', to: { id: `alert:${alert.id}`, kind: 'alert', rev: 1, updatedAt: 1, by: 'laptop', value: alert } })),
      }),
    });
    expect(stored.status).toBe(200);
    instances.push(await start(), await start());
    await eventually(() => leaders().length === 1, 10_000, 'one leader');
    await eventually(
      () => SYMBOLS.every((symbol) => upstream.held.some((held) => held.get('ticker')?.has(symbol) === true)),
      10_000,
      'the alerts’ symbols subscribed upstream',
    );
  }, 120_000);

  afterAll(async () => {
    for (const { chartroom, database } of instances) {
      await chartroom.stop();
      await database.close();
    }
    await Promise.all([upstream.stop(), pushService.close()]);
    await Promise.all([redis.stop(), postgres.stop()]);
  });

  /** Each symbol crosses its level `swings` times (alternating sides), a push every 25 ms. */
  const swing = async (from: number, swings: number): Promise<void> => {
    for (let index = 0; index < swings; index += 1)
      for (const symbol of SYMBOLS) {
        const price = (from + index) % 2 === 0 ? LEVEL - 1 : LEVEL + 1;
        upstream.push('ticker', { symbol, type: 'stock', last_price: String(price), timestamp: 1_000_000 + (from + index) * 1_000 });
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
  };

  const recordedTriggers = async (): Promise<string[]> => {
    const db = await instances[0]?.database.db();
    if (!db) return [];
    return (await db.selectFrom('alert_triggers').select('trigger_id').orderBy('trigger_id').execute()).map((row) => row.trigger_id);
  };
  const deliveredTriggers = (): string[] => device.decryptedMessages().map((text) => (JSON.parse(text) as { triggerId: string }).triggerId);

  it('records every crossing once and delivers each once, across the failover', async () => {
    await swing(0, 6);
    await eventually(() => deliveredTriggers().length === 15, 10_000, 'the first crossings delivered');

    // The leader dies without handing over; its lock runs out and another instance takes the socket.
    const leader = leaders()[0];
    if (!leader) throw new Error('no leader');
    leader.chartroom.chartroom.realtime.cluster?.freezeLeadership();
    await leader.chartroom.stop();
    instances.splice(instances.indexOf(leader), 1);
    const socketsBefore = upstream.sockets.length;
    await eventually(() => leaders().length === 1 && upstream.sockets.length > socketsBefore, 10_000, 'a new leader and its socket');
    await eventually(
      () => SYMBOLS.every((symbol) => upstream.held.slice(socketsBefore).some((held) => held.get('ticker')?.has(symbol) === true)),
      10_000,
      'the alerts’ symbols subscribed again',
    );
    await swing(6, 6);

    await eventually(() => deliveredTriggers().length >= 30, 15_000, 'the later crossings delivered');
    await new Promise((resolve) => setTimeout(resolve, 500));
    const recorded = await recordedTriggers();
    const delivered = deliveredTriggers();
    // 5 crossings per symbol per run of six prices (the first only sets the side, or meets the last).
    expect(recorded).toHaveLength(3 * 5 + 3 * 6);
    expect([...delivered].sort()).toEqual(recorded);
    expect(new Set(delivered).size).toBe(delivered.length);
    // Both survivors evaluated the same pushes: the database refused the second of each pair.
    const refused = instances.map(({ chartroom }) => chartroom.chartroom.alerts?.stats()?.refused ?? 0);
    expect(refused.every((count) => count > 0)).toBe(true);
  }, 90_000);
});
