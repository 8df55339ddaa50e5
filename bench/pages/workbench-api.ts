/** What the workbench page exposes to the bench driver (bench/browser/workbench.ts). */
import type { FrameCost } from './frames.ts';

/** `plain`: the app's chart with its default indicators; `workbench`: the same with 50 drawings and 10 alert lines. */
export type WorkbenchKind = 'plain' | 'workbench';

export interface WorkbenchBench {
  /** A fresh chart of that kind with the 2,000 candles; resolves once it has drawn. */
  load(kind: WorkbenchKind): Promise<void>;
  /** `count` live updates of the last candle, each measured to its frame (FrameCost.work is the figure). */
  liveUpdates(count: number): Promise<FrameCost[]>;
  /** Pans by a horizontal wheel event per frame (back and forth inside the history); the frame intervals (ms). */
  pan(frames: number): Promise<number[]>;
}

declare global {
  interface Window {
    chartroomWorkbench?: WorkbenchBench;
  }
}
