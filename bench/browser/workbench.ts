/**
 * The workbench's cost (issue 13's budget): 2,000 candles with the default indicators, with and
 * without 50 drawings and 10 alert lines (bench/pages/workbench.html). One live update's main-thread
 * work p95 of each, in interleaved rounds so drift of the machine falls on both alike, and the
 * difference (≤ 1 ms); pan frame interval p95 of the loaded chart (≤ one frame).
 */
import { percentile, summarize, type Figure } from '../figure.ts';
import type { WorkbenchKind } from '../pages/workbench-api.ts';
import type { BrowserBenchContext } from './context.ts';
import { droppedFrames, ONE_FRAME_MS, withinOneFrame } from './frame-budget.ts';

const ROUNDS = 4;
const UPDATES_PER_ROUND = 60;
const PAN_FRAMES = 160;
const UPDATE_DELTA_TARGET_MS = 1;
const GROUP = 'browser: workbench chart';

export async function workbenchFigures(ctx: BrowserBenchContext): Promise<Figure[]> {
  const { page, context } = await ctx.freshPage();
  try {
    await page.goto(`${ctx.baseUrl}/bench/pages/workbench.html`);
    await page.waitForFunction(() => window.chartroomWorkbench !== undefined);
    const load = (kind: WorkbenchKind) => page.evaluate((k) => window.chartroomWorkbench?.load(k), kind);
    const updates = () => page.evaluate((n) => window.chartroomWorkbench?.liveUpdates(n), UPDATES_PER_ROUND);
    const work: Record<WorkbenchKind, number[]> = { plain: [], workbench: [] };
    const pans: Record<WorkbenchKind, number[]> = { plain: [], workbench: [] };
    for (let round = 0; round < ROUNDS; round++) {
      for (const kind of ['plain', 'workbench'] as const) {
        await load(kind);
        work[kind].push(...((await updates()) ?? []).map((cost) => cost.work));
        if (round === ROUNDS - 1) pans[kind] = (await page.evaluate((n) => window.chartroomWorkbench?.pan(n), PAN_FRAMES)) ?? [];
      }
    }
    await page.screenshot({ path: `${ctx.resultsDir}workbench.png` });
    const plainP95 = percentile(work.plain, 95);
    const workbenchP95 = percentile(work.workbench, 95);
    const delta = workbenchP95 - plainP95;
    const panP95 = percentile(pans.workbench, 95);
    return [
      {
        group: GROUP,
        name: `one live update, work p95 of ${String(work.workbench.length)}: with 50 drawings + 10 alert lines (plain chart)`,
        value: workbenchP95,
        unit: `ms (plain ${plainP95.toFixed(2)} ms)`,
        samples: { workbench: summarize(work.workbench), plain: summarize(work.plain) },
      },
      {
        group: GROUP,
        name: 'one live update p95, added by the drawings and alert lines',
        value: delta,
        unit: 'ms',
        target: `≤ ${String(UPDATE_DELTA_TARGET_MS)} ms`,
        pass: delta <= UPDATE_DELTA_TARGET_MS,
      },
      {
        group: GROUP,
        name: `pan frame interval p95 over ${String(pans.workbench.length)} frames, with the drawings (plain chart)`,
        value: panP95,
        unit: `ms (${String(droppedFrames(pans.workbench))} late frames; plain ${percentile(pans.plain, 95).toFixed(1)} ms)`,
        decimals: 1,
        target: `≤ ${String(ONE_FRAME_MS)} ms`,
        pass: withinOneFrame(panP95),
        samples: { workbench: summarize(pans.workbench), plain: summarize(pans.plain) },
      },
    ];
  } finally {
    await context.close();
  }
}
