/**
 * Saves a watchlist as CSV (loaded on demand by the list's Export button). Each quote is the one
 * its row shows: the cached HTTP snapshot overlaid with the newest push (as useLiveQuote merges
 * them), so the file says what the screen says at that moment.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ProductType } from '#shared/contract.ts';
import type { Ticker } from '../../api/quote-schemas';
import { csvBlob } from '../../lib/csv';
import { downloadBlob } from '../../lib/download';
import { exportFileName } from '../../lib/export-text';
import type { FeedSource } from '../../queries/market-feed/market-feed';
import { queryKeys } from '../../queries/query-keys';
import type { LiveTickerFeed } from '../../realtime/hooks';
import { mergeTicker } from '../../realtime/merge-ticker';
import type { Watchlist } from '../../store/watchlists-slice';
import { watchlistCsv } from './watchlist-csv';
import { wallClock } from '../../time/clock';

export interface QuoteSources {
  queryClient: QueryClient;
  /** The source of the snapshots the rows show. */
  source: FeedSource;
  feed: LiveTickerFeed;
  typeOf: (symbol: string) => ProductType | undefined;
}

export function exportWatchlist(list: Watchlist, { queryClient, source, feed, typeOf }: QuoteSources, now: number = wallClock.now()): void {
  const quotes = list.symbols.map((symbol) => {
    const type = typeOf(symbol);
    const snapshot = queryClient.getQueryData<Ticker>(queryKeys.tickers.one(source, symbol, type));
    return { symbol, ticker: mergeTicker(snapshot, feed.read(symbol, type)) };
  });
  downloadBlob(csvBlob(watchlistCsv(quotes)), exportFileName(['watchlist', list.name], now, 'csv'));
}
