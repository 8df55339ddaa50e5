/**
 * Sorting a watchlist by one of its columns: a header click goes descending, then ascending,
 * then off (the user's own order). Symbols without the figure (no quote yet, unknown) go last in
 * either direction; ties keep the user's order, so a sort never shuffles equal rows.
 */
import type { Ticker } from '../../api/quote-schemas';
import { tickerValues } from '../../components/live-quote/ticker-figures';
import type { SortColumn, WatchlistSort } from '../../store/watchlist-view';

export function nextSort(current: WatchlistSort | undefined, column: SortColumn): WatchlistSort | undefined {
  if (current?.column !== column) return { column, direction: 'descending' };
  return current.direction === 'descending' ? { column, direction: 'ascending' } : undefined;
}

function numberOf(text: string | undefined): number | undefined {
  const value = text === undefined ? NaN : Number(text);
  return Number.isFinite(value) ? value : undefined;
}

/** The figure a column sorts by, or undefined when the quote lacks it. */
export function columnValue(ticker: Ticker | undefined, column: SortColumn): number | undefined {
  if (!ticker) return undefined;
  if (column === 'volume') return numberOf(ticker.volume_24h);
  if (column === 'turnover') return numberOf(ticker.quote_volume_24h);
  const value = tickerValues(ticker)[column];
  return Number.isFinite(value) ? value : undefined;
}

export function sortSymbols(symbols: readonly string[], sort: WatchlistSort | undefined, tickerOf: (symbol: string) => Ticker | undefined): readonly string[] {
  if (!sort) return symbols;
  const sign = sort.direction === 'descending' ? -1 : 1;
  const keyed = symbols.map((symbol, index) => ({ symbol, index, value: columnValue(tickerOf(symbol), sort.column) }));
  keyed.sort((a, b) => {
    if (a.value === undefined || b.value === undefined) return (a.value === undefined ? 1 : 0) - (b.value === undefined ? 1 : 0) || a.index - b.index;
    return sign * (a.value - b.value) || a.index - b.index;
  });
  return keyed.map(({ symbol }) => symbol);
}
