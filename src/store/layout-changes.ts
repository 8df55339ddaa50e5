/**
 * The layout's own changes, made from its menu and its charts (loaded with them, not on the first
 * page): its shape, the active chart, what the charts keep in step. Pure, like chart-layout.ts.
 */
import { defaultAdjust } from '#shared/first-page.ts';
import { activeView, chartCount, openOnChart, setChartInterval, SLOT_SYMBOLS, type ChartLayout, type LayoutKind, type SyncKey } from './chart-layout';

/** The same layout with `kind`; the active chart stays active when still shown, else the first. */
export function setLayoutKind(layout: ChartLayout, kind: LayoutKind): ChartLayout {
  if (kind === layout.kind) return layout;
  if (layout.kind === '1') return { ...withDistinctSlots(layout), kind };
  const from = slotLeaving(layout, kind);
  if (from === undefined) return { ...layout, kind };
  // The active chart changes places with the first, so the screen keeps showing what it showed
  // (whatever is kept by slot, the comparisons, swaps alike: swapComparisons).
  const charts = layout.charts.slice();
  const first = charts[0];
  const active = charts[from];
  if (!first || !active) return { ...layout, kind, active: 0 };
  charts[0] = active;
  charts[from] = first;
  return { ...layout, kind, active: 0, charts };
}

/** The active chart's slot when a change to `kind` leaves it off screen (it then swaps with the first). */
export function slotLeaving(layout: ChartLayout, kind: LayoutKind): number | undefined {
  return kind !== layout.kind && layout.kind !== '1' && layout.active >= chartCount(kind) ? layout.active : undefined;
}

/**
 * The layout with each other slot that repeats the active chart (same symbol and interval: a
 * second copy of one chart, as after opening that symbol in one chart) given a symbol not on
 * screen, so a layout opened from one chart shows as many different charts as it has.
 */
function withDistinctSlots(layout: ChartLayout): ChartLayout {
  const active = activeView(layout);
  const used = new Set(layout.charts.map((view) => view.symbol));
  const spare = SLOT_SYMBOLS.filter((symbol) => !used.has(symbol));
  const charts = layout.charts.map((view, index) => {
    if (index === layout.active || view.symbol !== active.symbol || view.interval !== active.interval) return view;
    const symbol = spare.shift();
    return symbol ? { symbol, interval: active.interval, adjust: defaultAdjust(symbol) } : view;
  });
  return { ...layout, charts };
}

export function setActiveChart(layout: ChartLayout, index: number): ChartLayout {
  if (index === layout.active || index < 0 || index >= chartCount(layout.kind)) return layout;
  return { ...layout, active: index };
}

/**
 * Turning symbol or interval sync on brings every shown chart to the active chart's symbol or
 * interval at once (as TradingView does), so the toggle's state and the screen agree.
 */
export function setSync(layout: ChartLayout, key: SyncKey, on: boolean): ChartLayout {
  const next = { ...layout, sync: { ...layout.sync, [key]: on } };
  const active = activeView(layout);
  if (on && key === 'symbol') return openOnChart(next, layout.active, active.symbol, active.type);
  if (on && key === 'interval') return setChartInterval(next, layout.active, active.interval);
  return next;
}
