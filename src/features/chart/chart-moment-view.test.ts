import type { IChartApi, IPrimitivePaneView, ISeriesApi, ISeriesPrimitive, LogicalRange, SeriesAttachedParameter } from 'lightweight-charts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChartSurface, SurfaceCandle } from './chart-surface';
import { candleAt, placeOfMoment, showChartMoment, type DrawnMomentMark } from './chart-moment-view';

const HOUR = 3_600_000;
const START = Date.parse('2026-06-01T00:00:00Z');
const hours = (from: number, count: number): SurfaceCandle[] =>
  Array.from({ length: count }, (_, i) => ({ time: START + (from + i) * HOUR, open: 1, high: 1, low: 1, close: 1 }));

describe('candleAt', () => {
  const candles = [{ time: 10 }, { time: 20 }, { time: 30 }];
  it('finds the candle that opened last at or before the time', () => {
    expect(candleAt(candles, 10)).toBe(0);
    expect(candleAt(candles, 29)).toBe(1);
    expect(candleAt(candles, 30)).toBe(2);
    expect(candleAt(candles, 99)).toBe(2);
  });
  it('says -1 before the first, and for no candles', () => {
    expect(candleAt(candles, 9)).toBe(-1);
    expect(candleAt([], 9)).toBe(-1);
  });
});

describe('placeOfMoment', () => {
  // A session's hourly bars, then the next session's: a night between them.
  const candles = [...hours(0, 7), ...hours(24, 7)];

  it('is the library’s index of the bar holding the time', () => {
    expect(placeOfMoment(candles, 0, START + 2 * HOUR + 30 * 60_000)).toEqual({ kind: 'bars', first: 2, last: 2 });
    // The library holds a window from the 4th candle on.
    expect(placeOfMoment(candles, 4, START + 25 * HOUR)).toEqual({ kind: 'bars', first: 4, last: 4 });
  });
  it('takes the session’s last bar for a time in the night, and the latest bar for a time after it', () => {
    expect(placeOfMoment(candles, 0, START + 12 * HOUR)).toEqual({ kind: 'bars', first: 6, last: 6 });
    expect(placeOfMoment(candles, 0, START + 99 * HOUR)).toEqual({ kind: 'bars', first: 13, last: 13 });
  });
  it('says older before the window (it widens) and before the loaded history (a page loads)', () => {
    expect(placeOfMoment(candles, 4, START + 2 * HOUR)).toEqual({ kind: 'older' });
    expect(placeOfMoment(candles, 0, START - HOUR)).toEqual({ kind: 'older' });
    expect(placeOfMoment([], 0, START)).toEqual({ kind: 'older' });
  });
});

/** Animation frames, run by hand. */
let frames = new Map<number, FrameRequestCallback>();
let nextFrame = 1;
function runFrames(): void {
  for (let round = 0; round < 1_000 && frames.size > 0; round += 1) {
    const due = [...frames.values()];
    frames = new Map();
    for (const callback of due) callback(0);
  }
}

beforeEach(() => {
  frames = new Map();
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    frames.set(nextFrame, callback);
    return nextFrame++;
  });
  vi.stubGlobal('cancelAnimationFrame', (id: number) => {
    frames.delete(id);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const WIDTH = 800;
const OLDER_EDGE = 10;
const PAGE = 300;
const WINDOW_STEP = 200;

/**
 * A chart as chart-window makes it: the library holds candles from `offset` on; a view near its
 * left edge widens the window, or at the history's first loaded candle asks for an older page,
 * which `loadOlder` delivers (the view kept on its candles, the window holding them all).
 */
function fakeChart(options: { candles: SurfaceCandle[]; offset: number; olderPages: number }) {
  let { candles, offset, olderPages } = options;
  let range: LogicalRange = { from: candles.length - offset - 100, to: candles.length - offset } as LogicalRange;
  let olderAsked = 0;
  const rangeListeners = new Set<(range: LogicalRange | null) => void>();
  const dataListeners = new Set<() => void>();
  const primitives = new Set<ISeriesPrimitive>();
  const element = { dataset: {}, isConnected: true } as HTMLElement;
  const fixLeftEdge = (): boolean => olderPages === 0 && offset === 0;
  const setRange = (next: { from: number; to: number }): void => {
    // As the library: no change, no event.
    if (next.from === range.from && next.to === range.to) return;
    range = next as LogicalRange;
    for (const listener of [...rangeListeners]) listener(range);
    // The window's own handling, after the listeners (chart-window subscribed first, but answers with a move of its own).
    if (range.from >= OLDER_EDGE) return;
    if (offset > 0) {
      const added = Math.min(offset, WINDOW_STEP);
      offset -= added;
      setRange({ from: range.from + added, to: range.to + added });
    } else if (olderPages > 0) olderAsked += 1;
  };
  const pxPerBar = (): number => WIDTH / (range.to - range.from);
  const xOfIndex = (index: number): number => (index - offset - range.from) * pxPerBar();
  const scale = {
    getVisibleLogicalRange: () => range,
    setVisibleLogicalRange: setRange,
    options: () => ({ fixLeftEdge: fixLeftEdge(), barSpacing: pxPerBar() }),
    width: () => WIDTH,
    subscribeVisibleLogicalRangeChange: (listener: (range: LogicalRange | null) => void) => rangeListeners.add(listener),
    unsubscribeVisibleLogicalRangeChange: (listener: (range: LogicalRange | null) => void) => rangeListeners.delete(listener),
  };
  const chart = { timeScale: () => scale } as unknown as IChartApi;
  const priceSeries = {
    attachPrimitive: (primitive: ISeriesPrimitive) => {
      primitives.add(primitive);
      primitive.attached?.({ requestUpdate: () => undefined } as unknown as SeriesAttachedParameter);
    },
    detachPrimitive: (primitive: ISeriesPrimitive) => primitives.delete(primitive),
  } as unknown as ISeriesApi<'Candlestick'>;
  const surface: ChartSurface = {
    chart,
    priceSeries,
    element,
    timeToX(ms) {
      const index = candleAt(candles, ms);
      if (index < 0) return null;
      const from = candles[index] as SurfaceCandle;
      const next = candles[index + 1];
      return xOfIndex(index + (next ? (ms - from.time) / (next.time - from.time) : (ms - from.time) / HOUR));
    },
    xToTime: () => null,
    candleNear: () => undefined,
    candles: () => candles,
    latestCandle: () => candles[candles.length - 1],
    firstIndex: () => offset,
    onDataChange(callback) {
      dataListeners.add(callback);
      return () => dataListeners.delete(callback);
    },
  };
  return {
    surface,
    element,
    range: () => range,
    olderAsked: () => olderAsked,
    /** The bar's index in the view (0 at the left edge, 1 at the right). */
    placeInView: (index: number) => (index - offset - range.from) / (range.to - range.from),
    indexOf: (ms: number) => candleAt(candles, ms),
    loadOlder() {
      const first = candles[0]?.time ?? START;
      candles = [...hours((first - START) / HOUR - PAGE, PAGE), ...candles];
      olderPages -= 1;
      // As chart-window opens the new series: the view kept on its candles, the window from the first one.
      const moved = offset + PAGE;
      offset = 0;
      setRange({ from: range.from + moved, to: range.to + moved });
      for (const listener of [...dataListeners]) listener();
    },
    /** Paints once as the library would; the mark's report, if one is drawn. */
    paint(): DrawnMomentMark | undefined {
      for (const primitive of primitives) {
        primitive.updateAllViews?.();
        for (const view of primitive.paneViews?.() ?? ([] as IPrimitivePaneView[])) {
          const context = new Proxy({}, { get: () => () => undefined, set: () => true });
          const target = {
            useMediaCoordinateSpace: (draw: (scope: unknown) => void) => {
              draw({ context, mediaSize: { width: WIDTH, height: 400 } });
            },
          };
          view.renderer()?.draw(target as never);
        }
      }
      const text = element.dataset.momentMark;
      return text ? (JSON.parse(text) as DrawnMomentMark) : undefined;
    },
    primitives: () => primitives.size,
  };
}

describe('showChartMoment', () => {
  it('centres the bar of a time held by the library, and marks it there', () => {
    const chart = fakeChart({ candles: hours(0, 1_000), offset: 500, olderPages: 0 });
    const time = START + 900 * HOUR + 20 * 60_000;
    showChartMoment(chart.surface, time);
    runFrames();
    expect(chart.placeInView(900)).toBeCloseTo(0.5, 1);
    // As wide as it was.
    expect(chart.range().to - chart.range().from).toBeCloseTo(100);
    const mark = chart.paint();
    expect(mark).toMatchObject({ time: START + 900 * HOUR, x: WIDTH / 2 });
    // The line at the moment itself, a third of the bar on.
    expect(mark?.line).toBe(Math.round(WIDTH / 2 + WIDTH / 100 / 3));
  });

  it('widens the window and loads older pages until the bar is held, then centres it', () => {
    const chart = fakeChart({ candles: hours(0, 1_000), offset: 500, olderPages: 3 });
    const time = START - 2 * PAGE * HOUR + 50 * HOUR;
    showChartMoment(chart.surface, time);
    runFrames();
    // The window widened to the first loaded candle, which asked for an older page.
    expect(chart.olderAsked()).toBeGreaterThan(0);
    expect(chart.paint()).toBeUndefined();
    chart.loadOlder();
    runFrames();
    chart.loadOlder();
    runFrames();
    const index = chart.indexOf(time);
    expect(chart.surface.candles()[index]?.time).toBe(time);
    expect(chart.placeInView(index)).toBeCloseTo(0.5, 1);
    expect(chart.paint()).toMatchObject({ time, x: WIDTH / 2 });
  });

  it('takes the mark away once the bar leaves the view, not while it is in it', () => {
    const chart = fakeChart({ candles: hours(0, 1_000), offset: 0, olderPages: 0 });
    showChartMoment(chart.surface, START + 500 * HOUR);
    runFrames();
    expect(chart.paint()).toBeDefined();
    // Panned a little: still in view.
    const { from, to } = chart.range();
    chart.surface.chart.timeScale().setVisibleLogicalRange({ from: from + 30, to: to + 30 });
    runFrames();
    expect(chart.paint()?.x).toBe(WIDTH / 2 - 30 * (WIDTH / 100));
    // Panned past it.
    chart.surface.chart.timeScale().setVisibleLogicalRange({ from: from + 80, to: to + 80 });
    runFrames();
    expect(chart.primitives()).toBe(0);
    expect(chart.element.dataset.momentMark).toBeUndefined();
  });

  it('shows the first bar, unmarked, for a time before the whole history', () => {
    const chart = fakeChart({ candles: hours(0, 300), offset: 0, olderPages: 0 });
    showChartMoment(chart.surface, START - 10 * HOUR);
    runFrames();
    expect(chart.placeInView(0)).toBeCloseTo(0.5, 1);
    expect(chart.primitives()).toBe(0);
  });

  it('cancelled on the way (another series), it moves the view no more and marks nothing; cancelled there, the mark goes', () => {
    const chart = fakeChart({ candles: hours(0, 1_000), offset: 0, olderPages: 2 });
    const cancel = showChartMoment(chart.surface, START - 100 * HOUR);
    runFrames();
    cancel();
    const { from, to } = chart.range();
    chart.loadOlder();
    runFrames();
    // Only the window's own move, keeping the view on its candles.
    expect(chart.range()).toEqual({ from: from + PAGE, to: to + PAGE });
    expect(chart.primitives()).toBe(0);

    const there = fakeChart({ candles: hours(0, 1_000), offset: 0, olderPages: 0 });
    const remove = showChartMoment(there.surface, START + 990 * HOUR);
    runFrames();
    expect(there.paint()).toBeDefined();
    remove();
    expect(there.primitives()).toBe(0);
    expect(there.element.dataset.momentMark).toBeUndefined();
  });
});
