import { describe, expect, it } from 'vitest';
import { mainThreadBusy, traceEvents, type TraceEvent } from './live-trace.ts';

const MAIN = { pid: 7, tid: 1 };
const mark = (name: string, ts: number, where = MAIN): TraceEvent => ({ name, ph: 'R', cat: 'blink.user_timing', ts, ...where });
const task = (ts: number, dur: number, where = MAIN, name = 'RunTask'): TraceEvent => ({
  name,
  ph: 'X',
  cat: 'disabled-by-default-devtools.timeline',
  ts,
  dur,
  ...where,
});

describe('mainThreadBusy', () => {
  it('sums the top-level tasks of the marked thread inside the window', () => {
    const events = [
      mark('start', 1_000_000),
      task(1_100_000, 10_000),
      task(1_200_000, 30_000),
      // Nested run loop: already inside its parent's 30 ms.
      task(1_205_000, 5_000),
      // Another renderer's main thread and another thread of this renderer: not this page's work.
      task(1_300_000, 400_000, { pid: 8, tid: 1 }),
      task(1_300_000, 400_000, { pid: 7, tid: 2 }),
      mark('end', 2_000_000),
    ];
    const busy = mainThreadBusy(events, 'start', 'end');
    expect(busy.windowMs).toBe(1000);
    expect(busy.busyMs).toBe(40);
    expect(busy.share).toBeCloseTo(0.04);
    expect(busy.longestTaskMs).toBe(30);
    expect(busy.tasks).toBe(2);
  });

  it('clips tasks the window cuts but reports their whole length as the longest', () => {
    const events = [task(900_000, 200_000), mark('start', 1_000_000), task(1_950_000, 100_000), mark('end', 2_000_000)];
    const busy = mainThreadBusy(events, 'start', 'end');
    expect(busy.busyMs).toBe(150);
    expect(busy.longestTaskMs).toBe(200);
  });

  it('names what the longest task spent its time in', () => {
    const events = [
      mark('start', 0),
      task(100, 60_000),
      // A scheduler wrapper is looked through, to the work inside it.
      task(150, 59_000, MAIN, 'ThreadControllerImpl::RunTask'),
      task(200, 20_000, MAIN, 'FunctionCall'),
      task(300, 5_000, MAIN, 'Layout'), // inside FunctionCall: not a direct child
      task(30_000, 25_000, MAIN, 'Layout'),
      task(56_000, 3_000, MAIN, 'Layout'),
      mark('end', 100_000),
    ];
    expect(mainThreadBusy(events, 'start', 'end').longestTaskParts).toEqual([
      ['Layout', 28],
      ['FunctionCall', 20],
    ]);
  });

  it('counts the garbage collection inside the longest task, however deep, once', () => {
    const events = [
      mark('start', 0),
      task(100, 60_000),
      task(200, 20_000, MAIN, 'FunctionCall'),
      task(1_000, 4_000, MAIN, 'MinorGC'),
      task(1_100, 3_000, MAIN, 'V8.GC_SCAVENGER'), // inside MinorGC: already counted
      task(30_000, 25_000, MAIN, 'MajorGC'),
      task(70_000, 9_000, MAIN, 'MajorGC'), // another task's
      task(70_000, 10_000),
      mark('end', 100_000),
    ];
    expect(mainThreadBusy(events, 'start', 'end').longestTaskGcMs).toBe(29);
  });

  it('refuses marks from two threads or in the wrong order', () => {
    expect(() => mainThreadBusy([mark('start', 0), mark('end', 10, { pid: 8, tid: 1 })], 'start', 'end')).toThrow();
    expect(() => mainThreadBusy([mark('start', 10), mark('end', 5)], 'start', 'end')).toThrow();
    expect(() => mainThreadBusy([mark('start', 10)], 'start', 'end')).toThrow(/no mark end/);
  });
});

describe('traceEvents', () => {
  it('reads both trace file shapes', () => {
    const events = [task(0, 1)];
    expect(traceEvents(JSON.stringify({ traceEvents: events }))).toEqual(events);
    expect(traceEvents(Buffer.from(JSON.stringify(events)))).toEqual(events);
  });
});
