import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inChartFrame } from './chart-frames';

/** The animation frames asked for, run one at a time by `nextFrame`. */
let frames: FrameRequestCallback[] = [];

function nextFrame(): void {
  const due = frames;
  frames = [];
  for (const callback of due) callback(0);
}

beforeEach(() => {
  frames = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
});

afterEach(() => {
  // Drains what a failed case left waiting, so the next case starts with no chart in line.
  for (let i = 0; i < 10 && frames.length > 0; i++) nextFrame();
  vi.unstubAllGlobals();
});

describe('inChartFrame', () => {
  it('runs the charts that ask in one frame in the frames after, one a frame, in the order asked', () => {
    const ran: string[] = [];
    for (const chart of ['1m', '5m', '1h', '1d']) inChartFrame(() => ran.push(chart));
    expect(ran).toEqual([]);
    const perFrame: string[][] = [];
    while (frames.length > 0) {
      const before = ran.length;
      nextFrame();
      perFrame.push(ran.slice(before));
    }
    expect(perFrame).toEqual([['1m'], ['5m'], ['1h'], ['1d']]);
  });

  it('runs a lone chart in the next frame', () => {
    const ran = vi.fn();
    inChartFrame(ran);
    nextFrame();
    expect(ran).toHaveBeenCalledTimes(1);
    expect(frames).toEqual([]);
  });

  it('runs a job asked for twice while it waits once, and a cancelled job not at all', () => {
    const twice = vi.fn();
    const cancelled = vi.fn();
    inChartFrame(twice);
    const cancel = inChartFrame(cancelled);
    inChartFrame(twice);
    cancel();
    while (frames.length > 0) nextFrame();
    expect(twice).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('keeps the other charts’ turns when one chart’s update throws', () => {
    const next = vi.fn();
    inChartFrame(() => {
      throw new Error('a broken chart');
    });
    inChartFrame(next);
    expect(() => {
      nextFrame();
    }).toThrow('a broken chart');
    nextFrame();
    expect(next).toHaveBeenCalledTimes(1);
  });
});
