/**
 * Total blocking time as it happened, from a Chrome trace of a page run under a real CPU slowdown:
 * every main-thread task that starts after the first contentful paint counts its time over 50 ms.
 * Lighthouse's figure is simulated instead (Lantern: the unthrottled trace's tasks times 4, placed
 * on a modelled slow-4G timeline, counted up to a modelled time to interactive), so it moves with
 * the page's requests as much as with its work; this one only with the work.
 */
import { topLevelTasks, type TraceEvent } from './live-trace.ts';

/** A task's time over this much blocks input (Lighthouse's and the Long Tasks API's threshold). */
export const LONG_TASK_MS = 50;

/**
 * Trace categories: the tasks, the first contentful paint, the page's marks, and V8's compile
 * events (for the source positions only an inspector makes it collect, below).
 */
export const BLOCKING_TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'loading',
  'blink.user_timing',
  'disabled-by-default-v8.compile',
];

/**
 * V8 compiles without source positions and collects them when a stack needs them. With an inspector
 * attached (Playwright and Lighthouse attach one), every Error created captures a detailed stack,
 * and a function on that stack is parsed again to collect its positions: React creates its sentinel
 * Errors at load inside its 180 KB module, 100–150 ms of parsing under a 4× slowdown. A user's
 * browser has no inspector: an Error created inside a 3.7 MB function took 0.1–0.2 ms there and
 * 400–600 ms under Playwright (bench note of 2026-12-05). This much of a task is the measuring's.
 */
const INSPECTOR_ONLY = 'V8.CollectSourcePositions';

export interface BlockingTime {
  /** Σ (task − 50 ms) over the tasks that start after the first contentful paint. */
  blockingMs: number;
  longestTaskMs: number;
  /** Tasks over 50 ms after the first contentful paint. */
  longTasks: number;
  /** From the first contentful paint to the last long task's end (0 when there is none). */
  spanMs: number;
  /** Of the tasks after the first contentful paint: the time spent collecting source positions. */
  inspectorOnlyMs: number;
  /** The blocking time with each task's source-position collecting taken out (as a user's browser runs it). */
  blockingWithoutInspectorMs: number;
}

/** Outermost `INSPECTOR_ONLY` time inside `task` (µs). */
function inspectorOnlyUs(onThread: readonly TraceEvent[], task: TraceEvent): number {
  const end = task.ts + (task.dur ?? 0);
  let coveredUntil = -Infinity;
  let us = 0;
  for (const event of onThread) {
    if (event.name !== INSPECTOR_ONLY || event.dur === undefined || event.ts < task.ts || event.ts >= end || event.ts < coveredUntil) continue;
    us += event.dur;
    coveredUntil = event.ts + event.dur;
  }
  return us;
}

/**
 * Blocking time of the thread that set `mark` (the page's main thread: the browser runs other
 * renderers too), after that thread's first contentful paint.
 */
export function blockingTime(events: readonly TraceEvent[], mark: string): BlockingTime {
  const marked = events.find((event) => event.name === mark && event.cat?.includes('blink.user_timing'));
  if (!marked) throw new Error(`trace has no mark ${mark}`);
  const onThread = (event: TraceEvent) => event.pid === marked.pid && event.tid === marked.tid;
  const paint = events.filter((event) => event.name === 'firstContentfulPaint' && event.pid === marked.pid).sort((a, b) => a.ts - b.ts)[0];
  if (!paint) throw new Error('trace has no firstContentfulPaint');
  let blockingUs = 0;
  let longestUs = 0;
  let longTasks = 0;
  let lastEnd = paint.ts;
  let inspectorUs = 0;
  let withoutInspectorUs = 0;
  const thread = events.filter(onThread).sort((a, b) => a.ts - b.ts);
  for (const task of topLevelTasks(thread)) {
    const dur = task.dur ?? 0;
    if (task.ts < paint.ts) continue;
    const inspector = inspectorOnlyUs(thread, task);
    inspectorUs += inspector;
    withoutInspectorUs += Math.max(0, dur - inspector - LONG_TASK_MS * 1000);
    longestUs = Math.max(longestUs, dur);
    if (dur <= LONG_TASK_MS * 1000) continue;
    blockingUs += dur - LONG_TASK_MS * 1000;
    longTasks += 1;
    lastEnd = task.ts + dur;
  }
  return {
    blockingMs: blockingUs / 1000,
    longestTaskMs: longestUs / 1000,
    longTasks,
    spanMs: (lastEnd - paint.ts) / 1000,
    inspectorOnlyMs: inspectorUs / 1000,
    blockingWithoutInspectorMs: withoutInspectorUs / 1000,
  };
}
