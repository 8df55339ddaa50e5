/**
 * One key, a whole desk, on three instances sharing one Redis (issue 16, section 3): the desk's
 * traffic (bench/desk-run.ts) spread round robin over three Chartroom servers, each its own
 * process, with one upstream socket for all three (upstream → leader → Redis pub/sub → each
 * instance → its browsers); then a failover run that SIGKILLs the leader mid-run.
 * `node --import tsx bench/desk-redis.ts [counts…] [--no-failover]` runs this group alone.
 */
import type { Figure } from './figure.ts';
import { deskRunFigures, printFigures } from './desk.ts';
import { runDesk, type DeskRun } from './desk-run.ts';

const INSTANCES = 3;
const GROUP = 'one key, a whole desk, three instances on Redis (issue 16 §3)';

export async function deskRedisFigures(counts: readonly number[] = [1, 10, 100, 300], failoverBrowsers = 100): Promise<Figure[]> {
  const runs: DeskRun[] = [];
  for (const browsers of counts) runs.push(await runDesk({ browsers, instances: INSTANCES }));
  const one = runs[0]?.requestsPerMinute ?? NaN;
  const figures = runs.flatMap((run) => deskRunFigures(GROUP, `${INSTANCES} instances, ${run.browsers} browser(s)`, run, one, 10));
  if (failoverBrowsers > 0) {
    const result = await runDesk({ browsers: failoverBrowsers, instances: INSTANCES, killLeader: true });
    const failover = result.failover;
    if (failover) {
      const name = `failover, ${failoverBrowsers} browsers, leader SIGKILLed mid-run`;
      figures.push(
        {
          group: GROUP,
          name: `${name}: longest time without a push on the other instances`,
          value: failover.gapMs,
          unit: 'ms',
          decimals: 0,
          target: '≤ 5000 ms',
          pass: failover.gapMs <= 5_000,
        },
        {
          group: GROUP,
          name: `${name}: errors of the other instances' browsers (closes, failed HTTP)`,
          value: failover.survivorsErrors,
          unit: `(${failover.onKilled} browsers were on the killed instance: closed, to reconnect through the balancer)`,
          decimals: 0,
          target: '0',
          pass: failover.survivorsErrors === 0,
        },
        {
          group: GROUP,
          name: `${name}: upstream sockets at the end`,
          value: result.upstreamSockets,
          unit: '',
          decimals: 0,
          target: '1',
          pass: result.upstreamSockets === 1,
        },
      );
    }
  }
  return figures;
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  const counts = process.argv
    .slice(2)
    .filter((arg) => /^\d+$/.test(arg))
    .map(Number);
  const failover = process.argv.includes('--no-failover') ? 0 : 100;
  printFigures(await deskRedisFigures(counts.length > 0 ? counts : undefined, failover));
  process.exit(0);
}
