/**
 * 100k bars (bench/pages/bars-100k.html): load on the app's chart adapter against a bare
 * lightweight-charts setData of the same bars, one live update (p95 of the first 200 after the
 * load, and of the 200 after those), and pan frames (p95), the adapter with the app's default
 * indicators beside the bare chart.
 */
import type { ChartKind } from '../pages/bars-100k-api.ts';
import type { FrameCost } from '../pages/frames.ts';
import { median, percentile, summarize, type Figure } from '../figure.ts';
import type { BrowserBenchContext } from './context.ts';
import { droppedFrames } from './frame-budget.ts';

const LOAD_ROUNDS = 5;
/** Wanted counts; a slow machine gets fewer within the budgets below (the figure names say how many). */
const LIVE_UPDATES = 200;
const PAN_FRAMES = 240;
/** Bounds of each update and pan series in wall time: the whole browser half must stay within two minutes. */
const UPDATES_BUDGET_MS = 8_000;
const PAN_BUDGET_MS = 4_000;
const LOAD_RATIO_TARGET = 1.2;
/**
 * Live updates and pans are judged against the bare chart doing the same in the same run: an
 * absolute figure moved 2–4× between machines of one kind. The adapter's update also moves the
 * default MA 20/50 (two more series) and the legend's values: up to this much more than bare.
 */
const UPDATE_RATIO_TARGET = 4;
const PAN_RATIO_TARGET = 1.2;
const GROUP = 'browser: 100k bars';

export async function bigSeriesFigures(ctx: BrowserBenchContext): Promise<Figure[]> {
  const { page, context } = await ctx.freshPage();
  try {
    await page.goto(`${ctx.baseUrl}/bench/pages/bars-100k.html`);
    await page.waitForFunction(() => window.chartroomBench !== undefined);
    const load = (kind: ChartKind) => page.evaluate((k) => window.chartroomBench?.load(k), kind);
    const loads: Record<ChartKind, FrameCost[]> = { bare: [], adapter: [], 'adapter-ma': [] };
    // Interleaved rounds; the last one leaves the adapter with indicators on top and the bare chart below.
    for (let round = 0; round < LOAD_ROUNDS; round++) {
      for (const kind of ['adapter', 'bare', 'adapter-ma'] as const) {
        const cost = await load(kind);
        if (cost) loads[kind].push(cost);
      }
    }
    const updates = (kind: ChartKind) =>
      page.evaluate(([k, n, ms]) => window.chartroomBench?.liveUpdates(k, n, ms), [kind, LIVE_UPDATES, UPDATES_BUDGET_MS] as const);
    const pans = (kind: ChartKind) => page.evaluate(([k, n, ms]) => window.chartroomBench?.pan(k, n, ms), [kind, PAN_FRAMES, PAN_BUDGET_MS] as const);
    const adapterUpdates = ((await updates('adapter-ma')) ?? []).map((cost) => cost.work);
    // The next ticks on the same chart: the update path compiled by now, as on a page open for a while.
    const warmUpdates = ((await updates('adapter-ma')) ?? []).map((cost) => cost.work);
    const bareUpdates = ((await updates('bare')) ?? []).map((cost) => cost.work);
    const adapterPan = (await pans('adapter-ma')) ?? [];
    const barePan = (await pans('bare')) ?? [];
    await page.screenshot({ path: `${ctx.resultsDir}bars-100k.png` });

    const elapsed = (kind: ChartKind) => loads[kind].map((cost) => cost.elapsed);
    const ratio = median(elapsed('adapter')) / median(elapsed('bare'));
    const ratioMa = median(elapsed('adapter-ma')) / median(elapsed('bare'));
    const updateP95 = percentile(adapterUpdates, 95);
    const bareUpdateP95 = percentile(bareUpdates, 95);
    const updateRatio = updateP95 / bareUpdateP95;
    const panP95 = percentile(adapterPan, 95);
    const barePanP95 = percentile(barePan, 95);
    const panRatio = panP95 / barePanP95;
    return [
      {
        group: GROUP,
        name: `100k bars load, setSeries → frame drawn: adapter / bare setData (median of ${String(LOAD_ROUNDS)})`,
        value: median(elapsed('adapter')),
        unit: `ms / ${median(elapsed('bare')).toFixed(0)} ms`,
        decimals: 0,
        samples: { adapter: summarize(elapsed('adapter')), bare: summarize(elapsed('bare')) },
      },
      {
        group: GROUP,
        name: '100k bars load, adapter ÷ bare',
        value: ratio,
        unit: '×',
        target: `≤ ${String(LOAD_RATIO_TARGET)}×`,
        pass: ratio <= LOAD_RATIO_TARGET,
      },
      {
        group: GROUP,
        name: '100k bars load with the default MA 20/50: adapter, and ÷ bare',
        value: median(elapsed('adapter-ma')),
        unit: `ms (${ratioMa.toFixed(2)}×)`,
        decimals: 0,
        samples: { adapterMa: summarize(elapsed('adapter-ma')) },
      },
      {
        group: GROUP,
        name: `one live update + its frame, main-thread work p95 of ${String(adapterUpdates.length)}: adapter with MA / bare`,
        value: updateP95,
        unit: `ms / ${bareUpdateP95.toFixed(2)} ms`,
        samples: { adapterMa: summarize(adapterUpdates), bare: summarize(bareUpdates) },
      },
      {
        group: GROUP,
        name: 'one live update p95, adapter with MA ÷ bare',
        value: updateRatio,
        unit: '×',
        target: `≤ ${String(UPDATE_RATIO_TARGET)}×`,
        pass: updateRatio <= UPDATE_RATIO_TARGET,
      },
      {
        group: GROUP,
        name: `the next ${String(warmUpdates.length)} live updates, work p95 (the same chart, warmed up)`,
        value: percentile(warmUpdates, 95),
        unit: `ms (median ${median(warmUpdates).toFixed(2)} ms)`,
        samples: { adapterMa: summarize(warmUpdates) },
      },
      {
        group: GROUP,
        name: `pan frame interval p95 over ${String(adapterPan.length)} frames: adapter with MA / bare`,
        value: panP95,
        unit: `ms / ${barePanP95.toFixed(1)} ms (late frames ${String(droppedFrames(adapterPan))} / ${String(droppedFrames(barePan))})`,
        decimals: 1,
        samples: { adapterMa: summarize(adapterPan), bare: summarize(barePan) },
      },
      {
        group: GROUP,
        name: 'pan frame interval p95, adapter with MA ÷ bare',
        value: panRatio,
        unit: '×',
        target: `≤ ${String(PAN_RATIO_TARGET)}×`,
        pass: panRatio <= PAN_RATIO_TARGET,
      },
    ];
  } finally {
    await context.close();
  }
}
