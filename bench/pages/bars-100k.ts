/**
 * 100k bars on the app's chart adapter (top) beside a bare lightweight-charts chart (bottom) with
 * the same candles and volume: the bench driver loads, updates and pans each through
 * `window.chartroomBench` (bars-100k-api.ts) and compares them.
 */
import {
  CandlestickSeries,
  ColorType,
  createChart,
  HistogramSeries,
  type CandlestickData,
  type HistogramData,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import { createChartAdapter, type ChartAdapter, type ChartAdapterOptions } from '../../src/features/chart/chart-adapter.ts';
import { chartPalette } from '../../src/features/chart/chart-palette.ts';
import type { Candle } from '#shared/candle.ts';
import { DEFAULT_PREFERENCES } from '../../src/store/preferences-slice.ts';
import type { BarsBench, ChartKind } from './bars-100k-api.ts';
import { deterministicBars, liveUpdates } from './bars.ts';
import { measureFrame, nextFrame, wheelPan, type FrameCost } from './frames.ts';
import { chartSlot, fullPageColumn } from './layout.ts';

const BAR_COUNT = 100_000;
/** Horizontal wheel delta per frame: lightweight-charts scrolls 0.8 px per unit, so 100 bars of 8 px. */
const PAN_WHEEL_DELTA = -1_000;
/** The adapter shows one candle per 8 px on load; the bare chart is given the same view. */
const INITIAL_BAR_PX = 8;

const palette = chartPalette('dark', 'green-up');
const candles = deterministicBars(BAR_COUNT);
const column = fullPageColumn();
const adapterSlot = chartSlot(column, 'Chart adapter, 100k bars');
const bareSlot = chartSlot(column, 'Bare lightweight-charts, 100k bars');

const chartTime = (ms: number) => (ms / 1000) as UTCTimestamp;
const toCandle = (c: Candle): CandlestickData => ({ time: chartTime(c.time), open: c.open, high: c.high, low: c.low, close: c.close });
const toVolume = (c: Candle): HistogramData => ({ time: chartTime(c.time), value: c.volume, color: c.close >= c.open ? palette.volumeUp : palette.volumeDown });
// The bare chart gets data already in the library's shape: mapping is part of what the adapter adds.
const bareCandles = candles.map(toCandle);
const bareVolumes = candles.map(toVolume);

function adapterOptions(kind: 'adapter' | 'adapter-ma'): ChartAdapterOptions {
  const indicators = kind === 'adapter-ma' ? DEFAULT_PREFERENCES.indicators : [];
  return { theme: 'dark', colors: 'green-up', scale: 'normal', indicators, decimals: 2, zone: 'utc', marketTimeZone: 'UTC', intraday: true, periodic: false };
}

interface BareChart {
  chart: IChartApi;
  price: ISeriesApi<'Candlestick'>;
  volume: ISeriesApi<'Histogram'>;
}

function createBareChart(): BareChart {
  const chart = createChart(bareSlot, {
    autoSize: true,
    layout: { background: { type: ColorType.Solid, color: palette.background }, textColor: palette.text, attributionLogo: false },
    grid: { vertLines: { color: palette.grid }, horzLines: { color: palette.grid } },
    timeScale: { rightOffset: 3, timeVisible: true, secondsVisible: false },
  });
  const colors = {
    upColor: palette.up,
    downColor: palette.down,
    borderUpColor: palette.up,
    borderDownColor: palette.down,
    wickUpColor: palette.up,
    wickDownColor: palette.down,
  };
  const price = chart.addSeries(CandlestickSeries, colors, 0);
  const volume = chart.addSeries(HistogramSeries, { priceFormat: { type: 'volume' }, priceLineVisible: false, lastValueVisible: false }, 1);
  volume.getPane().setStretchFactor(0.25);
  return { chart, price, volume };
}

let adapter: { kind: ChartKind; chart: ChartAdapter } | undefined;
/** The last live candle given to each chart since it was loaded: the next series starts after it. */
const lastLive = new Map<ChartKind, Candle>();
let bare: BareChart | undefined;

function chartOf(kind: ChartKind): { update: (candle: Candle) => void; wheelTarget: Element } {
  const slot = kind === 'bare' ? bareSlot : adapterSlot;
  const wheelTarget = slot.querySelector('.tv-lightweight-charts');
  if (kind === 'bare' && bare && wheelTarget) {
    const { price, volume } = bare;
    return {
      wheelTarget,
      update: (candle) => {
        price.update(toCandle(candle));
        volume.update(toVolume(candle));
      },
    };
  }
  if (adapter?.kind === kind && wheelTarget) {
    const { chart } = adapter;
    return {
      wheelTarget,
      update: (candle) => {
        chart.updateLast(candle);
      },
    };
  }
  throw new Error(`load a ${kind} chart first`);
}

const bench: BarsBench = {
  barCount: BAR_COUNT,
  async load(kind) {
    lastLive.delete(kind);
    if (kind === 'bare') {
      bare?.chart.remove();
      const fresh = createBareChart();
      bare = fresh;
      await nextFrame();
      return measureFrame(() => {
        fresh.price.setData(bareCandles);
        fresh.volume.setData(bareVolumes);
        const wanted = Math.max(40, Math.round(bareSlot.clientWidth / INITIAL_BAR_PX));
        fresh.chart.timeScale().setVisibleLogicalRange({ from: BAR_COUNT - wanted, to: BAR_COUNT + 2 });
      });
    }
    adapter?.chart.destroy();
    const chart = createChartAdapter(adapterSlot, adapterOptions(kind));
    adapter = { kind, chart };
    await nextFrame();
    return measureFrame(() => {
      chart.setSeries(candles);
    });
  },
  async liveUpdates(kind, count, budgetMs) {
    const { update } = chartOf(kind);
    const stopAt = performance.now() + budgetMs;
    const costs: FrameCost[] = [];
    const last = lastLive.get(kind) ?? candles.at(-1);
    if (!last) return costs;
    for (const candle of liveUpdates(last, count)) {
      if (performance.now() > stopAt) break;
      lastLive.set(kind, candle);
      costs.push(
        await measureFrame(() => {
          update(candle);
        }),
      );
    }
    return costs;
  },
  pan(kind, frames, budgetMs) {
    return wheelPan(chartOf(kind).wheelTarget, { deltaX: PAN_WHEEL_DELTA, frames, budgetMs });
  },
};

window.chartroomBench = bench;
