/**
 * Time to first candle and first quote of the app, cold cache, against a bare page (no framework:
 * lightweight-charts and one fetch of the same K-line window) and against the app with its early
 * chart switched off (`?early=0`: the app draws the chart itself), in the same run, interleaved
 * (app, app without, bare; the two app variants alternate who goes first) so drift hits all.
 * Also the layout shift of the first screen, whether the app's first K-line request leaves before
 * its React tree mounts (or its page came in index.html: server/first-page.ts), and the first
 * page's scripts and style sheets as the browser received them (the server sends the build's
 * brotli or gzip copies, server/static-files.ts). The bare page fetches the window the app asked
 * for, or the one its index.html carried.
 */
import { median, summarize, type Figure } from '../figure.ts';
import type { BrowserBenchContext } from './context.ts';
import { carriedRequest, firstChartKline, markTime, scriptAndStyleBytes, waitForMarks, type ReceivedBytes, type ResourceTiming } from './page-timing.ts';

const SAMPLES = 10;
const WAIT_MS = 15_000;
const CANDLE_RATIO_TARGET = 1.3;
const FIRST_CANDLE = 'chartroom:first-candle';
const FIRST_QUOTE = 'chartroom:first-quote';
const REACT_MOUNTED = 'chartroom:react-mounted';
const GROUP = 'browser: first page';
/** The query string that switches the early chart off (src/features/chart/early-chart.ts). */
const WITHOUT_EARLY_CHART = '?early=0';
/** How long after the marks the layout shifts are still counted: the panels beside the chart fill in. */
const SETTLE_MS = 1_000;
/** The first page as a current browser receives it (brotli), the budget decided in issues 13 and 17. */
const RECEIVED_BUDGET_KIB = 165;
/** Sums the page's layout shifts (as Cumulative Layout Shift does, without session windows). */
const COUNT_LAYOUT_SHIFTS = `
  window.__layoutShift = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__layoutShift += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
`;

interface AppSample {
  firstCandle?: number;
  firstQuote?: number;
  reactMounted?: number;
  kline?: ResourceTiming;
  /** The K-line request (path and query) whose answer index.html carried, when it carried one. */
  carried?: string;
  received: ReceivedBytes;
  /** Content-Encoding of each script and style sheet, e.g. `br`. */
  codings: string[];
  /** Sum of the layout shifts up to SETTLE_MS after the marks. */
  layoutShift: number;
}

async function appSample(ctx: BrowserBenchContext, marks: readonly string[], search = ''): Promise<AppSample> {
  const { page, context } = await ctx.freshPage();
  await page.addInitScript({ content: COUNT_LAYOUT_SHIFTS });
  const codings = new Set<string>();
  page.on('response', (response) => {
    if (/\.(?:m?js|css)$/.test(new URL(response.url()).pathname)) codings.add(response.headers()['content-encoding'] ?? 'identity');
  });
  try {
    const response = await page.goto(`${ctx.baseUrl}/${search}`);
    await waitForMarks(page, marks, WAIT_MS);
    // Drawn: the first page's request, if the app made one, has been answered.
    const kline = await firstChartKline(page);
    const carried = carriedRequest((await response?.text()) ?? '');
    const firstCandle = await markTime(page, FIRST_CANDLE);
    const sample = {
      firstCandle,
      ...(carried && { carried }),
      firstQuote: await markTime(page, FIRST_QUOTE),
      reactMounted: await markTime(page, REACT_MOUNTED),
      ...(kline && { kline }),
      received: await scriptAndStyleBytes(page, firstCandle),
      codings: [...codings],
    };
    await page.waitForTimeout(SETTLE_MS);
    return { ...sample, layoutShift: await page.evaluate(() => (window as unknown as { __layoutShift: number }).__layoutShift) };
  } finally {
    await context.close();
  }
}

async function bareSample(ctx: BrowserBenchContext, klinePathAndQuery: string): Promise<number | undefined> {
  const { page, context } = await ctx.freshPage();
  try {
    await page.goto(`${ctx.baseUrl}/bench/pages/bare.html?kline=${encodeURIComponent(klinePathAndQuery)}`);
    await waitForMarks(page, [FIRST_CANDLE], WAIT_MS);
    return await markTime(page, FIRST_CANDLE);
  } finally {
    await context.close();
  }
}

/** The first history page's request of a sample: the one it made, or the one its page carried. */
const klineOf = (sample: AppSample): string | undefined => (sample.kline ? pathAndQuery(sample.kline.url) : sample.carried);

const defined = (values: (number | undefined)[]): number[] => values.filter((value): value is number => value !== undefined);
const pathAndQuery = (url: string): string => {
  const { pathname, search } = new URL(url);
  return pathname + search;
};

export async function firstCandleFigures(ctx: BrowserBenchContext): Promise<Figure[]> {
  // Warm-up pair, not counted: the server's code paths and the OS file cache, for both pages alike.
  const warmUp = await appSample(ctx, [FIRST_CANDLE, FIRST_QUOTE]);
  // Marks the app does not set yet are not waited for in every sample.
  const marks = [FIRST_CANDLE, FIRST_QUOTE].filter((mark) => (mark === FIRST_CANDLE ? warmUp.firstCandle : warmUp.firstQuote) !== undefined);
  let klineUrl = klineOf(warmUp);
  if (!klineUrl) throw new Error('the app sent no /v1/market/kline request and its page carried none');
  await bareSample(ctx, klineUrl);

  const app: AppSample[] = [];
  const withoutEarly: AppSample[] = [];
  const bare: (number | undefined)[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    // The two variants of the app take turns going first in a round.
    const first = i % 2 === 0;
    if (!first) withoutEarly.push(await appSample(ctx, marks, WITHOUT_EARLY_CHART));
    const sample = await appSample(ctx, marks);
    app.push(sample);
    if (first) withoutEarly.push(await appSample(ctx, marks, WITHOUT_EARLY_CHART));
    // The same window the app asked first in this round (its end moves with the live clock).
    klineUrl = klineOf(sample) ?? klineUrl;
    bare.push(await bareSample(ctx, klineUrl));
  }

  const appCandle = defined(app.map((s) => s.firstCandle));
  const withoutCandle = defined(withoutEarly.map((s) => s.firstCandle));
  const shift = app.map((s) => s.layoutShift);
  const shiftWithout = withoutEarly.map((s) => s.layoutShift);
  const appQuote = defined(app.map((s) => s.firstQuote));
  const bareCandle = defined(bare);
  const mounted = app.filter((s) => s.reactMounted !== undefined && (s.kline !== undefined || s.carried !== undefined));
  // A page carried in index.html was there before anything mounted.
  const early = mounted.filter((s) => s.kline === undefined || s.kline.startTime < (s.reactMounted ?? -Infinity)).length;
  const carried = app.filter((s) => s.kline === undefined && s.carried !== undefined).length;
  const ratio = median(appCandle) / median(bareCandle);
  const received = app.map((s) => s.received);
  const receivedKiB = median(received.map((r) => r.encoded)) / 1024;
  const missing = (mark: string) => ({ value: Number.NaN, unit: `n/a (mark ${mark} missing)` });

  return [
    {
      group: GROUP,
      name: `first candle, cold cache, app / bare page (median of ${String(SAMPLES)})`,
      ...(appCandle.length > 0 ? { value: median(appCandle), unit: `ms / ${median(bareCandle).toFixed(0)} ms` } : missing(FIRST_CANDLE)),
      decimals: 0,
      samples: { app: summarize(appCandle), bare: summarize(bareCandle) },
    },
    {
      group: GROUP,
      name: `first candle, cold cache, app without the early chart (?early=0) / with it (median of ${String(SAMPLES)})`,
      ...(withoutCandle.length > 0 && appCandle.length > 0
        ? { value: median(withoutCandle), unit: `ms / ${median(appCandle).toFixed(0)} ms` }
        : missing(FIRST_CANDLE)),
      decimals: 0,
      samples: { withoutEarlyChart: summarize(withoutCandle), app: summarize(appCandle) },
    },
    {
      group: GROUP,
      name: 'first candle, app ÷ bare page',
      ...(appCandle.length > 0 ? { value: ratio, unit: '×', pass: ratio <= CANDLE_RATIO_TARGET } : missing(FIRST_CANDLE)),
      target: `≤ ${String(CANDLE_RATIO_TARGET)}×`,
    },
    {
      group: GROUP,
      name: `first quote, cold cache (median of ${String(SAMPLES)})`,
      ...(appQuote.length > 0 ? { value: median(appQuote), unit: 'ms' } : missing(FIRST_QUOTE)),
      decimals: 0,
      samples: { app: summarize(appQuote) },
    },
    {
      group: GROUP,
      name: `layout shift of the first screen until ${String(SETTLE_MS / 1000)} s after the first quote, app / without the early chart (median of ${String(SAMPLES)})`,
      value: median(shift),
      unit: `/ ${median(shiftWithout).toFixed(3)}`,
      decimals: 3,
      samples: { app: summarize(shift), withoutEarlyChart: summarize(shiftWithout) },
    },
    {
      group: GROUP,
      name: `first page JS + CSS as received over the wire (requested before the first candle), cold cache (median of ${String(SAMPLES)})`,
      value: receivedKiB,
      target: `≤ ${String(RECEIVED_BUDGET_KIB)} KiB`,
      pass: receivedKiB <= RECEIVED_BUDGET_KIB,
      unit: `KiB (${[...new Set(app.flatMap((s) => s.codings))].join(', ')}; ${(median(received.map((r) => r.decoded)) / 1024).toFixed(0)} KiB decoded, ${String(median(received.map((r) => r.files)))} files)`,
      decimals: 1,
      samples: { encoded: summarize(received.map((r) => r.encoded)), decoded: summarize(received.map((r) => r.decoded)) },
    },
    {
      group: GROUP,
      name: 'first K-line request leaves before the React tree mounts (or its answer is carried in index.html)',
      ...(mounted.length > 0
        ? {
            value: early,
            unit: `of ${String(mounted.length)} samples (${early === mounted.length ? 'yes' : 'no'}; ${String(carried)} carried, no request)`,
            pass: early === mounted.length,
          }
        : missing(REACT_MOUNTED)),
      decimals: 0,
      target: 'all',
      samples: {
        klineStart: summarize(defined(mounted.map((s) => s.kline?.startTime))),
        reactMounted: summarize(defined(mounted.map((s) => s.reactMounted))),
      },
    },
  ];
}
