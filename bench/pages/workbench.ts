/**
 * The main chart as a trader's workbench loads it: the app's chart adapter with its default
 * indicators and 2,000 candles, plain or carrying 50 drawings (every tool, spread over the view)
 * and 10 alert lines, drawn by the same primitives the app uses. The driver
 * (bench/browser/workbench.ts) compares live updates and pans of the two.
 */
import { createChartAdapter, type ChartAdapter } from '../../src/features/chart/chart-adapter.ts';
import { DrawingPrimitive, type ShownDrawing } from '../../src/features/chart/drawings/drawing-primitive.ts';
import { ANCHOR_COUNT, DEFAULT_FIB_LEVELS, DEFAULT_STYLE, TOOL_KINDS, type Drawing } from '../../src/features/chart/drawings/drawing-model.ts';
import type { Candle } from '#shared/candle.ts';
import { AlertLinePrimitive } from '../../src/features/alerts/alert-line-primitive.ts';
import { DEFAULT_PREFERENCES } from '../../src/store/preferences-slice.ts';
import { deterministicBars, liveUpdates } from './bars.ts';
import { measureFrame, nextFrame, wheelPan, type FrameCost } from './frames.ts';
import { chartSlot, fullPageColumn } from './layout.ts';
import type { WorkbenchBench } from './workbench-api.ts';

const BAR_COUNT = 2_000;
const DRAWINGS = 50;
const ALERT_LINES = 10;
/** Wheel delta per pan frame (0.8 px per unit: 10 candles of 8 px); the direction turns every PAN_TURN frames to stay inside the history. */
const PAN_WHEEL_DELTA = -100;
const PAN_TURN = 40;

const candles = deterministicBars(BAR_COUNT);
const slot = chartSlot(fullPageColumn(), 'Workbench chart, 2,000 candles');

/** 50 drawings cycling through every tool, anchored on the last 300 candles (in view and just left of it). */
function benchDrawings(): ShownDrawing[] {
  const recent = candles.slice(-300);
  return Array.from({ length: DRAWINGS }, (_, i) => {
    const kind = TOOL_KINDS[i % TOOL_KINDS.length] ?? 'trend-line';
    const anchors = Array.from({ length: ANCHOR_COUNT[kind] }, (_unused, a) => {
      const candle = recent[(i * 5 + a * 20) % recent.length] as Candle;
      return { time: candle.time, price: a % 2 === 0 ? candle.high : candle.low };
    });
    const drawing: Drawing = {
      id: `bench-${String(i)}`,
      kind,
      anchors,
      style: DEFAULT_STYLE,
      locked: false,
      ...(kind === 'text' && { text: `Note ${String(i)}` }),
      ...(kind === 'fib-retracement' && { levels: [...DEFAULT_FIB_LEVELS] }),
    };
    return { drawing, anchors };
  });
}

let chart: ChartAdapter | undefined;
let last: Candle | undefined;

const bench: WorkbenchBench = {
  async load(kind) {
    chart?.destroy();
    const fresh = createChartAdapter(slot, {
      theme: 'dark',
      colors: 'green-up',
      scale: 'normal',
      indicators: DEFAULT_PREFERENCES.indicators,
      decimals: 2,
      zone: 'utc',
      marketTimeZone: 'UTC',
      intraday: true,
      periodic: false,
    });
    chart = fresh;
    fresh.setSeries(candles);
    last = candles.at(-1);
    if (kind === 'workbench') {
      const primitive = new DrawingPrimitive(fresh.surface, () => undefined);
      fresh.surface.priceSeries.attachPrimitive(primitive);
      primitive.setDrawings(benchDrawings());
      const close = last?.close ?? 100;
      const lines = Array.from({ length: ALERT_LINES }, (_, i) => ({
        key: `bench-${String(i)}`,
        alertId: `bench-${String(i)}`,
        price: close * (1 + (i - ALERT_LINES / 2) * 0.004),
        title: 'Alert',
        color: '#f59e0b',
        draggable: true,
      }));
      const alertLines = new AlertLinePrimitive(fresh.surface);
      fresh.surface.priceSeries.attachPrimitive(alertLines);
      alertLines.setLines(lines);
    }
    await nextFrame();
    await nextFrame();
  },
  async liveUpdates(count) {
    const costs: FrameCost[] = [];
    if (!chart || !last) return costs;
    const target = chart;
    for (const candle of liveUpdates(last, count)) {
      last = candle;
      costs.push(
        await measureFrame(() => {
          target.updateLast(candle);
        }),
      );
    }
    return costs;
  },
  async pan(frames) {
    const wheelTarget = slot.querySelector('.tv-lightweight-charts');
    return wheelTarget ? wheelPan(wheelTarget, { deltaX: PAN_WHEEL_DELTA, frames, turnEvery: PAN_TURN }) : [];
  },
};

window.chartroomWorkbench = bench;
