/**
 * What the user is looking at: symbol, interval, adjustment, display time zone and open panel.
 * Mirrored in the URL (src/app/url-state.ts) so a view can be shared and reloaded.
 */
import type { MessageKey } from '../i18n/t';
import type { StateCreator } from 'zustand';
import type { AdjustMode, Interval, ProductType } from '#shared/contract.ts';
import { COLD_VISIT_CHART } from '#shared/first-page.ts';
import * as layouts from './chart-layout';
import { activeView, defaultLayout, type ChartLayout, type ChartView } from './chart-layout';

export const PANEL_TABS = ['chart', 'intraday', 'info', 'trades', 'hk', 'book', 'screener'] as const;
export type PanelTab = (typeof PANEL_TABS)[number];

export const DISPLAY_ZONES = ['market', 'local', 'utc'] as const;
export type DisplayZone = (typeof DISPLAY_ZONES)[number];

export interface Workspace {
  symbol: string;
  /** Set when the symbol is ambiguous without it (AMBIGUOUS_SYMBOL) or chosen from search. */
  type?: ProductType;
  interval: Interval;
  adjust: AdjustMode;
  zone: DisplayZone;
  tab: PanelTab;
}

/** The server carries this chart's first history page in the page (shared/first-page.ts). */
export const DEFAULT_WORKSPACE: Workspace = { ...COLD_VISIT_CHART, zone: 'market', tab: 'chart' };

export interface Notice {
  id: number;
  tone: 'info' | 'warning';
  /** The words, or how to say them: read at each render, so a notice follows a language switch. */
  text: NoticeText;
}
/** Words as they are, a function saying them, or a message of the first screen's catalog. */
export type NoticeText = string | (() => string) | { key: MessageKey };

/** Remembered answers to AMBIGUOUS_SYMBOL, at most this many (the oldest go first). */
export const MAX_SYMBOL_TYPES = 200;

/** The words of a notice in the active language; `translate` reads a catalog key. */
export function noticeText(text: NoticeText, translate: (key: MessageKey) => string): string {
  if (typeof text === 'string') return text;
  return typeof text === 'function' ? text() : translate(text.key);
}

function sameText(a: NoticeText, b: NoticeText): boolean {
  if (typeof a === 'object' && typeof b === 'object') return a.key === b.key;
  return a === b;
}

export interface WorkspaceSlice {
  /** What the screen shows; its symbol, type, interval and adjustment are the active chart's. */
  workspace: Workspace;
  /** The charts of the chart tab (src/store/chart-layout.ts). */
  layout: ChartLayout;
  notices: Notice[];
  /** The type the user chose for symbols listed under several types (persisted). */
  symbolTypes: Record<string, ProductType>;
  /** Opens a symbol; without `type`, the remembered type for it, if any. */
  openSymbol: (symbol: string, type?: ProductType) => void;
  rememberType: (symbol: string, type: ProductType) => void;
  setInterval: (interval: Interval) => void;
  setAdjust: (adjust: AdjustMode) => void;
  setZone: (zone: DisplayZone) => void;
  setTab: (tab: PanelTab) => void;
  replaceWorkspace: (workspace: Workspace) => void;
  /** Chart `index` of the layout (the active one's changes reach the workspace too). */
  setChartInterval: (index: number, interval: Interval) => void;
  setChartAdjust: (index: number, adjust: AdjustMode) => void;
  /**
   * The layout as `change` makes it (src/store/layout-changes.ts, a link, the saved state); the
   * workspace takes its active chart.
   */
  updateLayout: (change: (layout: ChartLayout) => ChartLayout) => void;
  pushNotice: (tone: Notice['tone'], text: NoticeText) => void;
  dismissNotice: (id: number) => void;
}

let nextNoticeId = 1;

/** The workspace with `symbol` opened: its given type, or the one remembered for it, if any. */
export function withSymbolOpened(state: Pick<WorkspaceSlice, 'workspace' | 'symbolTypes'>, symbol: string, type?: ProductType): Workspace {
  const chosen = type ?? state.symbolTypes[symbol];
  const { type: _previous, ...rest } = state.workspace;
  return chosen ? { ...rest, symbol, type: chosen } : { ...rest, symbol };
}

function viewOf(workspace: Workspace): ChartView {
  const { symbol, type, interval, adjust } = workspace;
  return type ? { symbol, type, interval, adjust } : { symbol, interval, adjust };
}

/** The layout and the workspace with the layout's active chart in it. */
function withLayout(workspace: Workspace, layout: ChartLayout): Pick<WorkspaceSlice, 'workspace' | 'layout'> {
  const { type: _type, ...rest } = workspace;
  const view = activeView(layout);
  const next: Workspace = { ...rest, ...view };
  const same = next.symbol === workspace.symbol && next.type === workspace.type && next.interval === workspace.interval && next.adjust === workspace.adjust;
  return { workspace: same ? workspace : next, layout };
}

type SetState = Parameters<StateCreator<WorkspaceSlice, [], [], WorkspaceSlice>>[0];

/** A change of the layout, mirrored into the workspace. */
function changeLayout(set: SetState, change: (layout: ChartLayout, state: WorkspaceSlice) => ChartLayout): void {
  set((state) => {
    const layout = change(state.layout, state);
    return layout === state.layout ? {} : withLayout(state.workspace, layout);
  });
}

export const DEFAULT_LAYOUT: ChartLayout = defaultLayout(viewOf(DEFAULT_WORKSPACE));

export const createWorkspaceSlice: StateCreator<WorkspaceSlice, [], [], WorkspaceSlice> = (set) => ({
  workspace: DEFAULT_WORKSPACE,
  layout: DEFAULT_LAYOUT,
  notices: [],
  symbolTypes: {},
  openSymbol: (symbol, type) => {
    changeLayout(set, (layout, state) => layouts.openOnChart(layout, layout.active, symbol, type ?? state.symbolTypes[symbol]));
  },
  setChartInterval: (index, interval) => {
    changeLayout(set, (layout) => layouts.setChartInterval(layout, index, interval));
  },
  setChartAdjust: (index, adjust) => {
    changeLayout(set, (layout) => layouts.setChartAdjust(layout, index, adjust));
  },
  updateLayout: (change) => {
    changeLayout(set, change);
  },
  rememberType: (symbol, type) => {
    set((state) => {
      const entries = Object.entries(state.symbolTypes).filter(([known]) => known !== symbol);
      entries.push([symbol, type]);
      return { symbolTypes: Object.fromEntries(entries.slice(-MAX_SYMBOL_TYPES)) };
    });
  },
  setInterval: (interval) => {
    changeLayout(set, (layout) => layouts.setChartInterval(layout, layout.active, interval));
  },
  setAdjust: (adjust) => {
    changeLayout(set, (layout) => layouts.setChartAdjust(layout, layout.active, adjust));
  },
  setZone: (zone) => {
    set((state) => ({ workspace: { ...state.workspace, zone } }));
  },
  setTab: (tab) => {
    set((state) => ({ workspace: { ...state.workspace, tab } }));
  },
  replaceWorkspace: (workspace) => {
    set((state) => {
      const charts = state.layout.charts.slice();
      // The chart keeps what the workspace does not hold (its own indicators).
      const { type: _type, symbol: _symbol, interval: _interval, adjust: _adjust, ...kept } = charts[state.layout.active] ?? {};
      charts[state.layout.active] = { ...kept, ...viewOf(workspace) };
      return { workspace, layout: { ...state.layout, charts } };
    });
  },
  pushNotice: (tone, text) => {
    set((state) => ({ notices: [...state.notices.filter((notice) => !sameText(notice.text, text)), { id: nextNoticeId++, tone, text }] }));
  },
  dismissNotice: (id) => {
    set((state) => ({ notices: state.notices.filter((notice) => notice.id !== id) }));
  },
});
