/**
 * Frame-interval figures. rAF timestamps come coarsened to 0.1 ms and jitter around 16.67 ms at
 * 60 Hz, so a frame that made its vsync reads 16.6–16.8 ms; one that missed it reads ≥ 33 ms.
 * "p95 ≤ 16.7 ms" is therefore judged with that jitter allowed.
 */
import { percentile, summarize, type Figure } from '../figure.ts';

export const ONE_FRAME_MS = 16.7;
const VSYNC_JITTER_MS = 0.3;

export function withinOneFrame(ms: number): boolean {
  return ms <= ONE_FRAME_MS + VSYNC_JITTER_MS;
}

/** Intervals longer than one and a half frames: at least one vsync was missed. */
export function droppedFrames(intervals: readonly number[]): number {
  return intervals.filter((ms) => ms > ONE_FRAME_MS * 1.5).length;
}

/**
 * Frames judged against the bare page of the same charts in the same run (the library doing the
 * least it can): the app's p95 may be a fifth over theirs (an absolute frame figure moved 2–4×
 * between machines).
 */
export const FRAME_RATIO_TARGET = 1.2;

/** An app frame figure's ratio to the bare page's (`baseline` names it) in the same run. */
export function frameRatioFigure(group: string, name: string, app: readonly number[], bare: readonly number[], baseline: string): Figure {
  const appP95 = percentile(app, 95);
  const bareP95 = percentile(bare, 95);
  const ratio = appP95 / bareP95;
  return {
    group,
    name: `${name}, app ÷ ${baseline}`,
    value: ratio,
    unit: `× (${appP95.toFixed(1)} / ${bareP95.toFixed(1)} ms; late frames ${String(droppedFrames(app))} / ${String(droppedFrames(bare))})`,
    decimals: 2,
    target: `≤ ${String(FRAME_RATIO_TARGET)}×`,
    pass: ratio <= FRAME_RATIO_TARGET,
    samples: { bare: summarize(bare) },
  };
}
