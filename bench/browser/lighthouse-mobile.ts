/**
 * Lighthouse 12 on the first page with its default mobile settings (a phone's screen, 4× CPU
 * slowdown, a slow 4G link): three runs, each in its own Chromium, the median of each figure.
 * Performance, accessibility and best practices as scores; cumulative layout shift, total blocking
 * time and largest contentful paint as figures. When a figure misses, the elements that shift and
 * the long tasks are listed under it (from the median run of that figure).
 *
 * The blocking time is also judged against a baseline of the same run: three Lighthouse runs of the
 * bare chart page (bench/pages/bare.html: the chart library alone drawing the K-line window the
 * app asked first). On a 2-core machine that page alone blocks for most of a second under the 4×
 * slowdown, so the absolute target says little about the app there; the ratio does.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { median, type Figure } from '../figure.ts';
import { chromiumPath, CHROMIUM_FLAGS, type BrowserBenchContext } from './context.ts';

const GROUP = 'browser: Lighthouse 12 (mobile defaults, median of 3)';
const RUNS = 3;
const SCORES = { performance: 90, accessibility: 100, 'best-practices': 100 } as const;

interface Metric {
  audit: string;
  name: string;
  unit: string;
  decimals: number;
  /** From the audit's numericValue to the figure's unit. */
  scale: number;
  target: number;
}

const METRICS: readonly Metric[] = [
  { audit: 'cumulative-layout-shift', name: 'Cumulative layout shift', unit: '', decimals: 3, scale: 1, target: 0.05 },
  { audit: 'total-blocking-time', name: 'Total blocking time', unit: 'ms', decimals: 0, scale: 1, target: 200 },
  { audit: 'largest-contentful-paint', name: 'Largest contentful paint', unit: 's', decimals: 2, scale: 1 / 1000, target: 2.5 },
];

/** One Lighthouse run, mobile defaults (no config: Lighthouse's default is the mobile one). */
export async function lighthouseMobileRun(url: string): Promise<Result> {
  const path = chromiumPath();
  const chrome = await chromeLauncher.launch({ ...(path && { chromePath: path }), chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS] });
  try {
    const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: Object.keys(SCORES) };
    const result = await lighthouse(url, flags);
    if (!result) throw new Error('Lighthouse returned no result');
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

interface ShiftItem {
  node?: { selector?: string; snippet?: string };
  score?: number;
}
interface LongTaskItem {
  url?: string;
  duration?: number;
  startTime?: number;
}

function items<T>(lhr: Result, audit: string): T[] {
  return (lhr.audits[audit]?.details as { items?: T[] } | undefined)?.items ?? [];
}

/** The elements that shift, with their share of the shift. */
export function shiftingElements(lhr: Result): string[] {
  return items<ShiftItem>(lhr, 'layout-shifts')
    .slice(0, 5)
    .map((item) => `shift ${(item.score ?? 0).toFixed(3)} at ${item.node?.selector ?? item.node?.snippet ?? '(no node)'}`);
}

/** Main-thread tasks over 50 ms, with their script. */
export function longTasks(lhr: Result): string[] {
  return items<LongTaskItem>(lhr, 'long-tasks')
    .filter((item) => (item.duration ?? 0) > 50)
    .slice(0, 8)
    .map(
      (item) =>
        `long task ${String(Math.round(item.duration ?? 0))} ms at ${String(Math.round(item.startTime ?? 0))} ms: ${(item.url ?? '').replace(/^https?:\/\/[^/]+/, '')}`,
    );
}

interface LcpTable {
  items?: { node?: { selector?: string; nodeLabel?: string }; phase?: string; timing?: number }[];
}

/** The largest contentful paint's element and where its time went (TTFB, load delay and time, render delay). */
export function lcpElement(lhr: Result): string[] {
  const tables = (lhr.audits['largest-contentful-paint-element']?.details as { items?: LcpTable[] } | undefined)?.items ?? [];
  const node = tables[0]?.items?.[0]?.node;
  const phases = (tables[1]?.items ?? []).map((item) => `${item.phase ?? ''} ${String(Math.round(item.timing ?? 0))} ms`);
  return [
    `LCP element: ${node?.selector ?? '(none)'}${node?.nodeLabel ? ` ("${node.nodeLabel}")` : ''}`,
    ...(phases.length > 0 ? [`LCP phases: ${phases.join(', ')}`] : []),
  ];
}

/** The run whose value is the median (runs sorted by value). */
function medianRun(runs: readonly Result[], value: (lhr: Result) => number): Result {
  const sorted = [...runs].sort((a, b) => value(a) - value(b));
  return sorted[Math.floor(sorted.length / 2)] as Result;
}

/**
 * Lighthouse's own measure of the machine's speed in each run: scores differ between machines of
 * one kind, and a figure read without it cannot be compared with another machine's.
 */
export function benchmarkIndexes(runs: readonly Result[]): string {
  return `benchmarkIndex ${runs.map((lhr) => String(Math.round(lhr.environment.benchmarkIndex))).join(', ')}`;
}

export function mobileFigures(runs: readonly Result[]): Figure[] {
  const figures: Figure[] = [];
  const machine = benchmarkIndexes(runs);
  for (const [id, target] of Object.entries(SCORES)) {
    const scoreOf = (lhr: Result) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const value = median(runs.map(scoreOf));
    const pass = value >= target;
    const run = medianRun(runs, scoreOf);
    const failing = (run.categories[id]?.auditRefs ?? [])
      .filter((ref) => id !== 'performance' || ref.weight > 0)
      .map((ref) => run.audits[ref.id])
      .filter(
        (audit) =>
          audit !== undefined &&
          audit.score !== null &&
          audit.score < 1 &&
          audit.scoreDisplayMode !== 'informative' &&
          audit.scoreDisplayMode !== 'notApplicable' &&
          audit.scoreDisplayMode !== 'manual',
      )
      .map((audit) => `failing: ${audit?.id ?? ''} (score ${String(audit?.score)}${audit?.displayValue ? `, ${audit.displayValue}` : ''})`);
    figures.push({
      group: GROUP,
      name: `${run.categories[id]?.title ?? id} (runs: ${runs.map(scoreOf).join(', ')}; ${machine})`,
      value,
      unit: '',
      decimals: 0,
      target: `≥ ${String(target)}`,
      pass,
      ...(!pass && failing.length > 0 && { details: failing }),
    });
  }
  for (const metric of METRICS) {
    const valueOf = (lhr: Result) => (lhr.audits[metric.audit]?.numericValue ?? Number.NaN) * metric.scale;
    const value = median(runs.map(valueOf));
    const pass = value <= metric.target;
    const run = medianRun(runs, valueOf);
    const details = pass
      ? []
      : metric.audit === 'cumulative-layout-shift'
        ? shiftingElements(run)
        : metric.audit === 'largest-contentful-paint'
          ? [...lcpElement(run), ...longTasks(run)]
          : longTasks(run);
    figures.push({
      group: GROUP,
      name: `${metric.name} (runs: ${runs.map((lhr) => valueOf(lhr).toFixed(metric.decimals)).join(', ')}; ${machine})`,
      value,
      unit: metric.unit,
      decimals: metric.decimals,
      target: `≤ ${String(metric.target)}${metric.unit ? ` ${metric.unit}` : ''}`,
      pass,
      ...(details.length > 0 && { details }),
    });
  }
  return figures;
}

/** Attempts per run: a fresh Chromium's first trace now and then has no navigation start (NO_NAVSTART). */
const ATTEMPTS = 3;

/** The app's blocking time may be this many times the bare chart page's (the first candle's ratio target). */
const BLOCKING_RATIO_TARGET = 1.3;

const totalBlockingTime = (lhr: Result): number => lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN;

/** The first K-line request of a run (path and query), from its network requests. */
export function firstKlineRequest(lhr: Result): string | undefined {
  const url = items<{ url?: string }>(lhr, 'network-requests').find((item) => item.url?.includes('/v1/market/kline?'))?.url;
  return url === undefined ? undefined : url.replace(/^https?:\/\/[^/]+/, '');
}

/** The app's blocking time against the bare chart page's, medians of their runs. */
export function blockingRatioFigure(app: readonly Result[], bare: readonly Result[]): Figure {
  const appMs = median(app.map(totalBlockingTime));
  const bareMs = median(bare.map(totalBlockingTime));
  const ratio = appMs / bareMs;
  const runs = (results: readonly Result[]) => results.map((lhr) => totalBlockingTime(lhr).toFixed(0)).join(', ');
  return {
    group: GROUP,
    name: 'Total blocking time, app ÷ bare chart page (the library drawing the same K-line window)',
    value: ratio,
    unit: `× (${appMs.toFixed(0)} / ${bareMs.toFixed(0)} ms)`,
    decimals: 2,
    target: `≤ ${String(BLOCKING_RATIO_TARGET)}×`,
    pass: ratio <= BLOCKING_RATIO_TARGET,
    details: [`app runs: ${runs(app)} ms; ${benchmarkIndexes(app)}`, `bare runs: ${runs(bare)} ms; ${benchmarkIndexes(bare)}`],
  };
}

/** Three runs of `url`, each retried when Lighthouse reports a runtime error. */
async function threeRuns(url: string): Promise<Result[]> {
  const runs: Result[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    let lhr = await lighthouseMobileRun(url);
    for (let attempt = 1; attempt < ATTEMPTS && lhr.runtimeError; attempt += 1) lhr = await lighthouseMobileRun(url);
    runs.push(lhr);
  }
  return runs;
}

export async function lighthouseMobileFigures(ctx: BrowserBenchContext): Promise<Figure[]> {
  const runs = await threeRuns(`${ctx.baseUrl}/`);
  const kline = runs.map(firstKlineRequest).find((path) => path !== undefined);
  if (kline === undefined) return mobileFigures(runs);
  const bare = await threeRuns(`${ctx.baseUrl}/bench/pages/bare.html?kline=${encodeURIComponent(kline)}`);
  return [...mobileFigures(runs), blockingRatioFigure(runs, bare)];
}
