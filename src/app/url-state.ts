/**
 * The workspace in the URL: `?symbol=700.HK&interval=1d&adjust=forward&tz=market&tab=chart`.
 * A shared link opens the same view; a bad value falls back to its default with a notice, and so
 * does a value that does not apply to the instrument (an adjustment of EURUSD), which the URL
 * then leaves out: adjustment is written for stocks only. A link's moment (`at=`, an alert's
 * trigger time for the chart to go to) is read by url-moment.ts, loaded only for a link that has
 * one; it is never written back, so it leaves the URL on the first render.
 */
import { ADJUST_MODES, INTERVALS, PRODUCT_TYPES, type ProductType } from '#shared/contract.ts';
import { defaultAdjust } from '#shared/first-page.ts';
import { oneOf } from '#shared/one-of.ts';
import { isStockInstrument, LINK_SYMBOL_PATTERN } from '#shared/symbols.ts';
import {
  activeView,
  chartCount,
  LAYOUT_KINDS,
  MAX_CHARTS,
  shownCharts,
  SYNC_KEYS,
  type ChartLayout,
  type ChartView,
  type SyncFlags,
} from '../store/chart-layout';
import { DEFAULT_WORKSPACE, DISPLAY_ZONES, PANEL_TABS, type Workspace } from '../store/workspace-slice';

/** Reads a workspace from a query string; `problems` lists the values that were ignored. */
export function parseWorkspace(search: string, fallback: Workspace = DEFAULT_WORKSPACE): { workspace: Workspace; problems: string[] } {
  const params = new URLSearchParams(search);
  const problems: string[] = [];
  const read = <T extends string>(name: string, allowed: readonly T[], current: T): T => {
    const raw = params.get(name);
    if (raw === null || raw === '') return current;
    const value = oneOf(allowed, raw);
    if (value === undefined) problems.push(`${name} “${raw.slice(0, 24)}”`);
    return value ?? current;
  };
  let symbol = fallback.symbol;
  const rawSymbol = params.get('symbol');
  if (rawSymbol !== null && rawSymbol !== '') {
    if (LINK_SYMBOL_PATTERN.test(rawSymbol.trim())) symbol = rawSymbol.trim().toUpperCase();
    else problems.push(`symbol “${rawSymbol.slice(0, 24)}”`);
  }
  const rawType = params.get('type');
  const type: ProductType | undefined = rawType ? oneOf(PRODUCT_TYPES, rawType) : undefined;
  if (rawType && !type) problems.push(`type “${rawType.slice(0, 24)}”`);
  const workspace: Workspace = {
    symbol,
    interval: read('interval', INTERVALS, fallback.interval),
    adjust: read('adjust', ADJUST_MODES, fallback.adjust),
    zone: read('tz', DISPLAY_ZONES, fallback.zone),
    tab: read('tab', PANEL_TABS, fallback.tab),
  };
  if (type) workspace.type = type;
  if (!isStockInstrument(symbol, type) && workspace.adjust !== 'none') {
    // Reported only when the link asked for it: the default (stocks open forward) is not the link's.
    if (params.get('adjust')) problems.push(`adjust “${workspace.adjust}” (${symbol} has no adjusted prices)`);
    workspace.adjust = 'none';
  }
  return { workspace, problems };
}

/** The query string of a workspace (defaults included, so a link is explicit). */
export function serializeWorkspace(workspace: Workspace): string {
  const params = new URLSearchParams({ symbol: workspace.symbol });
  if (workspace.type) params.set('type', workspace.type);
  params.set('interval', workspace.interval);
  // The chosen adjustment stays in the workspace for the next stock; only a stock's link shows it.
  if (isStockInstrument(workspace.symbol, workspace.type)) params.set('adjust', workspace.adjust);
  params.set('tz', workspace.zone);
  params.set('tab', workspace.tab);
  return `?${params.toString()}`;
}

/** `700.HK~1d~forward`, with `~TYPE` when the chart was opened with one. */
function chartParam(view: ChartView): string {
  return [view.symbol, view.interval, view.adjust, ...(view.type ? [view.type] : [])].join('~');
}

/** A chart of a link; `problems` names an interval or adjustment it ignored (the chart still opens). */
function parseChart(text: string, fallback: ChartView, problems: string[]): ChartView | undefined {
  const [rawSymbol = '', interval, adjust, rawType] = text.split('~');
  const symbol = rawSymbol.trim().toUpperCase();
  if (!LINK_SYMBOL_PATTERN.test(symbol)) return undefined;
  const type = rawType === undefined ? undefined : oneOf(PRODUCT_TYPES, rawType);
  if (rawType !== undefined && !type) return undefined;
  const knownInterval = oneOf(INTERVALS, interval);
  if (interval && !knownInterval) problems.push(`interval “${interval.slice(0, 24)}” of ${symbol}`);
  const knownAdjust = oneOf(ADJUST_MODES, adjust);
  if (adjust && !knownAdjust) problems.push(`adjust “${adjust.slice(0, 24)}” of ${symbol}`);
  const view: ChartView = {
    symbol,
    interval: knownInterval ?? fallback.interval,
    // Adjustment applies to stocks only, as in the workspace's own parameters.
    adjust: isStockInstrument(symbol, type) ? (knownAdjust ?? defaultAdjust(symbol, type)) : 'none',
  };
  return type ? { ...view, type } : view;
}

/**
 * The layout of a link with `layout=` (1 chart links have none): `layout=4&charts=A~1d~none,…`
 * `&active=2&sync=crosshair,symbol`. The active chart takes the link's own symbol, interval and
 * adjustment (the workspace). undefined without `layout=`; a bad chart keeps its slot's default.
 */
export function parseLayout(search: string, workspace: Workspace, fallback: ChartLayout): { layout?: ChartLayout; problems: string[] } {
  const params = new URLSearchParams(search);
  const kind = oneOf(LAYOUT_KINDS, params.get('layout'));
  const problems: string[] = [];
  if (params.has('layout') && !kind) problems.push(`layout “${(params.get('layout') ?? '').slice(0, 24)}”`);
  if (!kind || kind === '1') return { problems };
  const charts = fallback.charts.slice();
  const given = new Set<number>();
  const chartTexts = (params.get('charts') ?? '').split(',');
  // More charts than any layout shows: named, not dropped silently.
  for (const text of chartTexts.slice(MAX_CHARTS)) if (text !== '') problems.push(`chart “${text.slice(0, 24)}” (${String(MAX_CHARTS)} at most)`);
  chartTexts.slice(0, MAX_CHARTS).forEach((text, index) => {
    const slot = charts[index];
    if (text === '' || !slot) return;
    const view = parseChart(text, slot, problems);
    if (view) {
      // A link does not carry indicators: the slot keeps its own, if it has them.
      charts[index] = slot.indicators ? { ...view, indicators: slot.indicators } : view;
      given.add(index);
    } else problems.push(`chart “${text.slice(0, 24)}”`);
  });
  const activeText = params.get('active');
  const active = Number(activeText ?? '0');
  const activeIndex = Number.isInteger(active) && active >= 0 && active < chartCount(kind) ? active : 0;
  if (activeText !== null && activeIndex !== active) problems.push(`active “${activeText.slice(0, 24)}”`);
  // The active chart is the link's `charts` entry; without one, the link's own symbol and interval.
  if (!given.has(activeIndex)) {
    const { symbol, type, interval, adjust } = workspace;
    const kept = charts[activeIndex]?.indicators;
    charts[activeIndex] = { symbol, ...(type && { type }), interval, adjust, ...(kept && { indicators: kept }) };
  }
  const syncText = params.get('sync');
  const syncKeys = syncText === null || syncText === '' ? [] : syncText.split(',');
  for (const key of syncKeys) if (!(SYNC_KEYS as readonly string[]).includes(key)) problems.push(`sync “${key.slice(0, 24)}”`);
  const sync = syncText === null ? fallback.sync : (Object.fromEntries(SYNC_KEYS.map((key) => [key, syncKeys.includes(key)])) as SyncFlags);
  return { layout: { kind, charts, active: activeIndex, sync }, problems };
}

/**
 * What a link opens: its workspace (whose symbol, type, interval and adjustment are the active
 * chart's when the link has a layout) and its layout, if any.
 */
export function parseLink(search: string, fallback: ChartLayout): { workspace: Workspace; layout?: ChartLayout; problems: string[] } {
  const parsed = parseWorkspace(search);
  const { layout, problems } = parseLayout(search, parsed.workspace, fallback);
  if (!layout) return { workspace: parsed.workspace, problems: [...parsed.problems, ...problems] };
  const { type: _type, ...rest } = parsed.workspace;
  return { workspace: { ...rest, ...activeView(layout) }, layout, problems: [...parsed.problems, ...problems] };
}

/**
 * What a link opens: its own layout (`layout=`); one chart for a link naming a symbol; the saved
 * layout, with its active chart, for a bare visit (the store loaded it).
 */
export function linkView(search: string, saved: ChartLayout): { workspace: Workspace; layout: ChartLayout; problems: string[] } {
  const { workspace, layout, problems } = parseLink(search, saved);
  if (layout) return { workspace, layout, problems };
  if (new URLSearchParams(search).get('symbol') !== null || saved.kind === '1') return { workspace, layout: { ...saved, kind: '1' }, problems };
  const { type: _type, ...rest } = workspace;
  return { workspace: { ...rest, ...activeView(saved) }, layout: saved, problems };
}

/** The layout's part of a link: empty for one chart. */
export function serializeLayout(layout: ChartLayout): string {
  if (layout.kind === '1') return '';
  // Written by hand: every part is [A-Za-z0-9._-] or ~ and , which URLSearchParams would escape.
  const charts = shownCharts(layout).map(chartParam).join(',');
  const sync = SYNC_KEYS.filter((key) => layout.sync[key]).join(',');
  return `&layout=${layout.kind}&charts=${charts}&active=${String(layout.active)}&sync=${sync}`;
}
