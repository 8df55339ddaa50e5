/**
 * Chart updates in coming animation frames, one chart a frame. An update makes its chart redraw
 * in the frame after; a layout whose charts step together (a replay, or one symbol's tick on
 * every interval) redrew all of them in one task: 52.6 ms for four charts in a 2 × 2 replay, over
 * the 50 ms a task may take. One chart a frame, four charts take four frames of a replay step's
 * six at its fastest speed, and a lone chart's update waits no longer than before. A chart asks
 * once until its turn and draws what it holds then: a chart behind takes the latest step, never a
 * backlog.
 */

type Job = () => void;

const CHARTS_PER_FRAME = 1;

/** Waiting jobs in the order asked (a Set: a job already waiting keeps its place). */
const waiting = new Set<Job>();
let frame: number | undefined;

function runFrame(): void {
  const turn = [...waiting].slice(0, CHARTS_PER_FRAME);
  for (const job of turn) waiting.delete(job);
  // The next frame is asked for before this one's charts run: a chart whose update throws does not
  // hold the others back.
  frame = waiting.size > 0 ? requestAnimationFrame(runFrame) : undefined;
  for (const job of turn) job();
}

/** Runs `job` in a coming frame, its turn after the charts that asked before it; returns a cancel. */
export function inChartFrame(job: Job): () => void {
  waiting.add(job);
  frame ??= requestAnimationFrame(runFrame);
  return () => {
    waiting.delete(job);
  };
}
