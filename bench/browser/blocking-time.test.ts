import { describe, expect, it } from 'vitest';
import { blockingTime } from './blocking-time.ts';
import type { TraceEvent } from './live-trace.ts';

const MAIN = { pid: 7, tid: 1 };
const mark = (ts: number, where = MAIN): TraceEvent => ({ name: 'chartroom:first-candle', ph: 'R', cat: 'blink.user_timing', ts, ...where });
const paint = (ts: number, where = MAIN): TraceEvent => ({ name: 'firstContentfulPaint', ph: 'R', cat: 'loading,rail,devtools.timeline', ts, ...where });
const task = (ts: number, dur: number, where = MAIN): TraceEvent => ({
  name: 'RunTask',
  ph: 'X',
  cat: 'disabled-by-default-devtools.timeline',
  ts,
  dur,
  ...where,
});

describe('blockingTime', () => {
  it("counts each task's time over 50 ms after the first contentful paint, on the marked thread only", () => {
    const events = [
      // Before the first paint: not counted (Lighthouse counts from it too).
      task(0, 300_000),
      paint(400_000),
      task(500_000, 120_000),
      // Nested run loop: already inside its parent's 120 ms.
      task(510_000, 80_000),
      task(700_000, 40_000),
      mark(900_000),
      task(1_000_000, 250_000),
      // Another renderer (Chromium's own pages run beside ours) and another thread of this one.
      task(1_000_000, 900_000, { pid: 8, tid: 1 }),
      task(1_000_000, 900_000, { pid: 7, tid: 2 }),
    ];
    expect(blockingTime(events, 'chartroom:first-candle')).toEqual({
      blockingMs: 70 + 200,
      longestTaskMs: 250,
      longTasks: 2,
      spanMs: 850,
      inspectorOnlyMs: 0,
      blockingWithoutInspectorMs: 70 + 200,
    });
  });

  it('is zero with no task over 50 ms, and says what it could not find', () => {
    expect(blockingTime([paint(0), mark(10), task(100, 50_000)], 'chartroom:first-candle')).toEqual({
      blockingMs: 0,
      longestTaskMs: 50,
      longTasks: 0,
      spanMs: 0,
      inspectorOnlyMs: 0,
      blockingWithoutInspectorMs: 0,
    });
    expect(() => blockingTime([paint(0)], 'chartroom:first-candle')).toThrow(/no mark/);
    expect(() => blockingTime([mark(0)], 'chartroom:first-candle')).toThrow(/firstContentfulPaint/);
  });

  it("takes the source positions only an inspector makes V8 collect out of each task's time, counted once when nested", () => {
    const collect = (ts: number, dur: number): TraceEvent => ({
      name: 'V8.CollectSourcePositions',
      ph: 'X',
      cat: 'disabled-by-default-v8.compile',
      ts,
      dur,
      ...MAIN,
    });
    const events = [
      paint(0),
      mark(10),
      // 200 ms, of which 120 ms collecting (a nested 40 ms inside it): 80 ms as a user runs it.
      task(1_000, 200_000),
      collect(11_000, 120_000),
      collect(20_000, 40_000),
      // Before the first paint: not counted.
      collect(-5_000, 1_000),
      // 70 ms, 30 of them collecting: 40 ms, no longer a long task.
      task(300_000, 70_000),
      collect(310_000, 30_000),
    ];
    expect(blockingTime(events, 'chartroom:first-candle')).toMatchObject({ blockingMs: 150 + 20, inspectorOnlyMs: 150, blockingWithoutInspectorMs: 30 });
  });
});
