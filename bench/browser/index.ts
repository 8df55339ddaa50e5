/**
 * The browser half of `npm run bench`: one build, one server, one Chromium for every figure
 * group, each group a module `(ctx) => Promise<Figure[]>`.
 */
import type { Figure } from '../figure.ts';
import { bigSeriesFigures } from './big-series.ts';
import { openBrowserBench, type BrowserBenchContext } from './context.ts';
import { firstCandleFigures } from './first-candle.ts';
import { firstPageBytesFigures } from './first-page-bytes.ts';
import { hkTableFigures } from './hk-table.ts';
import { layoutFigures } from './layout.ts';
import { lighthouseFigures } from './lighthouse.ts';
import { lighthouseMobileFigures } from './lighthouse-mobile.ts';
import { liveFigures } from './live-index.ts';
import { phoneBlockingFigures } from './phone-blocking.ts';
import { phoneFirstCandleFigures } from './phone-first-candle.ts';
import { repeatVisitFigures } from './repeat-visit.ts';
import { replayFigures } from './replay.ts';
import { screenerTableFigures } from './screener-table.ts';
import { searchKeystrokeFigures } from './search-keystroke.ts';
import { workbenchFigures } from './workbench.ts';
import { workspaceSyncFigures } from './workspace-sync.ts';

const GROUPS: ((ctx: BrowserBenchContext) => Promise<Figure[]>)[] = [
  firstPageBytesFigures,
  firstCandleFigures,
  phoneFirstCandleFigures,
  repeatVisitFigures,
  bigSeriesFigures,
  workbenchFigures,
  hkTableFigures,
  screenerTableFigures,
  searchKeystrokeFigures,
  lighthouseFigures,
  lighthouseMobileFigures,
  phoneBlockingFigures,
  liveFigures,
  layoutFigures,
  workspaceSyncFigures,
  replayFigures,
];

export async function browserFigures(): Promise<Figure[]> {
  const ctx = await openBrowserBench();
  try {
    const figures: Figure[] = [];
    for (const group of GROUPS) figures.push(...(await group(ctx)));
    return figures;
  } finally {
    await ctx.close();
  }
}
