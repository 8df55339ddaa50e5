/**
 * One key, a whole desk (issue 16), on one instance: the desk's traffic (bench/desk-run.ts) from
 * 1, 10, 100 and 300 browsers through one Chartroom server. `npx tsx bench/desk.ts [counts…]`
 * runs this group alone.
 */
import { percentile, type Figure } from './figure.ts';
import { runDesk, type DeskRun } from './desk-run.ts';
import { bareFanOut, type BareFanOut } from './bare-fan-out.ts';

const GROUP = 'one key, a whole desk (issue 16)';

/** The rows every desk run reports; `target` is the fan-out's p99 budget for this set-up. */
export function deskRunFigures(group: string, name: string, run: DeskRun, oneBrowserRequests: number, p99TargetMs: number): Figure[] {
  const p99 = percentile(run.addedMs, 99);
  const ratio = run.requestsPerMinute / oneBrowserRequests;
  return [
    { group, name: `${name}: upstream sockets`, value: run.upstreamSockets, unit: '', decimals: 0, target: '1', pass: run.upstreamSockets === 1 },
    {
      group,
      name: `${name}: upstream requests per minute after the warm-up (× one browser's)`,
      value: run.requestsPerMinute,
      unit: `(× ${ratio.toFixed(2)})`,
      decimals: 0,
      target: '≤ 1.2 ×',
      pass: ratio <= 1.2,
    },
    {
      group,
      name: `${name}: upstream requests while every browser's page loads in the same second (first 5 s)`,
      value: run.startUpRequests,
      unit: '',
      decimals: 0,
    },
    {
      group,
      name: `${name}: push latency added by the fan-out at the server (arrival → written to every browser), median / p99 over the last 15 s`,
      value: run.serverFanOutMs.p50,
      unit: `ms / ${run.serverFanOutMs.p99.toFixed(2)} ms`,
      target: `p99 ≤ ${p99TargetMs} ms`,
      pass: run.serverFanOutMs.p99 <= p99TargetMs,
    },
    {
      group,
      name: `${name}: push latency added, end to end at the simulated browsers (one thread receiving for all of them, on the same cores), median / p99`,
      value: percentile(run.addedMs, 50),
      unit: `ms / ${p99.toFixed(2)} ms (${run.addedMs.length} pushes)`,
      target: `p99 ≤ ${p99TargetMs} ms`,
      pass: p99 <= p99TargetMs,
    },
    { group, name: `${name}: server CPU per upstream ticker push (depth, trade pushes and HTTP included)`, value: run.cpuMsPerPush, unit: 'ms', decimals: 2 },
    { group, name: `${name}: server CPU per second`, value: run.cpuMsPerSecond, unit: 'ms', decimals: 0 },
    { group, name: `${name}: server resident memory per browser`, value: run.memoryPerBrowserKiB, unit: 'KiB', decimals: 1 },
    { group, name: `${name}: browser errors (closes, failed HTTP)`, value: run.errors, unit: '', decimals: 0, target: '0', pass: run.errors === 0 },
  ];
}

/** The bare fan-out beside the server's, measured right after its run on the same machine. */
export function floorFigures(group: string, name: string, run: DeskRun, floor: BareFanOut): Figure[] {
  return [
    {
      group,
      name: `${name}: the floor, one push written to as many loopback sockets by a bare Node process (bench/bare-fan-out.ts), median / p99`,
      value: floor.p50,
      unit: `ms / ${floor.p99.toFixed(2)} ms (${floor.bursts} bursts of a ${floor.frameBytes} B frame)`,
    },
    { group, name: `${name}: the server's fan-out p99 ÷ the floor's`, value: run.serverFanOutMs.p99 / floor.p99, unit: '×' },
  ];
}

export async function deskFigures(counts: readonly number[] = [1, 10, 100, 300]): Promise<Figure[]> {
  const runs: { run: DeskRun; floor: BareFanOut }[] = [];
  for (const browsers of counts) {
    const run = await runDesk({ browsers, instances: 1 });
    runs.push({ run, floor: await bareFanOut(browsers) });
  }
  const one = runs[0]?.run.requestsPerMinute ?? NaN;
  return runs.flatMap(({ run, floor }) => {
    const name = `${run.browsers} browser(s)`;
    return [...deskRunFigures(GROUP, name, run, one, 5), ...floorFigures(GROUP, name, run, floor)];
  });
}

export function printFigures(figures: readonly Figure[]): void {
  for (const figure of figures) {
    const verdict = figure.pass === undefined ? '' : `  [${figure.target ?? ''} ${figure.pass ? 'ok' : 'MISSED'}]`;
    console.log(`${figure.name}: ${figure.value.toFixed(figure.decimals ?? 2)} ${figure.unit}${verdict}`);
  }
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  const counts = process.argv
    .slice(2)
    .filter((arg) => /^\d+$/.test(arg))
    .map(Number);
  printFigures(await deskFigures(counts.length > 0 ? counts : undefined));
  process.exit(0);
}
