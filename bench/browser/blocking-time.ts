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

/** Trace categories: the tasks, the first contentful paint, and the page's marks. */
export const BLOCKING_TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading', 'blink.user_timing'];

export interface BlockingTime {
  /** Σ (task − 50 ms) over the tasks that start after the first contentful paint. */
  blockingMs: number;
  longestTaskMs: number;
  /** Tasks over 50 ms after the first contentful paint. */
  longTasks: number;
  /** From the first contentful paint to the last long task's end (0 when there is none). */
  spanMs: number;
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
  for (const task of topLevelTasks(events.filter(onThread))) {
    const dur = task.dur ?? 0;
    if (task.ts < paint.ts) continue;
    longestUs = Math.max(longestUs, dur);
    if (dur <= LONG_TASK_MS * 1000) continue;
    blockingUs += dur - LONG_TASK_MS * 1000;
    longTasks += 1;
    lastEnd = task.ts + dur;
  }
  return { blockingMs: blockingUs / 1000, longestTaskMs: longestUs / 1000, longTasks, spanMs: (lastEnd - paint.ts) / 1000 };
}
