import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { factorsOfEvent } from '#shared/adjust.ts';
import type { Candle } from '#shared/candle.ts';
import { toChartTime } from '../../lib/time-mapper';
import type { Indicator } from '#shared/indicators/indicator.ts';
import type { IndicatorInstance, IndicatorList } from '../../store/preferences-slice';
import { loadKinds } from './indicator-registry';
import { createChartAdapter, type ChartAdapterOptions } from './chart-adapter';

// A recording stand-in for lightweight-charts (it needs a canvas): enough of the API the adapter uses.
const lwc = vi.hoisted(() => {
  type Handler = (arg: unknown) => void;
  interface Primitive {
    attached?: (param: unknown) => void;
    updateAllViews?: () => void;
    paneViews?: () => readonly { renderer: () => { draw: (target: unknown) => void } | null }[];
    autoscaleInfo?: (from: number, to: number) => { priceRange: { minValue: number; maxValue: number } } | null;
  }
  const state = {
    series: [] as { kind: string; pane: number; setData: ReturnType<typeof vi.fn>; update: ReturnType<typeof vi.fn>; applyOptions: ReturnType<typeof vi.fn> }[],
    /** Primitives attached to a series, each with the requestUpdate it was handed. */
    primitives: [] as { primitive: Primitive; requestUpdate: ReturnType<typeof vi.fn> }[],
    /** The price series' price → y: percent of the first visible close in percent mode, as the library does per series. */
    priceToCoordinate: (price: number): number | null => price,
    crosshair: new Set<Handler>(),
    range: new Set<Handler>(),
    visible: { from: 0, to: 10 } as { from: number; to: number } | null,
    setVisibleLogicalRange: vi.fn(),
    fitContent: vi.fn(),
    detachPrimitive: vi.fn(),
    timeScaleOptions: vi.fn(),
    /** Every series' price scale options (one spy for all). */
    priceScaleOptions: vi.fn(),
    remove: vi.fn(),
  };
  const chart = {
    applyOptions: vi.fn(),
    addSeries: vi.fn((kind: string, _options: unknown, paneIndex?: number) => {
      const pane = paneIndex ?? 0;
      const series = {
        kind,
        pane,
        setData: vi.fn(),
        update: vi.fn(),
        applyOptions: vi.fn(),
        priceScale: () => ({ applyOptions: state.priceScaleOptions }),
        getPane: () => ({ setStretchFactor: vi.fn(), paneIndex: () => pane }),
        createPriceLine: vi.fn(),
        seriesType: () => kind,
        priceToCoordinate: (price: number) => state.priceToCoordinate(price),
        attachPrimitive: (primitive: Primitive) => {
          const requestUpdate = vi.fn();
          state.primitives.push({ primitive, requestUpdate });
          primitive.attached?.({ chart, series, requestUpdate });
        },
        detachPrimitive: state.detachPrimitive,
      };
      state.series.push(series);
      return series;
    }),
    removeSeries: vi.fn((series: unknown) => {
      state.series = state.series.filter((s) => s !== series);
    }),
    panes: () => [...new Set(state.series.map((s) => s.pane))],
    subscribeCrosshairMove: (h: Handler) => state.crosshair.add(h),
    unsubscribeCrosshairMove: (h: Handler) => state.crosshair.delete(h),
    options: () => ({ layout: { fontFamily: 'sans-serif' } }),
    timeScale: () => ({
      width: () => 1000,
      applyOptions: state.timeScaleOptions,
      // The candles the price series holds, 10 px apart.
      timeToCoordinate: (time: number) => {
        const held = (state.series.find((s) => s.kind === 'Candlestick')?.setData.mock.lastCall?.[0] ?? []) as { time: number }[];
        const index = held.findIndex((bar) => bar.time === time);
        return index < 0 ? null : index * 10;
      },
      getVisibleLogicalRange: () => state.visible,
      logicalToCoordinate: (logical: number) => logical * 10,
      setVisibleLogicalRange: state.setVisibleLogicalRange,
      fitContent: state.fitContent,
      subscribeVisibleLogicalRangeChange: (h: Handler) => state.range.add(h),
      unsubscribeVisibleLogicalRangeChange: (h: Handler) => state.range.delete(h),
    }),
    remove: state.remove,
  };
  return { state, chart };
});

/** Indicators a test adds after the ones the settings switch on (one module's worth, inline). */
const extraIndicators: Indicator[] = [];
vi.mock('./indicator-data', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./indicator-data')>();
  return { ...actual, activeIndicators: (list: IndicatorList) => [...actual.activeIndicators(list), ...extraIndicators] };
});

vi.mock('lightweight-charts', () => ({
  createChart: () => lwc.chart,
  CandlestickSeries: 'Candlestick',
  HistogramSeries: 'Histogram',
  LineSeries: 'Line',
  ColorType: { Solid: 'solid' },
  CrosshairMode: { Normal: 0 },
  TickMarkType: { Year: 0, Month: 1, DayOfMonth: 2, Time: 3, TimeWithSeconds: 4 },
  LineStyle: { Solid: 0, Dotted: 1, Dashed: 2 },
  PriceScaleMode: { Normal: 0, Logarithmic: 1, Percentage: 2 },
}));

const instance = (kind: IndicatorInstance['kind'], params: Record<string, number> = {}): IndicatorInstance => ({
  id: `${kind}-${Object.values(params).join('-')}`,
  kind,
  params,
});
const ma = (period: number): IndicatorInstance => instance('sma', { period });

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 10, 2, 15, 0); // 10:00 in New York (EST)
const candle = (i: number, close = 100 + i): Candle => ({ time: T0 + i * HOUR, open: 100, high: 130, low: 90, close, volume: 10 * (i + 1) });
const options: ChartAdapterOptions = {
  zone: 'market',
  marketTimeZone: 'America/New_York',
  intraday: true,
  periodic: false,
  theme: 'dark',
  colors: 'green-up',
  scale: 'normal',
  indicators: [ma(2)],
  decimals: 2,
};
const series = (kind: string) => lwc.state.series.filter((s) => s.kind === kind);
const price = () => series('Candlestick')[0];
const seconds = (i: number) => (T0 + i * HOUR - 5 * HOUR) / 1000;
/** Chart seconds of candle(i) any number of hours on (New York summer time included). */
const chartSeconds = (i: number) => toChartTime(T0 + i * HOUR, 'market', 'America/New_York');
/** The candles the library was last given. */
const held = () => (price()?.setData.mock.lastCall?.[0] as { time: number }[] | undefined) ?? [];

/** The overlay primitive on the price series (the one that widens the price scale's auto-fit). */
const overlay = () => {
  const found = lwc.state.primitives.find(({ primitive }) => primitive.autoscaleInfo);
  if (!found) throw new Error('no primitive attached');
  return found;
};

/**
 * The lines the overlay primitive draws now, as the canvas is told: colour, dash and the points
 * (x = logical index × 10, y = the price series' priceToCoordinate).
 */
function drawnOverlays(): { colour: string; dashed: boolean; points: [number, number][] }[] {
  const { primitive } = overlay();
  primitive.updateAllViews?.();
  const lines: { colour: string; dashed: boolean; points: [number, number][] }[] = [];
  const context = {
    strokeStyle: '',
    lineWidth: 0,
    lineJoin: '',
    dash: [] as number[],
    setLineDash(dash: number[]) {
      this.dash = dash;
    },
    beginPath() {
      lines.push({ colour: this.strokeStyle, dashed: this.dash.length > 0, points: [] });
    },
    moveTo(x: number, y: number) {
      lines.at(-1)?.points.push([x, y]);
    },
    lineTo(x: number, y: number) {
      lines.at(-1)?.points.push([x, y]);
    },
    stroke: () => undefined,
  };
  const target = {
    useBitmapCoordinateSpace: (draw: (scope: unknown) => void) => {
      draw({ context, horizontalPixelRatio: 1, verticalPixelRatio: 1 });
    },
  };
  for (const view of primitive.paneViews?.() ?? []) view.renderer()?.draw(target);
  return lines;
}

beforeEach(() => {
  lwc.state.series = [];
  lwc.state.primitives = [];
  lwc.state.priceToCoordinate = (price) => price;
  lwc.state.crosshair.clear();
  lwc.state.range.clear();
  lwc.state.visible = { from: 0, to: 10 };
  vi.clearAllMocks();
});
afterEach(() => {
  vi.clearAllMocks();
});

/** The chart's container: a width, and the layout table the library puts in it. */
const layoutTable = {
  attributes: new Map<string, string>(),
  setAttribute(name: string, value: string) {
    this.attributes.set(name, value);
  },
};
function fakeContainer(clientWidth = 1000): HTMLElement {
  return { clientWidth, dataset: {}, querySelector: (selector: string) => (selector === 'table' ? layoutTable : null) } as unknown as HTMLElement;
}

interface Badge {
  left: number;
  width: number;
  text: string;
}

/** Paints the corporate-action layer (as the library does before a frame) on a 1000×400 pane; the badges the container reports. */
function paintBadges(container: HTMLElement): Badge[] {
  const layer = lwc.state.primitives.find(({ primitive }) => !primitive.autoscaleInfo)?.primitive as {
    updateAllViews: () => void;
    paneViews: () => { renderer: () => { draw: (target: unknown) => void } | null }[];
  };
  layer.updateAllViews();
  const context = { measureText: (text: string) => ({ width: 7 * text.length }), beginPath: vi.fn(), roundRect: vi.fn(), fill: vi.fn(), fillText: vi.fn() };
  layer
    .paneViews()[0]
    ?.renderer()
    ?.draw({
      useMediaCoordinateSpace: (draw: (scope: unknown) => void) => {
        draw({ context, mediaSize: { width: 1000, height: 400 } });
      },
    });
  return JSON.parse(container.dataset.actionMarkers ?? '[]') as Badge[];
}

describe('createChartAdapter', () => {
  it("marks the library's layout table as presentation, not data", () => {
    layoutTable.attributes.clear();
    createChartAdapter(fakeContainer(), options);
    expect(layoutTable.attributes.get('role')).toBe('presentation');
  });

  it('draws candles, volume and overlays on the display zone’s clock', () => {
    const adapter = createChartAdapter(fakeContainer(), options);
    adapter.setSeries([candle(0), candle(1, 99)]);
    expect(price()?.setData).toHaveBeenCalledWith([
      { time: seconds(0), open: 100, high: 130, low: 90, close: 100 },
      { time: seconds(1), open: 100, high: 130, low: 90, close: 99 },
    ]);
    const [volume] = series('Histogram');
    expect(volume?.pane).toBe(1);
    expect(volume?.setData.mock.calls[0]?.[0]).toEqual([
      { time: seconds(0), value: 10, color: 'rgba(74, 222, 128, 0.5)' },
      { time: seconds(1), value: 20, color: 'rgba(248, 113, 113, 0.5)' },
    ]);
    // The MA over the candles, drawn by the price series' primitive from the bar where it has a value.
    expect(series('Line')).toHaveLength(0);
    expect(drawnOverlays()).toEqual([{ colour: '#f59e0b', dashed: false, points: [[10, 99.5]] }]);
  });

  it('does no work for the colours, indicators, language, scale and time axis it already has (the app taking the early chart over)', () => {
    const adapter = createChartAdapter(fakeContainer(), options);
    adapter.setSeries([candle(0), candle(1, 99)]);
    const draws = () => price()?.setData.mock.calls.length;
    const drawn = draws();
    const optionsApplied = lwc.chart.applyOptions.mock.calls.length;
    adapter.setColors(options.theme, options.colors);
    adapter.setIndicators(options.indicators);
    adapter.setLocale('en-US');
    const scaleApplied = lwc.state.priceScaleOptions.mock.calls.length;
    const timeApplied = lwc.state.timeScaleOptions.mock.calls.length;
    adapter.setScaleMode(options.scale);
    adapter.setTimeAxis({ zone: options.zone, marketTimeZone: options.marketTimeZone, intraday: options.intraday, periodic: options.periodic });
    expect(draws()).toBe(drawn);
    expect(lwc.chart.applyOptions.mock.calls.length).toBe(optionsApplied);
    expect(lwc.state.priceScaleOptions.mock.calls.length).toBe(scaleApplied);
    expect(lwc.state.timeScaleOptions.mock.calls.length).toBe(timeApplied);
    // New ones are drawn.
    adapter.setColors('light', options.colors);
    expect(draws()).toBe((drawn ?? 0) + 1);
    adapter.setIndicators([ma(3)]);
    expect(drawnOverlays()).toHaveLength(1);
    adapter.setLocale('de-DE');
    expect(lwc.chart.applyOptions).toHaveBeenLastCalledWith({ localization: { locale: 'de-DE' } });
    adapter.setScaleMode('log');
    expect(lwc.state.priceScaleOptions).toHaveBeenLastCalledWith({ mode: 1 });
    adapter.setTimeAxis({ ...options, intraday: false });
    expect(lwc.state.timeScaleOptions).toHaveBeenLastCalledWith({ timeVisible: false });
  });

  it('hides the axis’s dates while a blind replay runs: year, month and day ticks read as their clock time, and back', () => {
    const adapter = createChartAdapter(fakeContainer(), options);
    const formatter = () => {
      const calls = lwc.chart.applyOptions.mock.calls.map(
        ([applied]) => applied as { timeScale?: { tickMarkFormatter?: (time: number, kind: number, locale: string) => string | null } },
      );
      const found = calls.reverse().find((applied) => applied.timeScale?.tickMarkFormatter)?.timeScale?.tickMarkFormatter;
      if (!found) throw new Error('no tick mark formatter applied');
      return found;
    };
    const time = Date.UTC(2026, 9, 1, 10, 30) / 1000;
    adapter.setDatesHidden(true);
    // A zoomed-out 1h chart shows day ticks only: each keeps a label, its bar's clock time.
    expect([0, 1, 2].map((kind) => formatter()(time, kind, 'en-US'))).toEqual(['10:30', '10:30', '10:30']);
    expect(formatter()(time, 3, 'en-US')).toBe('10:30');
    adapter.setDatesHidden(false);
    expect([0, 1, 2].map((kind) => formatter()(time, kind, 'en-US'))).toEqual(['2026', 'Oct', '1']);
  });

  it('leaves a daily chart’s date ticks blank while dates are hidden (it has no clock time to show)', () => {
    const adapter = createChartAdapter(fakeContainer(), { ...options, intraday: false });
    adapter.setDatesHidden(true);
    const calls = lwc.chart.applyOptions.mock.calls.map(
      ([applied]) => applied as { timeScale?: { tickMarkFormatter?: (time: number, kind: number, locale: string) => string | null } },
    );
    const formatter = calls.reverse().find((applied) => applied.timeScale?.tickMarkFormatter)?.timeScale?.tickMarkFormatter;
    const time = Date.UTC(2026, 9, 1) / 1000;
    expect([0, 1, 2].map((kind) => formatter?.(time, kind, 'en-US'))).toEqual(['', '', '']);
  });

  it("puts overlays on the price series' own percent base: its first visible close, not the MA's first value", () => {
    const closes = [100, 104, 108, 96, 90, 99];
    const adapter = createChartAdapter(fakeContainer(), { ...options, scale: 'percent', indicators: [ma(3)] });
    adapter.setSeries(closes.map((close, i) => candle(i, close)));
    // The library's percent mode for the candles, with the view from candle 2 on: base 108.
    lwc.state.visible = { from: 2, to: 5 };
    const base = 108;
    lwc.state.priceToCoordinate = (price) => (100 * (price - base)) / base;
    const average = (i: number) => ((closes[i - 2] ?? 0) + (closes[i - 1] ?? 0) + (closes[i] ?? 0)) / 3;
    const [line] = drawnOverlays();
    // From logical 1 (a point before the view, so the line enters it) to the last candle.
    expect(line?.points.map(([x]) => x)).toEqual([20, 30, 40, 50]);
    const last = line?.points.at(-1)?.[1] ?? Number.NaN;
    // MA% − price% at the last candle is what the linear values give rebased to the price's base (108)…
    expect(last - (100 * (99 - base)) / base).toBeCloseTo((100 * (average(5) - 99)) / base, 10);
    // …not what a line series rebased to the MA's own first visible value (average(2)) would show.
    expect(Math.abs(last - (100 * (average(5) - average(2))) / average(2))).toBeGreaterThan(1);
  });

  it('updates the forming candle in place and appends the next one, without setData', () => {
    const adapter = createChartAdapter(fakeContainer(), options);
    adapter.setSeries([candle(0), candle(1)]);
    adapter.updateLast(candle(1, 120));
    adapter.updateLast(candle(2));
    adapter.updateLast(candle(0, 1)); // older than the last: ignored
    expect(price()?.setData).toHaveBeenCalledTimes(1);
    expect(price()?.update.mock.calls.map(([bar]) => bar as unknown)).toMatchObject([
      { time: seconds(1), close: 120 },
      { time: seconds(2), close: 102 },
    ]);
    expect(drawnOverlays()[0]?.points).toEqual([
      [10, (100 + 120) / 2],
      [20, (120 + 102) / 2],
    ]);
  });

  it('updates only the series a live tick changes', () => {
    const adapter = createChartAdapter(fakeContainer(), options);
    adapter.setSeries([candle(0), candle(1)]);
    const [volume] = series('Histogram');
    const ma = overlay().requestUpdate;
    ma.mockClear();
    const calls = () => [price()?.update.mock.calls.length, volume?.update.mock.calls.length, ma.mock.calls.length];
    adapter.updateLast(candle(1));
    expect(calls()).toEqual([0, 0, 0]); // nothing drawn changed
    adapter.updateLast({ ...candle(1), volume: 99 });
    expect(calls()).toEqual([0, 1, 0]);
    adapter.updateLast({ ...candle(1), volume: 99, high: 140 });
    expect(calls()).toEqual([1, 2, 0]); // the close, and so the MA, did not move
    // The MA moves with the close: drawn again with the candle's own update, no full update asked.
    adapter.updateLast({ ...candle(1), volume: 99, high: 140, close: 120 });
    expect(calls()).toEqual([2, 3, 0]);
    expect(drawnOverlays()[0]?.points.at(-1)).toEqual([10, (100 + 120) / 2]);
    // A new candle draws every series, even at the same values.
    adapter.updateLast({ ...candle(2), close: 120 });
    expect(calls()).toEqual([3, 4, 0]);
    expect(drawnOverlays()[0]?.points.at(-1)).toEqual([20, 120]);
    // The crosshair reads the stored candle, volume-only changes included.
    adapter.updateLast({ ...candle(2), close: 120, volume: 7 });
    const onHit = vi.fn();
    adapter.onCrosshair(onHit);
    for (const handler of lwc.state.crosshair) handler({ time: seconds(2), point: { x: 1, y: 1 } });
    expect(onHit.mock.lastCall?.[0]).toMatchObject({ candle: { volume: 7 } });
  });

  it('asks for an update when an overlay moves and the candle does not (an indicator of the volume)', () => {
    const volumeOfTwo: Indicator = {
      key: 'vol-2',
      label: 'Volume of two candles',
      params: {},
      pane: { kind: 'price' },
      outputs: [{ key: 'value', draw: 'line', colour: 'band' }],
      stream() {
        const last: number[] = [];
        const out: (number | undefined)[] = [undefined];
        return {
          push(bar) {
            last.push(bar.volume);
            out[0] = last.slice(-2).reduce((a, b) => a + b, 0);
            return out;
          },
          peek(bar) {
            out[0] = (last.at(-1) ?? 0) + bar.volume;
            return out;
          },
        };
      },
    };
    extraIndicators.push(volumeOfTwo);
    try {
      const adapter = createChartAdapter(fakeContainer(), { ...options, indicators: [] });
      adapter.setSeries([candle(0), candle(1)]);
      overlay().requestUpdate.mockClear();
      adapter.updateLast({ ...candle(1), volume: 50 });
      expect(price()?.update).not.toHaveBeenCalled();
      expect(overlay().requestUpdate).toHaveBeenCalledTimes(1);
      expect(drawnOverlays()[0]?.points.at(-1)).toEqual([10, 60]);
    } finally {
      extraIndicators.length = 0;
    }
  });

  it('keeps the visible candles in place when older ones are prepended, and opens a new dataset at its end', () => {
    const adapter = createChartAdapter(fakeContainer(), options);
    adapter.setSeries([candle(3), candle(4)]);
    expect(lwc.state.fitContent).toHaveBeenCalledTimes(1);
    lwc.state.visible = { from: -1, to: 5 };
    adapter.setSeries(
      [0, 1, 2, 3, 4].map((i) => candle(i)),
      { preserveView: true },
    );
    expect(lwc.state.setVisibleLogicalRange).toHaveBeenLastCalledWith({ from: 2, to: 8 });
    // A 1000-pixel wide chart opens on its last 125 candles.
    adapter.setSeries(Array.from({ length: 400 }, (_, i) => candle(i - 500)));
    expect(lwc.state.setVisibleLogicalRange).toHaveBeenLastCalledWith({ from: 275, to: 402 });
  });

  it('asks for older candles when the view reaches the left edge', () => {
    const adapter = createChartAdapter(fakeContainer(), options);
    const needOlder = vi.fn();
    const off = adapter.onNeedOlder(needOlder);
    adapter.setSeries([candle(0), candle(1)]);
    for (const handler of lwc.state.range) handler({ from: 40, to: 90 });
    expect(needOlder).not.toHaveBeenCalled();
    for (const handler of lwc.state.range) handler({ from: 3, to: 50 });
    expect(needOlder).toHaveBeenCalledTimes(1);
    off();
    for (const handler of lwc.state.range) handler({ from: 0, to: 50 });
    expect(needOlder).toHaveBeenCalledTimes(1);
  });

  it('holds only a window of a long series in the library, widened towards older candles as the view nears its edge', () => {
    const adapter = createChartAdapter(fakeContainer(), options);
    const needOlder = vi.fn();
    adapter.onNeedOlder(needOlder);
    const onHit = vi.fn();
    adapter.onCrosshair(onHit);
    adapter.setSeries(Array.from({ length: 5_000 }, (_, i) => candle(i)));
    // A 1000-pixel chart shows 125 candles: the window holds 500 (three views, at least 500).
    expect(held()).toHaveLength(500);
    expect(held()[0]?.time).toBe(chartSeconds(4_500));
    // Its MA starts from the closes before the window, not from nothing (logical 0 is bar 4,500).
    expect(overlay().primitive.autoscaleInfo?.(0, 0)).toEqual({ priceRange: { minValue: 100 + 4_499.5, maxValue: 100 + 4_499.5 } });
    expect(lwc.state.setVisibleLogicalRange).toHaveBeenLastCalledWith({ from: 375, to: 502 });
    // A candle outside the window still answers the crosshair.
    for (const handler of lwc.state.crosshair) handler({ time: seconds(10), point: { x: 1, y: 1 } });
    expect(onHit.mock.lastCall?.[0]).toMatchObject({ candle: { time: seconds(10) } });

    // The first widening adds 1,500 candles, the next ones double it, the last one takes the rest.
    const heldCounts: number[] = [];
    for (let i = 0; i < 3; i++) {
      for (const handler of lwc.state.range) handler({ from: 5, to: 130 });
      heldCounts.push(held().length);
    }
    expect(heldCounts).toEqual([2_000, 4_000, 5_000]);
    expect(lwc.state.setVisibleLogicalRange).toHaveBeenLastCalledWith({ from: 1_005, to: 1_130 });
    expect(needOlder).not.toHaveBeenCalled();
    for (const handler of lwc.state.range) handler({ from: 5, to: 130 });
    expect(needOlder).toHaveBeenCalledTimes(1);
  });

  it('holds three views of candles when the chart is wide', () => {
    const adapter = createChartAdapter(fakeContainer(8_000), options);
    adapter.setSeries(Array.from({ length: 5_000 }, (_, i) => candle(i)));
    // 8000 pixels: 1000 candles shown, 3000 held.
    expect(held()).toHaveLength(3_000);
    expect(lwc.state.setVisibleLogicalRange).toHaveBeenLastCalledWith({ from: 2_000, to: 3_002 });
  });

  it('gives back the older candles the view has left behind, once that halves the window', () => {
    const adapter = createChartAdapter(fakeContainer(), options);
    adapter.setSeries(Array.from({ length: 5_000 }, (_, i) => candle(i)));
    for (let i = 0; i < 2; i++) for (const handler of lwc.state.range) handler({ from: 5, to: 130 });
    expect(held()).toHaveLength(4_000);
    const draws = () => price()?.setData.mock.calls.length;
    const before = draws();
    // Back to the right, but the window would not halve: unchanged.
    for (const handler of lwc.state.range) handler({ from: 2_200, to: 2_325 });
    expect(draws()).toBe(before);
    // Near the latest candles again: 500 left of the view, up to the latest.
    for (const handler of lwc.state.range) handler({ from: 3_800, to: 3_925 });
    expect(held()).toHaveLength(700);
    expect(held()[0]?.time).toBe(chartSeconds(4_300));
    expect(lwc.state.setVisibleLogicalRange).toHaveBeenLastCalledWith({ from: 500, to: 625 });
    expect(overlay().primitive.autoscaleInfo?.(0, 0)).toEqual({ priceRange: { minValue: 100 + 4_299.5, maxValue: 100 + 4_299.5 } });
  });

  it('keeps the view when an older page arrives into a windowed series', () => {
    const adapter = createChartAdapter(fakeContainer(), options);
    adapter.setSeries(Array.from({ length: 3_000 }, (_, i) => candle(i)));
    for (let i = 0; i < 2; i++) for (const handler of lwc.state.range) handler({ from: 5, to: 130 });
    expect(held()).toHaveLength(3_000); // the whole series now
    lwc.state.visible = { from: 2, to: 127 };
    adapter.setSeries(
      Array.from({ length: 4_000 }, (_, i) => candle(i - 1_000)),
      { preserveView: true },
    );
    // The candle at index 2 before (i = 2) is index 1002 now; the window starts 500 before it.
    expect((price()?.setData.mock.lastCall?.[0] as { time: number }[])[0]?.time).toBe(seconds(-498));
    expect(lwc.state.setVisibleLogicalRange).toHaveBeenLastCalledWith({ from: 500, to: 625 });
  });

  it('loads the badges only with the first corporate action to show', async () => {
    const adapter = createChartAdapter(fakeContainer(), options);
    adapter.setSeries([candle(0), candle(1)]);
    adapter.setMarkers([]);
    await vi.dynamicImportSettled();
    // The indicators' overlays alone (they give an autoscale range; the badges do not).
    expect(lwc.state.primitives.filter(({ primitive }) => !primitive.autoscaleInfo)).toEqual([]);
    adapter.setMarkers(factorsOfEvent(T0 + HOUR, 4, 0));
    await vi.dynamicImportSettled();
    expect(lwc.state.primitives.filter(({ primitive }) => !primitive.autoscaleInfo)).toHaveLength(1);
  });

  it('marks only corporate actions inside the window', async () => {
    const container = fakeContainer();
    const adapter = createChartAdapter(container, options);
    adapter.setSeries(Array.from({ length: 3_000 }, (_, i) => candle(i)));
    adapter.setMarkers([...factorsOfEvent(T0 + 10 * HOUR, 4, 0), ...factorsOfEvent(T0 + 1_010 * HOUR, 2, 0)]);
    await vi.dynamicImportSettled();
    // The window holds the last 500 candles (from i = 2,500); neither event is in it.
    expect(paintBadges(container)).toEqual([]);
    for (let i = 0; i < 2; i++) for (const handler of lwc.state.range) handler({ from: 5, to: 130 });
    // Widened to the whole series: both are held, 10 px a candle (only the one in the pane is drawn).
    expect(paintBadges(container).map((badge) => badge.text)).toEqual(['S']);
  });

  it('reports the candle under the crosshair with the one before it', () => {
    const adapter = createChartAdapter(fakeContainer(), options);
    const onHit = vi.fn();
    adapter.onCrosshair(onHit);
    adapter.setSeries([candle(0), candle(1)]);
    for (const handler of lwc.state.crosshair) handler({ time: seconds(1), point: { x: 1, y: 1 } });
    expect(onHit.mock.lastCall?.[0]).toMatchObject({ candle: { time: seconds(1), close: 101 }, previous: { time: seconds(0), close: 100 } });
    for (const handler of lwc.state.crosshair) handler({ time: undefined });
    expect(onHit).toHaveBeenLastCalledWith(undefined);
  });

  it('over empty space reports the nearest candle, never the latest one', () => {
    const adapter = createChartAdapter(fakeContainer(), options);
    const onHit = vi.fn();
    adapter.onCrosshair(onHit);
    adapter.setSeries([candle(0), candle(1), candle(2)]);
    // Left of the first candle (logical -4): the first one; right of the last: the last one.
    for (const handler of lwc.state.crosshair) handler({ time: undefined, logical: -4, point: { x: 1, y: 1 } });
    expect(onHit.mock.lastCall?.[0]).toMatchObject({ candle: { time: seconds(0) } });
    for (const handler of lwc.state.crosshair) handler({ time: undefined, logical: 5, point: { x: 1, y: 1 } });
    expect(onHit.mock.lastCall?.[0]).toMatchObject({ candle: { time: seconds(2) } });
  });

  it('stops the view at the first candle once the whole history is loaded and held', () => {
    const adapter = createChartAdapter(fakeContainer(), options);
    adapter.setSeries(Array.from({ length: 1_500 }, (_, i) => candle(i)));
    adapter.setHistoryComplete(true);
    // The library holds a window from candle 1,000: the view must still scroll into older ones.
    expect(lwc.state.timeScaleOptions).not.toHaveBeenCalledWith(expect.objectContaining({ fixLeftEdge: true }));
    for (let i = 0; i < 2; i++) for (const handler of lwc.state.range) handler({ from: 5, to: 130 });
    // Zooming out stops with all 1,500 candles (and the right offset) across the 1,000 px.
    expect(lwc.state.timeScaleOptions).toHaveBeenLastCalledWith({ fixLeftEdge: true, minBarSpacing: 1000 / 1_503 });
    adapter.setHistoryComplete(false);
    expect(lwc.state.timeScaleOptions).toHaveBeenLastCalledWith({ fixLeftEdge: false, minBarSpacing: 0.5 });
  });

  it('marks corporate actions as badges on the candles they affect, and lists the badge under the crosshair', async () => {
    const container = fakeContainer();
    const adapter = createChartAdapter(container, options);
    const onHit = vi.fn();
    adapter.onCrosshair(onHit);
    adapter.setSeries([candle(0), candle(1), candle(2), candle(3), candle(4), candle(5)]);
    adapter.setMarkers([...factorsOfEvent(T0 + HOUR, 4, 0), ...factorsOfEvent(T0 + 2 * HOUR, 1, 0.2), ...factorsOfEvent(T0 + 5 * HOUR, 1, 0.3)]);
    await vi.dynamicImportSettled();
    // Candles 1 and 2 are 10 px apart: one badge of two; candle 5 alone at x = 50.
    const badges = paintBadges(container);
    expect(badges.map(({ text }) => text)).toEqual(['2', 'D']);
    const [pair] = badges;
    for (const handler of lwc.state.crosshair) handler({ time: seconds(1), paneIndex: 0, point: { x: 15, y: 390 } });
    const actionsOf = () => (onHit.mock.lastCall?.[0] as { actions?: { text: string }[] } | undefined)?.actions;
    expect(actionsOf()?.map((action) => action.text)).toEqual(['Split 4:1', 'Div 0.2']);
    expect(pair?.left).toBeGreaterThanOrEqual(0);
    // Away from the badges: the candle alone.
    for (const handler of lwc.state.crosshair) handler({ time: seconds(1), paneIndex: 0, point: { x: 15, y: 100 } });
    expect(actionsOf()).toBeUndefined();
  });

  it('puts MACD and RSI in panes of their own and removes them when switched off', async () => {
    await loadKinds(['bollinger', 'macd', 'rsi']);
    const adapter = createChartAdapter(fakeContainer(), options);
    adapter.setSeries(Array.from({ length: 40 }, (_, i) => candle(i, 100 + Math.sin(i))));
    adapter.setIndicators([instance('bollinger', { period: 20, k: 2 }), instance('macd', { fast: 12, slow: 26, signal: 9 }), instance('rsi', { period: 14 })]);
    // Bollinger bands over the candles: upper, middle (dashed), lower; nothing of theirs on pane 0 as series.
    expect(drawnOverlays().map((line) => [line.colour, line.dashed])).toEqual([
      ['#818cf8', false],
      ['#818cf8', true],
      ['#818cf8', false],
    ]);
    expect(series('Line').filter((s) => s.pane === 0)).toHaveLength(0);
    expect(lwc.chart.panes()).toEqual([0, 1, 2, 3]);
    // MACD: histogram, MACD and signal lines in pane 2; RSI in pane 3.
    expect(lwc.state.series.filter((s) => s.pane >= 2).map((s) => [s.kind, s.pane])).toEqual([
      ['Histogram', 2],
      ['Line', 2],
      ['Line', 2],
      ['Line', 3],
    ]);
    adapter.setIndicators([]);
    expect(series('Line')).toHaveLength(0);
    expect(drawnOverlays()).toEqual([]);
    expect(lwc.chart.panes()).toEqual([0, 1]);
  });

  it('draws a kind whose code is not loaded yet once it arrives, unless the list changed meanwhile', async () => {
    const adapter = createChartAdapter(fakeContainer(), options);
    adapter.setSeries(Array.from({ length: 30 }, (_, i) => candle(i, 100 + Math.sin(i))));
    adapter.setIndicators([ma(2), instance('kdj', { period: 9, k: 3, d: 3 })]);
    // The MA draws at once; KDJ's pane waits for its chunk.
    expect(drawnOverlays()).toHaveLength(1);
    await vi.waitFor(() => {
      expect(lwc.chart.panes()).toEqual([0, 1, 2]);
    });
    expect(lwc.state.series.filter((s) => s.pane === 2).map((s) => s.kind)).toEqual(['Line', 'Line', 'Line']);
    adapter.setIndicators([instance('cci', { period: 20 })]);
    adapter.setIndicators([]);
    await loadKinds(['cci']);
    await Promise.resolve();
    expect(lwc.chart.panes()).toEqual([0, 1]);
  });

  it("draws the volume's moving average on the volume's pane and scale", async () => {
    await loadKinds(['volume-ma']);
    const adapter = createChartAdapter(fakeContainer(), { ...options, indicators: [instance('volume-ma', { period: 2 })] });
    adapter.setSeries([candle(0), candle(1), candle(2)]);
    expect(lwc.chart.panes()).toEqual([0, 1]);
    const line = series('Line')[0];
    expect(line?.pane).toBe(1);
    expect(line?.setData.mock.lastCall?.[0]).toEqual([{ time: seconds(0) }, { time: seconds(1), value: 15 }, { time: seconds(2), value: 25 }]);
  });

  it('removes the chart and every subscription on destroy, and ignores calls after it', async () => {
    const adapter = createChartAdapter(fakeContainer(), options);
    adapter.onCrosshair(() => undefined);
    adapter.setSeries([candle(0)]);
    adapter.setMarkers(factorsOfEvent(T0, 4, 0));
    await vi.dynamicImportSettled();
    adapter.destroy();
    expect(lwc.state.crosshair.size).toBe(0);
    expect(lwc.state.range.size).toBe(0);
    expect(lwc.state.detachPrimitive).toHaveBeenCalledTimes(1);
    expect(lwc.state.remove).toHaveBeenCalledTimes(1);
    const drawn = price()?.setData.mock.calls.length;
    adapter.setSeries([candle(0), candle(1)]);
    expect(price()?.setData).toHaveBeenCalledTimes(drawn ?? -1);
  });
});
