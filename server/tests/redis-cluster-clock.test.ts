/**
 * Cluster liveness on Redis's clock: an instance on a machine whose clock is seconds behind (its own
 * process, its `Date.now()` skewed) is still counted alive by the others, so the instance count and
 * each instance's share of the key budget do not depend on the machines' clocks agreeing.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClusterFeed } from '../redis/cluster-feed.ts';
import { RedisLink } from '../redis/redis-link.ts';
import { eventually } from '../realtime/test-support.ts';
import { startTestRedis, type TestRedis } from '../test-support/redis-server.ts';

const SKEWED_INSTANCE = fileURLToPath(new URL('../test-support/skewed-cluster-instance.ts', import.meta.url));

async function startSkewedInstance(redisUrl: string, skewMs: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', SKEWED_INSTANCE], {
    env: { ...process.env, REDIS_URL: redisUrl, SKEW_MS: String(skewMs) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  await eventually(() => out.includes('ready') || child.exitCode !== null, 15_000, 'the skewed instance up');
  expect(child.exitCode).toBeNull();
  return child;
}

describe('cluster liveness', () => {
  let redis: TestRedis;
  let link: RedisLink;
  let cluster: ClusterFeed;
  let skewed: ChildProcess | undefined;

  beforeAll(async () => {
    redis = await startTestRedis();
    link = new RedisLink({ url: redis.url });
    expect(await link.ready()).toBe(true);
    cluster = new ClusterFeed({
      link,
      pollMs: 200,
      openUpstream: (peer) => {
        peer.close(1011, 'no upstream in this test');
        return { receive: () => undefined, closed: () => undefined };
      },
    });
  });

  afterAll(async () => {
    if (skewed && skewed.exitCode === null) {
      skewed.kill('SIGTERM');
      await once(skewed, 'exit');
    }
    await cluster.close();
    await link.close();
    await redis.stop();
  });

  it('counts an instance whose clock is 8 s behind as alive, for as long as it beats', async () => {
    skewed = await startSkewedInstance(redis.url, -8_000);
    await eventually(() => cluster.stats().instances === 2, 5_000, 'two instances counted');
    // Still two a few heartbeats later: the leader's pruning does not take it for dead either.
    for (let beat = 0; beat < 5; beat += 1) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(cluster.stats().instances).toBe(2);
    }
    skewed.kill('SIGTERM');
    await once(skewed, 'exit');
    await eventually(() => cluster.stats().instances === 1, 10_000, 'the stopped instance no longer counted');
  });
});
