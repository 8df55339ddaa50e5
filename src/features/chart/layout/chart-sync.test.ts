import { describe, expect, it } from 'vitest';
import type { CrosshairCandle, ChartMoment } from '../chart-adapter';
import { NO_SYNC, type SyncFlags } from '../../../store/chart-layout';
import { chartTime } from '../../../time/time-types';
import { ChartSync, type SyncedChart } from './chart-sync';

const candleAt = (time: number): CrosshairCandle => ({ candle: { time: chartTime(time), open: 1, high: 1, low: 1, close: 1, volume: 0 } });

/** A chart as the sync sees it: its crosshair and range listeners, and what was shown on it. */
function fakeChart(day: number) {
  const crosshair = new Set<(hit: CrosshairCandle | undefined) => void>();
  const range = new Set<() => void>();
  const shown: (ChartMoment | undefined)[] = [];
  const ranges: { from: ChartMoment; to: ChartMoment }[] = [];
  const chart: SyncedChart = {
    onCrosshair: (callback) => {
      crosshair.add(callback);
      return () => crosshair.delete(callback);
    },
    showCrosshairAt: (moment) => {
      shown.push(moment);
      // As the adapter does: its own listeners hear the synthetic crosshair.
      for (const listener of crosshair) listener(moment && candleAt(moment.day ?? 0));
    },
    visibleMoments: () => ({ from: { ms: day * 1000, day }, to: { ms: (day + 10) * 1000, day: day + 10 } }),
    showMoments: (next) => {
      ranges.push(next);
      for (const listener of range) listener();
    },
    onVisibleRange: (callback) => {
      range.add(callback);
      return () => range.delete(callback);
    },
    momentOf: (time) => ({ ms: time * 1000, day: time }),
  };
  const hover = (time: number | undefined) => {
    for (const listener of crosshair) listener(time === undefined ? undefined : candleAt(time));
  };
  const pan = () => {
    for (const listener of range) listener();
  };
  return { chart, shown, ranges, hover, pan, listeners: () => crosshair.size + range.size };
}

describe('ChartSync', () => {
  const flags: SyncFlags = { ...NO_SYNC, crosshair: true, range: true };

  it('moves the other charts’ crosshairs with the chart under the pointer, without echoes', () => {
    const sync = new ChartSync(() => flags);
    const [a, b, c] = [fakeChart(100), fakeChart(200), fakeChart(300)];
    sync.join(0, a.chart);
    sync.join(1, b.chart);
    sync.join(2, c.chart);
    sync.pointerIn(0);
    a.hover(1_000);
    expect(b.shown).toEqual([{ ms: 1_000_000, day: 1_000 }]);
    expect(c.shown).toEqual([{ ms: 1_000_000, day: 1_000 }]);
    // The followers' own crosshair events went nowhere: the leader was not moved back.
    expect(a.shown).toEqual([]);
    // A chart not under the pointer leads nothing.
    b.hover(5);
    expect(a.shown).toEqual([]);
  });

  it('clears the followers when the pointer leaves, and follows the range of the leader only', () => {
    const sync = new ChartSync(() => flags);
    const [a, b] = [fakeChart(100), fakeChart(200)];
    sync.join(0, a.chart);
    sync.join(1, b.chart);
    sync.pointerIn(1);
    b.pan();
    expect(a.ranges).toEqual([{ from: { ms: 200_000, day: 200 }, to: { ms: 210_000, day: 210 } }]);
    expect(b.ranges).toEqual([]);
    b.hover(7);
    sync.pointerIn(undefined);
    expect(a.shown.at(-1)).toBeUndefined();
    expect(a.shown).toHaveLength(2);
  });

  it('does nothing for a toggle that is off, and forgets a chart that leaves', () => {
    let current: SyncFlags = NO_SYNC;
    const sync = new ChartSync(() => current);
    const [a, b] = [fakeChart(100), fakeChart(200)];
    sync.join(0, a.chart);
    sync.join(1, b.chart);
    sync.pointerIn(0);
    a.hover(3);
    a.pan();
    expect(b.shown).toEqual([]);
    expect(b.ranges).toEqual([]);
    current = flags;
    a.hover(4);
    expect(b.shown).toHaveLength(1);
    sync.leave(1);
    expect(b.listeners()).toBe(0);
    a.hover(5);
    expect(b.shown).toHaveLength(1);
  });
});
