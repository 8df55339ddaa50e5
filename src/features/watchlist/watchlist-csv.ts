/**
 * A watchlist as CSV: one record per symbol in the list's order, with the quote the row shows:
 * last price and change at the symbol's precision, change % to two decimals, the day's volume,
 * and the quote's time (UTC: the list mixes markets). A symbol without a quote (unknown, failed,
 * not loaded yet) keeps its record, its cells empty.
 */
import { t, type MessageKey } from '../../i18n/t';
import type { Ticker } from '../../api/quote-schemas';
import { tickerValues } from '../../components/live-quote/ticker-figures';
import { csvNumber, csvRecords, csvText } from '../../lib/csv';
import { zonedDateTime } from '../../lib/export-text';

/** The header row's columns, in English; the file's header is in the language of the page. */
export const WATCHLIST_CSV_HEADER = ['symbol', 'name', 'last', 'change', 'change %', 'volume', 'time (UTC)'] as const satisfies readonly MessageKey[];

export interface WatchlistQuote {
  symbol: string;
  ticker: Ticker | undefined;
}

function record({ symbol, ticker }: WatchlistQuote): string[] {
  if (!ticker) return [csvText(symbol), '', '', '', '', '', ''];
  const { decimals, last, change, percent } = tickerValues(ticker);
  return [
    csvText(symbol),
    csvText(ticker.name),
    csvNumber(last, decimals),
    csvNumber(change, decimals),
    csvNumber(percent, 2),
    csvNumber(ticker.volume_24h === undefined ? undefined : Number(ticker.volume_24h)),
    zonedDateTime(ticker.timestamp, 'UTC'),
  ];
}

export function watchlistCsv(quotes: readonly WatchlistQuote[]): string {
  return csvRecords([WATCHLIST_CSV_HEADER.map((column) => t(column)), ...quotes.map(record)]);
}
