/**
 * The live half of `npm run bench`: figures that need time and the WebSocket, on the bench's
 * shared context (production build, simulator at a live US trading morning, one Chromium).
 *
 * One timeline, so the whole costs about BENCH_LIVE_MINUTES (default 2):
 *   t=0       four pages load, each on its own server: default screen and intraday tab, over HTTP
 *             polling and with the WebSocket up (20-symbol watchlist)
 *   10–70 s   upstream requests counted on all four (counts are not CPU-sensitive)
 *   each min  JS heap of the default-screen WebSocket page: least of 3 forced-GC readings 1 s apart
 *             (the baseline at minute 2, or 1 in a run under 3 minutes, with a heap snapshot's objects by constructor)
 *   70 s      the other three close; that page stays live while, on the bench's server, the
 *             300-symbol watchlist is traced for 30 s, then a second browser opens a loaded chart
 *   end       JS heap of the same page again, read the same way, and a second snapshot: which constructors gained objects
 */
import type { Figure } from '../figure.ts';
import { openBrowserBench, type BrowserBenchContext } from './context.ts';
import { secondBrowserFigures } from './live-cache.ts';
import { watchlistBusyFigures } from './live-busy.ts';
import {
  bytesOf,
  countByConstructor,
  growingConstructors,
  growingKinds,
  takeHeapSnapshot,
  wrapEveryElement,
  type Growth,
  type HeapBytes,
  type HeapSnapshot,
} from './heap-snapshot.ts';
import { HEAP_READINGS, retainedHeap, sleep, type HeapSample, type LivePage } from './live-page.ts';
import { closeRun, countRequests, openRequestRuns } from './live-requests.ts';
import { chooseWatchlist } from './live-watchlist.ts';

// Two minutes keep `npm run bench` under five; BENCH_LIVE_MINUTES=10 gives the 10-minute figure.
const DEFAULT_MINUTES = 2;
const WATCHLIST_SYMBOLS = 20;
const WARM_UP_MS = 10_000;
const COUNT_MS = 60_000;
const HEAP_GROWTH_TARGET = 0.05;
const MIB = 1024 * 1024;

/** BENCH_LIVE_MINUTES: how long the heap page stays live (≥ 1.5, so there is something after the first minute). */
export function liveMinutes(env: string | undefined = process.env.BENCH_LIVE_MINUTES): number {
  if (env === undefined || env === '') return DEFAULT_MINUTES;
  const minutes = Number(env);
  if (!Number.isFinite(minutes) || minutes < 1.5) throw new Error(`BENCH_LIVE_MINUTES must be a number ≥ 1.5, got ${env}`);
  return minutes;
}

const mib = (bytes: number) => (bytes / MIB).toFixed(2);

export function heapFigure(byMinute: readonly HeapSample[], last: HeapSample, minutes: number): Figure {
  const from = baselineMinute(minutes);
  const first = byMinute[from - 1]?.bytes ?? Number.NaN;
  const growth = (last.bytes - first) / first;
  const firstReadings = [...byMinute, last].map((sample) => mib(sample.readings[0] ?? Number.NaN));
  return {
    group: 'browser: JS heap of the default screen, WebSocket up',
    name: `JS heap after ${minutes.toFixed(1)} min live vs after ${String(from)} min (forced GC)`,
    value: growth * 100,
    unit: `% (${(first / MIB).toFixed(1)} MiB → ${(last.bytes / MIB).toFixed(1)} MiB)`,
    decimals: 1,
    target: `≤ ${String(HEAP_GROWTH_TARGET * 100)}%${minutes < 10 ? ' (at 10 min: BENCH_LIVE_MINUTES=10)' : ''}`,
    pass: growth <= HEAP_GROWTH_TARGET,
    details: [
      `MiB after each whole minute (least of ${String(HEAP_READINGS)} forced-GC readings 1 s apart): ${byMinute.map((sample) => mib(sample.bytes)).join(', ')}; at the end ${mib(last.bytes)}`,
      `first reading of each: ${firstReadings.join(', ')}`,
    ],
  };
}

/**
 * The minute the heap is compared from: the second (the first holds the warm-up's JIT code and
 * caches still filling), or the first in a run too short for that.
 */
export function baselineMinute(minutes: number): number {
  return minutes >= 3 ? 2 : 1;
}

/** The heap at each whole minute from `loadedAt` up to `minutes`, and the snapshot at the baseline minute. */
async function heapEveryMinute(
  { cdp, page }: LivePage,
  loadedAt: number,
  minutes: number,
): Promise<{ samples: HeapSample[]; baseline: HeapSnapshot | undefined }> {
  const samples: HeapSample[] = [];
  let baseline: HeapSnapshot | undefined;
  for (let minute = 1; minute <= Math.floor(minutes); minute++) {
    await sleep(loadedAt + minute * 60_000 - performance.now());
    await wrapEveryElement(page);
    samples.push(await retainedHeap(cdp));
    if (minute === baselineMinute(minutes)) baseline = await takeHeapSnapshot(cdp);
  }
  return { samples, baseline };
}

/** The heap snapshots' bytes without compiled code, from the baseline minute to the end, and what grew. */
export function heapWithoutCodeFigure(before: HeapBytes, after: HeapBytes, from: number, minutes: number): Figure {
  const growth = (after.rest - before.rest) / before.rest;
  const kib = (bytes: number): string => `${(bytes / 1024).toFixed(0)} KiB`;
  return {
    group: 'browser: JS heap of the default screen, WebSocket up',
    name: `JS heap without compiled code (heap snapshots) after ${minutes.toFixed(1)} min vs after ${String(from)} min`,
    value: growth * 100,
    unit: `% (${(before.rest / MIB).toFixed(2)} MiB → ${(after.rest / MIB).toFixed(2)} MiB; compiled code ${kib(before.code)} → ${kib(after.code)})`,
    decimals: 1,
    target: `≤ ${String(HEAP_GROWTH_TARGET * 100)}%`,
    pass: growth <= HEAP_GROWTH_TARGET,
    details: [
      `grew most: ${
        growingKinds(before, after)
          .map(({ kind, bytes }) => `${kind} +${kib(bytes)}`)
          .join(', ') || 'nothing'
      }`,
    ],
  };
}

/** Constructors whose live objects grew from the baseline minute to the end: none is the goal. */
export function objectGrowthFigure(grown: readonly Growth[], from: number, minutes: number): Figure {
  return {
    group: 'browser: JS heap of the default screen, WebSocket up',
    name: `constructors with more live objects after ${minutes.toFixed(1)} min than after ${String(from)} (heap snapshots)`,
    value: grown.length,
    unit: '',
    decimals: 0,
    target: '0 (a constructor counts when it gained > 5 % and > 20 objects)',
    pass: grown.length === 0,
    details: grown.length === 0 ? ['none grew'] : grown.slice(0, 12).map((growth) => `${growth.name}: ${String(growth.before)} → ${String(growth.after)}`),
  };
}

/** `shared`: the bench's browser context when the caller has one open (saves a build); otherwise one is opened and closed here. */
export async function liveFigures(shared?: BrowserBenchContext): Promise<Figure[]> {
  const minutes = liveMinutes();
  const ctx = shared ?? (await openBrowserBench());
  try {
    const watchlist = (await chooseWatchlist(ctx.baseUrl, WATCHLIST_SYMBOLS)).symbols;
    const runs = await openRequestRuns(ctx, watchlist);
    const heapRun = runs.find((run) => run.spec.path === '/' && run.spec.socket === 'up');
    if (!heapRun) throw new Error('no default-screen WebSocket run');
    try {
      const heapByMinute = heapEveryMinute(heapRun.live, heapRun.loadedAt, minutes);
      // Awaited at the end; a failure must not surface earlier as an unhandled rejection.
      heapByMinute.catch(() => undefined);
      const requestFigures = await countRequests(runs, WARM_UP_MS, COUNT_MS);
      await Promise.all(runs.filter((run) => run !== heapRun).map(closeRun));
      const alongside = 'measured while the default-screen WebSocket page of the heap figure streams in the same browser';
      const busyFigures = await watchlistBusyFigures(ctx, alongside);
      const cacheFigures = await secondBrowserFigures(ctx);
      const { samples: byMinute, baseline } = await heapByMinute;
      await sleep(heapRun.loadedAt + minutes * 60_000 - performance.now());
      await wrapEveryElement(heapRun.live.page);
      const lastHeap = await retainedHeap(heapRun.live.cdp);
      const measuredMinutes = (performance.now() - heapRun.loadedAt) / 60_000;
      if (!baseline) throw new Error('no heap snapshot at the baseline minute');
      const end = await takeHeapSnapshot(heapRun.live.cdp);
      const grown = growingConstructors(countByConstructor(baseline), countByConstructor(end));
      const from = baselineMinute(measuredMinutes);
      return [
        ...busyFigures,
        ...requestFigures,
        ...cacheFigures,
        heapFigure(byMinute, lastHeap, measuredMinutes),
        heapWithoutCodeFigure(bytesOf(baseline), bytesOf(end), from, measuredMinutes),
        objectGrowthFigure(grown, from, measuredMinutes),
      ];
    } finally {
      await Promise.allSettled(runs.map(closeRun));
    }
  } finally {
    if (!shared) await ctx.close();
  }
}
