/**
 * The HK full-market table (`?tab=hk`, ≈2,600 rows): response → rows drawn (Resource Timing
 * responseEnd of the feed → the app's `chartroom:hk-rows-drawn` mark), re-sort (header click →
 * the painted frame, `chartroom:hk-sorted`), and frame intervals while the virtual list scrolls;
 * each beside a bare table of the same rows in the same run (bench/pages/bare-table.ts), judged by
 * the ratio.
 */
import type { Page } from 'playwright-core';
import { median, percentile, summarize, type Figure } from '../figure.ts';
import type { BrowserBenchContext } from './context.ts';
import { droppedFrames } from './frame-budget.ts';
import { markTime, waitForMarks, waitForResource } from './page-timing.ts';

const LOAD_SAMPLES = 5;
/** Header labels clicked in turn: numeric and text columns, each click a new order. */
const SORT_CLICKS = ['Change %', 'Volume', 'Name', 'Turnover', 'Last', 'Code', 'Change %', 'Change %', 'High', 'Name', 'Volume', 'Code'];
const SCROLL_FRAMES = 180;
/** 100 px per frame is 6,000 px/s: a fast fling through the list. */
const SCROLL_STEP_PX = 100;
const WAIT_MS = 20_000;
/**
 * Targets as ratios to the same work done by a bare table in the same run (bench/pages/bare-table.ts):
 * an absolute figure moved 2–4× between machines of one kind. The app parses and checks every row
 * (the bare page trusts them) and renders through React: up to that much more is allowed.
 */
const ROWS_RATIO_TARGET = 3;
const SORT_RATIO_TARGET = 3;
/** Frames: either page keeps up or it does not; the app may be a fifth slower at the p95. */
const SCROLL_RATIO_TARGET = 1.2;
const ROWS_DRAWN = 'chartroom:hk-rows-drawn';
const HK_FEED_PATH = '/v1/market/ticker/hk-stock';
const GROUP = 'browser: HK market table';

async function openTable(page: Page, url: string): Promise<number | undefined> {
  await page.goto(url);
  const feed = await waitForResource(page, HK_FEED_PATH, WAIT_MS);
  if (!feed || !(await waitForMarks(page, [ROWS_DRAWN], WAIT_MS))) return undefined;
  const drawn = await markTime(page, ROWS_DRAWN);
  return drawn === undefined ? undefined : drawn - feed.responseEnd;
}

/** Click → the `chartroom:hk-sorted` mark set after the re-sorted rows were painted (ms). */
async function resort(page: Page, label: string): Promise<number> {
  return page.evaluate(async (header) => {
    const button = [...document.querySelectorAll('thead button')].find((b) => b.childNodes[0]?.textContent === header);
    if (!(button instanceof HTMLElement)) throw new Error(`no sort button ${header}`);
    const clicked = performance.now();
    button.click();
    // The app keeps one mark of the name, replaced on each sort: wait for one newer than the click.
    const mark = await new Promise<PerformanceEntry>((resolve, reject) => {
      const giveUp = performance.now() + 5_000;
      const poll = () => {
        const entry = performance.getEntriesByName('chartroom:hk-sorted', 'mark').find((m) => m.startTime > clicked);
        if (entry) resolve(entry);
        else if (performance.now() > giveUp) reject(new Error('no chartroom:hk-sorted mark after the click'));
        else setTimeout(poll, 5);
      };
      poll();
    });
    // Let the table settle before the next click.
    await new Promise((resolve) => setTimeout(resolve, 100));
    return mark.startTime - clicked;
  }, label);
}

async function scrollIntervals(page: Page): Promise<number[]> {
  return page.evaluate(
    async ([frames, step]) => {
      const scroller = document.querySelector('[data-testid="hk-table-scroll"]');
      if (!scroller) throw new Error('no HK table');
      const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
      const intervals: number[] = [];
      let last = await frame();
      for (let i = 0; i < frames; i++) {
        scroller.scrollTop += step;
        const now = await frame();
        intervals.push(now - last);
        last = now;
      }
      return intervals;
    },
    [SCROLL_FRAMES, SCROLL_STEP_PX] as const,
  );
}

interface TableRun {
  drawn: number[];
  sorts: number[];
  scroll: number[];
}

/** LOAD_SAMPLES cold loads of `url`; the last one also sorted and scrolled. */
async function measureTable(ctx: BrowserBenchContext, url: string, screenshot: string): Promise<TableRun> {
  const run: TableRun = { drawn: [], sorts: [], scroll: [] };
  for (let i = 0; i < LOAD_SAMPLES; i++) {
    const { page, context } = await ctx.freshPage();
    try {
      const ms = await openTable(page, url);
      if (ms !== undefined) run.drawn.push(ms);
      if (i === LOAD_SAMPLES - 1 && ms !== undefined) {
        for (const label of SORT_CLICKS) run.sorts.push(await resort(page, label));
        run.scroll = await scrollIntervals(page);
        await page.screenshot({ path: `${ctx.resultsDir}${screenshot}` });
      }
    } finally {
      await context.close();
    }
  }
  return run;
}

/** The app's figure, the bare table's in the same run, and their ratio judged against its target. */
function pairFigures(
  name: string,
  app: readonly number[],
  bare: readonly number[],
  of: (values: readonly number[]) => number,
  unit: string,
  decimals: number,
  ratioTarget: number,
): Figure[] {
  if (app.length === 0 || bare.length === 0) return [{ group: GROUP, name, value: Number.NaN, unit: `n/a (no ${ROWS_DRAWN} mark)`, decimals }];
  const appValue = of(app);
  const bareValue = of(bare);
  const ratio = appValue / bareValue;
  return [
    { group: GROUP, name: `${name}: app / bare table`, value: appValue, unit: `${unit} / ${bareValue.toFixed(decimals)} ${unit}`, decimals },
    { group: GROUP, name: `${name}, app ÷ bare table`, value: ratio, unit: '×', decimals: 2, target: `≤ ${String(ratioTarget)}×`, pass: ratio <= ratioTarget },
  ];
}

export async function hkTableFigures(ctx: BrowserBenchContext): Promise<Figure[]> {
  const app = await measureTable(ctx, `${ctx.baseUrl}/?tab=hk`, 'hk-table.png');
  const bare = await measureTable(ctx, `${ctx.baseUrl}/bench/pages/bare-table.html`, 'hk-table-bare.png');
  const p95 = (values: readonly number[]) => percentile(values, 95);
  return [
    ...pairFigures(`feed response end → rows drawn, cold (median of ${String(LOAD_SAMPLES)})`, app.drawn, bare.drawn, median, 'ms', 0, ROWS_RATIO_TARGET),
    ...pairFigures(`re-sort, click → painted frame, p95 of ${String(SORT_CLICKS.length)}`, app.sorts, bare.sorts, p95, 'ms', 0, SORT_RATIO_TARGET),
    ...pairFigures(
      `scroll frame interval p95 over ${String(SCROLL_FRAMES)} frames at ${String(SCROLL_STEP_PX)} px/frame`,
      app.scroll,
      bare.scroll,
      p95,
      'ms',
      1,
      SCROLL_RATIO_TARGET,
    ),
    {
      group: GROUP,
      name: 'late frames while scrolling: app / bare table',
      value: droppedFrames(app.scroll),
      unit: `/ ${String(droppedFrames(bare.scroll))}`,
      decimals: 0,
      samples: {
        rowsDrawn: summarize(app.drawn),
        rowsDrawnBare: summarize(bare.drawn),
        resort: summarize(app.sorts),
        resortBare: summarize(bare.sorts),
        scroll: summarize(app.scroll),
        scrollBare: summarize(bare.scroll),
      },
    },
  ];
}
