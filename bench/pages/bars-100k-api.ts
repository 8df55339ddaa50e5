/** What the 100k-bar page exposes to the bench driver (bench/browser/big-series.ts). */
import type { FrameCost } from './frames.ts';

/** `bare`: lightweight-charts alone; `adapter`: the app's chart adapter, no indicators; `adapter-ma`: with the app's default indicators. */
export type ChartKind = 'bare' | 'adapter' | 'adapter-ma';

export interface BarsBench {
  barCount: number;
  /** A fresh chart of that kind, then the 100k bars set once. */
  load(kind: ChartKind): Promise<FrameCost>;
  /**
   * Up to `count` live updates of the last bar on the chart last loaded of that kind, each followed
   * by a frame; stops early once `budgetMs` has passed (each update redraws 100k bars). A second
   * call goes on from where the first stopped (the next ticks of the same market).
   */
  liveUpdates(kind: ChartKind, count: number, budgetMs: number): Promise<FrameCost[]>;
  /** Pans that chart towards older bars by a horizontal wheel event per frame, up to `frames` or `budgetMs`; resolves with the frame intervals (ms). */
  pan(kind: ChartKind, frames: number, budgetMs: number): Promise<number[]>;
}

declare global {
  interface Window {
    chartroomBench?: BarsBench;
  }
}
