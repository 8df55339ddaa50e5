/**
 * Several charts on one screen: the layout's shape, what each chart shows, which one is active and
 * what the charts keep in step. Pure functions over plain data, so the store, the URL and the
 * saved state share them. The active chart's view is mirrored in the workspace (symbol, type,
 * interval, adjustment), so the header, the search, the shortcuts and the other panels follow
 * the active chart without knowing about layouts.
 */
import type { AdjustMode, Interval, ProductType } from '#shared/contract.ts';
import { defaultAdjust } from '#shared/first-page.ts';
import { isStockInstrument } from '#shared/symbols.ts';
import type { IndicatorList } from './indicator-list';

/** 1 chart; 2 side by side or stacked; 3 (one large on the left, two stacked on the right); 2 × 2. */
export const LAYOUT_KINDS = ['1', '2h', '2v', '3', '4'] as const;
export type LayoutKind = (typeof LAYOUT_KINDS)[number];

/** The most charts a layout shows: the slots are kept, so 4 → 1 → 4 brings the others back. */
export const MAX_CHARTS = 4;

export interface ChartView {
  symbol: string;
  type?: ProductType;
  interval: Interval;
  adjust: AdjustMode;
  /** The chart's own indicators, once set on it in a layout; absent: the preferences' list. */
  indicators?: IndicatorList;
}

export const SYNC_KEYS = ['crosshair', 'symbol', 'interval', 'range'] as const;
export type SyncKey = (typeof SYNC_KEYS)[number];
export type SyncFlags = Record<SyncKey, boolean>;

export interface ChartLayout {
  kind: LayoutKind;
  /** Always MAX_CHARTS views; the first chartCount(kind) are shown. */
  charts: ChartView[];
  /** Index of the active chart (< chartCount(kind)). */
  active: number;
  sync: SyncFlags;
}

/** The other slots' first symbols: one per market, so a new 2 × 2 shows four different things. */
export const SLOT_SYMBOLS = ['AAPL.US', '700.HK', 'EURUSD', 'BTCUSDT'] as const;

export const NO_SYNC: SyncFlags = { crosshair: false, symbol: false, interval: false, range: false };

export function defaultLayout(first: ChartView): ChartLayout {
  const others = SLOT_SYMBOLS.filter((symbol) => symbol !== first.symbol);
  const charts = [first, ...others.slice(0, MAX_CHARTS - 1).map((symbol) => ({ symbol, interval: first.interval, adjust: defaultAdjust(symbol) }))];
  return { kind: '1', charts, active: 0, sync: { ...NO_SYNC, crosshair: true } };
}

export function chartCount(kind: LayoutKind): number {
  return kind === '1' ? 1 : kind === '4' ? 4 : kind === '3' ? 3 : 2;
}

/** The charts shown, in order. */
export function shownCharts(layout: ChartLayout): ChartView[] {
  return layout.charts.slice(0, chartCount(layout.kind));
}

function sameView(a: ChartView, b: ChartView): boolean {
  return a.symbol === b.symbol && a.type === b.type && a.interval === b.interval && a.adjust === b.adjust;
}

function replaceChart(layout: ChartLayout, index: number, view: ChartView): ChartLayout {
  const current = layout.charts[index];
  if (!current || sameView(current, view)) return layout;
  const charts = layout.charts.slice();
  charts[index] = view;
  return { ...layout, charts };
}

/** The view without a type, or with `type` when given. */
function withType(view: ChartView, symbol: string, type: ProductType | undefined): ChartView {
  const { type: _previous, ...kept } = view;
  // A chart of something with nothing to adjust takes the stock default when it opens a stock.
  const rest = isStockInstrument(view.symbol, view.type) ? kept : { ...kept, adjust: defaultAdjust(symbol, type) };
  return type ? { ...rest, symbol, type } : { ...rest, symbol };
}

/**
 * Chart `index` shows `symbol`; with symbol sync every shown chart does. The type goes with the
 * symbol (a remembered answer to an ambiguous code applies wherever it is opened).
 */
export function openOnChart(layout: ChartLayout, index: number, symbol: string, type?: ProductType): ChartLayout {
  return changeCharts(layout, layout.sync.symbol ? shownIndexes(layout) : [index], (view) => withType(view, symbol, type));
}

/** Chart `index` draws `interval`; with interval sync every shown chart does. */
export function setChartInterval(layout: ChartLayout, index: number, interval: Interval): ChartLayout {
  return changeCharts(layout, layout.sync.interval ? shownIndexes(layout) : [index], (view) => ({ ...view, interval }));
}

/** Chart `index` draws its own `indicators` from now on. */
export function setChartIndicators(layout: ChartLayout, index: number, indicators: IndicatorList): ChartLayout {
  const view = layout.charts[index];
  if (!view || view.indicators === indicators) return layout;
  const charts = layout.charts.slice();
  charts[index] = { ...view, indicators };
  return { ...layout, charts };
}

export function setChartAdjust(layout: ChartLayout, index: number, adjust: AdjustMode): ChartLayout {
  return changeCharts(layout, [index], (view) => ({ ...view, adjust }));
}

/** The layout with `change` applied to the charts at `indexes` (the same object when nothing changed). */
function changeCharts(layout: ChartLayout, indexes: readonly number[], change: (view: ChartView) => ChartView): ChartLayout {
  return indexes.reduce((next, at) => {
    const view = next.charts[at];
    return view ? replaceChart(next, at, change(view)) : next;
  }, layout);
}

export function shownIndexes(layout: ChartLayout): number[] {
  return Array.from({ length: chartCount(layout.kind) }, (_, index) => index);
}

/** The active chart's view (the first chart's if the index were ever out of range). */
export function activeView(layout: ChartLayout): ChartView {
  return layout.charts[layout.active] ?? layout.charts[0] ?? FALLBACK_VIEW;
}

const FALLBACK_VIEW: ChartView = { symbol: 'AAPL.US', interval: '1d', adjust: 'forward' };
