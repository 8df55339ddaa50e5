/**
 * A cluster instance on another machine whose clock is wrong: its own process (a clock is
 * per process), `Date.now()` off by SKEW_MS, joining the cluster on REDIS_URL with no browsers.
 * It writes `ready` once its link to Redis is up and runs until killed.
 */
import { ClusterFeed } from '../redis/cluster-feed.ts';
import { RedisLink } from '../redis/redis-link.ts';

const realNow = Date.now.bind(Date);
const skewMs = Number(process.env.SKEW_MS ?? '0');
Date.now = () => realNow() + skewMs;

const link = new RedisLink({ url: process.env.REDIS_URL ?? '' });
const cluster = new ClusterFeed({
  link,
  pollMs: 200,
  // No browsers here: the upstream is never asked for, and refused if it were.
  openUpstream: (peer) => {
    peer.close(1011, 'no upstream in this test instance');
    return { receive: () => undefined, closed: () => undefined };
  },
});
if (await link.ready()) process.stdout.write('ready\n');
process.on('SIGTERM', () => {
  void cluster.close().finally(() => link.close().finally(() => process.exit(0)));
});
