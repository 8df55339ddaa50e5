/**
 * A layout link's charts checked against the catalogue, after the first candle, by the notices
 * (on demand: the link's other values are checked as it is read, on the first page: src/app/url-state.ts;
 * a symbol needs the catalogue, which loads on demand too). A chart whose symbol the catalogue does not
 * know (`charts=ZZZ~1d~none`) is reported by name and replaced by its slot's default chart, so the
 * stored layout keeps the link's good charts and never the bad one. The link is the URL the page
 * was opened with (the address bar's is rewritten from the store at once), not a reload's.
 */
import type { QueryClient } from '@tanstack/react-query';
import { t } from '../i18n/t';
import { useAppStore } from '../store/app-store';
import { chartCount, type ChartLayout } from '../store/chart-layout';
import { DEFAULT_LAYOUT } from '../store/workspace-slice';
import { parseLink } from './url-state';
// Last: imported first, the catalogue's query moves ahead in the first page's chunk, which then compresses worse.
import { catalogQueryOptions } from '../queries/use-catalog';

/**
 * `current` with each shown chart the link opened on an unknown symbol (and still showing it)
 * replaced by a default chart not shown already (its slot's, if free); the unknown symbols, once each.
 */
export function withoutUnknownCharts(
  current: ChartLayout,
  linked: ChartLayout,
  known: (symbol: string) => boolean,
): { layout: ChartLayout; unknown: string[] } {
  const count = chartCount(current.kind);
  const unknown = new Set<string>();
  const shown = new Set(current.charts.slice(0, count).map(({ symbol }) => symbol));
  const charts = current.charts.map((view, index) => {
    if (index >= count || linked.charts[index]?.symbol !== view.symbol || known(view.symbol)) return view;
    const replacement = [DEFAULT_LAYOUT.charts[index], ...DEFAULT_LAYOUT.charts].find((chart) => chart !== undefined && !shown.has(chart.symbol));
    if (replacement === undefined) return view;
    unknown.add(view.symbol);
    shown.add(replacement.symbol);
    return replacement;
  });
  return { layout: unknown.size === 0 ? current : { ...current, charts }, unknown: [...unknown] };
}

/** The query string of the link the page was opened with; undefined for a reload (the page's own URL). */
function openingLink(): string | undefined {
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return entry === undefined || entry.type === 'reload' ? undefined : new URL(entry.name).search;
}

export async function checkLinkCharts(queryClient: QueryClient, linked: ChartLayout): Promise<void> {
  let known: (symbol: string) => boolean;
  try {
    const catalog = await queryClient.query(catalogQueryOptions());
    known = (symbol) => catalog.lookup(symbol).length > 0;
  } catch {
    // Without the catalogue nothing can be told: each chart shows its own answer.
    return;
  }
  let unknown: string[] = [];
  useAppStore.getState().updateLayout((current) => {
    const checked = withoutUnknownCharts(current, linked, known);
    unknown = checked.unknown;
    return checked.layout;
  });
  if (unknown.length > 0)
    useAppStore.getState().pushNotice('warning', () => t('Not in the catalogue, so not opened from this link: {symbols}.', { symbols: unknown.join(', ') }));
}

/** Checks the charts of the layout link the page opened with, if it did. */
export async function checkOpeningLink(queryClient: QueryClient): Promise<void> {
  const search = openingLink();
  const linked = search === undefined ? undefined : parseLink(search, DEFAULT_LAYOUT).layout;
  if (linked !== undefined) await checkLinkCharts(queryClient, linked);
}
