/**
 * What a share carries (shared/share-protocol.ts), made from this browser's watchlist or layout,
 * and read back by the browser that opens it: symbols that are symbols, a layout the app can
 * show, the drawings that pass the drawings' own schema (a bad one is skipped and counted).
 */
import type { SharedLayout, SharedWatchlist } from '#shared/share-protocol.ts';
import { LINK_SYMBOL_PATTERN } from '#shared/symbols.ts';
import type { Drawing } from '../../features/chart/drawings/drawing-model';
import { parseDrawings } from '../../features/chart/drawings/drawing-schema';
import { shownCharts, type ChartLayout } from '../../store/chart-layout';
import { readLayout } from '../../store/persisted-state';
import type { Watchlist } from '../../store/watchlists-slice';
import { SHARE_PARAM } from './share-at-load';

export function watchlistShareValue(list: Pick<Watchlist, 'symbols'>): SharedWatchlist {
  return { symbols: [...list.symbols] };
}

/** The layout and the drawings of the symbols its charts show. */
export function layoutShareValue(layout: ChartLayout, drawingsOf: (symbol: string) => readonly Drawing[]): SharedLayout {
  const drawings: Record<string, Drawing[]> = {};
  for (const { symbol } of shownCharts(layout)) {
    const own = drawingsOf(symbol);
    if (own.length > 0) drawings[symbol] = [...own];
  }
  return { layout, drawings };
}

/** The symbols of a shared watchlist that read as symbols, each once. */
export function readSharedWatchlist(value: unknown): string[] | undefined {
  const symbols = (value as { symbols?: unknown } | null)?.symbols;
  if (!Array.isArray(symbols)) return undefined;
  const valid = symbols.filter((symbol): symbol is string => typeof symbol === 'string' && LINK_SYMBOL_PATTERN.test(symbol));
  return [...new Set(valid.map((symbol) => symbol.toUpperCase()))];
}

export interface OpenedLayout {
  layout: ChartLayout;
  drawings: Map<string, Drawing[]>;
  /** Drawings (or a chart's indicators) that were damaged and left out. */
  dropped: number;
}

/** How many of a shared layout's drawings the user does not hold yet (by id): what using it adds. */
export function drawingsToAdd(drawings: ReadonlyMap<string, readonly Drawing[]>, held: (symbol: string) => readonly Drawing[]): number {
  let count = 0;
  for (const [symbol, list] of drawings) {
    const taken = new Set(held(symbol).map((drawing) => drawing.id));
    count += list.filter((drawing) => !taken.has(drawing.id)).length;
  }
  return count;
}

/** A shared layout as this app reads it; undefined when its layout is damaged. */
export function readSharedLayout(value: unknown): OpenedLayout | undefined {
  const shared = value as Partial<SharedLayout> | null;
  const read = readLayout(shared?.layout);
  if (read === undefined) return undefined;
  const drawings = new Map<string, Drawing[]>();
  let dropped = read.ok ? 0 : 1;
  const shown = new Set(shownCharts(read.layout).map((view) => view.symbol));
  for (const [symbol, list] of Object.entries(shared?.drawings ?? {})) {
    if (!shown.has(symbol)) continue;
    const parsed = parseDrawings(list);
    dropped += parsed.dropped;
    if (parsed.drawings.length > 0) drawings.set(symbol, parsed.drawings);
  }
  return { layout: read.layout, drawings, dropped };
}

/** The link that opens share `id` on this page's server. */
export function shareLink(origin: string, id: string): string {
  return `${origin}/?${SHARE_PARAM}=${id}`;
}
