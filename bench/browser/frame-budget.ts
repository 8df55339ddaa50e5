/**
 * Frame-interval figures. rAF timestamps come coarsened to 0.1 ms and jitter around 16.67 ms at
 * 60 Hz, so a frame that made its vsync reads 16.6–16.8 ms; one that missed it reads ≥ 33 ms.
 * "p95 ≤ 16.7 ms" is therefore judged with that jitter allowed.
 */
export const ONE_FRAME_MS = 16.7;
const VSYNC_JITTER_MS = 0.3;

export function withinOneFrame(ms: number): boolean {
  return ms <= ONE_FRAME_MS + VSYNC_JITTER_MS;
}

/** Intervals longer than one and a half frames: at least one vsync was missed. */
export function droppedFrames(intervals: readonly number[]): number {
  return intervals.filter((ms) => ms > ONE_FRAME_MS * 1.5).length;
}
