/**
 * The rows' order and the panel's refresh. Sorted, the rows follow the quotes as they move: the
 * order is read again every REFRESH_MS from what the rows show (the cached snapshot overlaid with
 * the newest push), not on every push, so a row does not jump from under a pointer many times a
 * second. The same beat refreshes the figures pushes do not write into the rows (volume, turnover).
 */
import { useEffect, useState } from 'react';
import type { Ticker } from '../../api/quote-schemas';
import { useAppServices } from '../../queries/app-services-context';
import { queryKeys } from '../../queries/query-keys';
import { useLiveTickerFeed } from '../../realtime/hooks';
import { mergeTicker } from '../../realtime/merge-ticker';
import { useAppStore } from '../../store/app-store';
import type { WatchlistColumn, WatchlistSort } from '../../store/watchlist-view';
import { sortSymbols } from './watchlist-sort';

export const REFRESH_MS = 2_000;

/** Whether the rows show figures that only a render brings up to date. */
function needsRefresh(columns: readonly WatchlistColumn[]): boolean {
  return columns.includes('volume') || columns.includes('turnover') || columns.includes('change') !== columns.includes('percent');
}

export function useRowOrder(symbols: readonly string[], sort: WatchlistSort | undefined, columns: readonly WatchlistColumn[]) {
  const { queryClient, feed: market } = useAppServices();
  const feed = useLiveTickerFeed();
  const [refresh, setRefresh] = useState(0);
  const beating = sort !== undefined || needsRefresh(columns);
  useEffect(() => {
    if (!beating) return;
    const timer = setInterval(() => {
      setRefresh((count) => count + 1);
    }, REFRESH_MS);
    return () => {
      clearInterval(timer);
    };
  }, [beating]);
  const tickerOf = (symbol: string): Ticker | undefined => {
    const type = useAppStore.getState().symbolTypes[symbol];
    return mergeTicker(queryClient.getQueryData<Ticker>(queryKeys.tickers.one(market.source, symbol, type)), feed.read(symbol, type));
  };
  return { order: sortSymbols(symbols, sort, tickerOf), refresh };
}
