/**
 * A second browser opening the chart a first one just loaded: the upstream K-line requests it
 * costs (the server answers completed windows from its cache) and the cache hits it adds, read
 * from the server's metrics, with the `X-Chartroom-Cache` header of each K-line answer beside.
 */
import type { Figure } from '../figure.ts';
import type { BrowserBenchContext } from './context.ts';
import { scrapeMetrics, upstreamDelta } from './live-metrics.ts';
import { sleep } from './live-page.ts';
import { waitForMarks } from './page-timing.ts';

const SYMBOL = 'AAPL.US';
const INTERVALS = ['1d', '1m'] as const;
const KLINE_PATH = '/v1/market/kline';
const FIRST_CANDLE = 'chartroom:first-candle';
const WAIT_MS = 20_000;
/** After the first candle: older pages and the tail have time to arrive. */
const SETTLE_MS = 2_000;
/**
 * Both browsers must open the chart within one period: a 1m chart opened in the next minute asks
 * a newer window (one more completed bar), which no cache could have. Start with this much of the
 * minute left.
 */
const MINUTE_MS = 60_000;
const MINUTE_LEFT_MS = 20_000;
const GROUP = 'browser: a second browser opening the same chart';

/** Opens the chart in a fresh context; resolves with each K-line answer's X-Chartroom-Cache. */
async function openChart(ctx: BrowserBenchContext, url: string): Promise<string[]> {
  const { page, context } = await ctx.freshPage();
  try {
    const cache: string[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === KLINE_PATH) cache.push(response.headers()['x-chartroom-cache'] ?? 'none');
    });
    await page.goto(url);
    if (!(await waitForMarks(page, [FIRST_CANDLE], WAIT_MS))) throw new Error(`no ${FIRST_CANDLE} on ${url}`);
    await sleep(SETTLE_MS);
    return cache;
  } finally {
    await context.close();
  }
}

async function simulatorNow(baseUrl: string): Promise<number> {
  const response = await fetch(`${baseUrl}/__sim/clock`);
  return ((await response.json()) as { now: number }).now;
}

const tally = (values: readonly string[]) =>
  [...new Set(values)].map((value) => `${value} ×${String(values.filter((v) => v === value).length)}`).join(', ') || 'none';

export async function secondBrowserFigures(ctx: BrowserBenchContext): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const interval of INTERVALS) {
    const url = `${ctx.baseUrl}/?symbol=${SYMBOL}&interval=${interval}`;
    const intoMinute = (await simulatorNow(ctx.baseUrl)) % MINUTE_MS;
    if (MINUTE_MS - intoMinute < MINUTE_LEFT_MS) await sleep(MINUTE_MS - intoMinute + 500);
    const start = await scrapeMetrics(ctx.baseUrl);
    const firstCache = await openChart(ctx, url);
    const between = await scrapeMetrics(ctx.baseUrl);
    const secondCache = await openChart(ctx, url);
    const end = await scrapeMetrics(ctx.baseUrl);
    const first = upstreamDelta(start, between)[KLINE_PATH] ?? 0;
    const second = upstreamDelta(between, end)[KLINE_PATH] ?? 0;
    figures.push({
      group: GROUP,
      name: `${SYMBOL} ${interval}: upstream K-line requests of the second browser`,
      value: second,
      unit: `(first browser ${String(first)}; cache hits +${String(end.cacheHits - between.cacheHits)}, misses +${String(end.cacheMisses - between.cacheMisses)})`,
      decimals: 0,
      target: '0',
      pass: second === 0,
      details: [`X-Chartroom-Cache of the K-line answers: first browser ${tally(firstCache)}; second ${tally(secondCache)}`],
    });
  }
  return figures;
}
