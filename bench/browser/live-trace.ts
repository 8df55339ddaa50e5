/**
 * Main-thread busy time from a Chrome trace (devtools.timeline): the window is bounded by two User
 * Timing marks the page sets, which also name the renderer main thread to read (the browser may
 * run other pages' renderers at the same time). Busy = top-level `RunTask` time inside the window.
 */

/** The fields of a trace event this module reads (microseconds). */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  cat?: string;
}

export interface MainThreadBusy {
  windowMs: number;
  busyMs: number;
  /** busyMs / windowMs. */
  share: number;
  longestTaskMs: number;
  /** What the longest task spent its time in: its direct children by name, largest first (ms). */
  longestTaskParts: [name: string, ms: number][];
  /** Garbage collection anywhere inside the longest task (outermost GC events, ms). */
  longestTaskGcMs: number;
  tasks: number;
}

/** `categories` for browser.startTracing. */
export const BUSY_TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink.user_timing'];

function markEvent(events: readonly TraceEvent[], name: string): TraceEvent {
  const mark = events.find((event) => event.name === name && event.cat?.includes('blink.user_timing'));
  if (!mark) throw new Error(`trace has no mark ${name}`);
  return mark;
}

/** The thread's `RunTask`s in time order, without those nested in another (a nested run loop is already in its parent's time). */
export function topLevelTasks(onThread: readonly TraceEvent[]): TraceEvent[] {
  const tasks = onThread.filter((event) => event.ph === 'X' && event.name === 'RunTask' && event.dur !== undefined).sort((a, b) => a.ts - b.ts);
  let coveredUntil = -Infinity;
  return tasks.filter((task) => {
    if (task.ts < coveredUntil) return false;
    coveredUntil = task.ts + (task.dur ?? 0);
    return true;
  });
}

/** Busy time of the thread that set `startMark` and `endMark`, between them. */
export function mainThreadBusy(events: readonly TraceEvent[], startMark: string, endMark: string): MainThreadBusy {
  const start = markEvent(events, startMark);
  const end = markEvent(events, endMark);
  if (start.pid !== end.pid || start.tid !== end.tid || end.ts <= start.ts) throw new Error('window marks from different threads or out of order');
  const onThread = events.filter((event) => event.ph === 'X' && event.pid === start.pid && event.tid === start.tid && event.dur !== undefined);
  let busyUs = 0;
  let longest: TraceEvent | undefined;
  let counted = 0;
  for (const task of topLevelTasks(onThread)) {
    const taskEnd = task.ts + (task.dur ?? 0);
    const from = Math.max(task.ts, start.ts);
    const to = Math.min(taskEnd, end.ts);
    if (to <= from) continue;
    busyUs += to - from;
    // Longest: the whole task, even when the window cuts it.
    if ((task.dur ?? 0) > (longest?.dur ?? 0)) longest = task;
    counted++;
  }
  const windowMs = (end.ts - start.ts) / 1000;
  const busyMs = busyUs / 1000;
  return {
    windowMs,
    busyMs,
    share: busyMs / windowMs,
    longestTaskMs: (longest?.dur ?? 0) / 1000,
    longestTaskParts: longest ? directChildren(onThread, longest) : [],
    longestTaskGcMs: longest ? gcTime(onThread, longest) : 0,
    tasks: counted,
  };
}

/** Scheduler wrappers that say nothing about the work inside them. */
const WRAPPERS = /^(RunTask|ThreadControllerImpl::RunTask|ThreadController::Task|BlinkScheduler_.*)$/;

/** Time of the outermost events inside `parent` (scheduler wrappers looked through), summed by name, largest first. */
function directChildren(onThread: readonly TraceEvent[], parent: TraceEvent): [string, number][] {
  const parentEnd = parent.ts + (parent.dur ?? 0);
  const inside = onThread
    .filter((event) => !WRAPPERS.test(event.name) && event.ts >= parent.ts && event.ts + (event.dur ?? 0) <= parentEnd)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const byName = new Map<string, number>();
  let coveredUntil = -Infinity;
  for (const event of inside) {
    if (event.ts < coveredUntil) continue;
    coveredUntil = event.ts + (event.dur ?? 0);
    byName.set(event.name, (byName.get(event.name) ?? 0) + (event.dur ?? 0) / 1000);
  }
  return [...byName].sort(([, a], [, b]) => b - a);
}

const GC_EVENT = /^(MajorGC|MinorGC|V8\.GC)/;

/** Time of the outermost garbage-collection events inside `parent` (ms), however deep in it they run. */
function gcTime(onThread: readonly TraceEvent[], parent: TraceEvent): number {
  const parentEnd = parent.ts + (parent.dur ?? 0);
  const inside = onThread
    .filter((event) => GC_EVENT.test(event.name) && event.ts >= parent.ts && event.ts + (event.dur ?? 0) <= parentEnd)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  let us = 0;
  let coveredUntil = -Infinity;
  for (const event of inside) {
    if (event.ts < coveredUntil) continue;
    coveredUntil = event.ts + (event.dur ?? 0);
    us += event.dur ?? 0;
  }
  return us / 1000;
}

/** The events of a trace as browser.stopTracing returns it (JSON object or bare array). */
export function traceEvents(trace: Buffer | string): TraceEvent[] {
  const parsed = JSON.parse(trace.toString()) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  return Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
}
