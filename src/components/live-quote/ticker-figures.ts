/**
 * What a quote shows of a ticker (watchlist rows, the symbol header): last price, change and change % in the symbol's own
 * precision (the most decimals among its price strings, so 505 and 504.5 both print as 505.0 /
 * 504.5), and the direction that picks the up/down colour.
 */
import type { Ticker } from '../../api/quote-schemas';
import { formatPercent, formatPrice, formatSignedChange, precisionOf } from '../../lib/format';

export type Direction = 'up' | 'down' | 'flat';

export interface TickerFigures {
  last: string;
  change: string | undefined;
  percent: string | undefined;
  direction: Direction;
}

function numberOf(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

export function priceDecimals(ticker: Ticker): number {
  const prices = [ticker.last_price, ticker.open, ticker.prev_close, ticker.bid_price, ticker.ask_price, ticker.high_24h, ticker.low_24h];
  return precisionOf(prices.filter((text): text is string => text !== undefined));
}

/** A quote's figures as numbers (the watchlist's CSV writes them), with the price decimals. */
export interface TickerValues {
  decimals: number;
  last: number;
  change: number | undefined;
  /** In percent: 1.63 for +1.63%. */
  percent: number | undefined;
}

/** Change and change % as the service gives them, else from the previous close. */
export function tickerValues(ticker: Ticker): TickerValues {
  const last = Number(ticker.last_price);
  const prevClose = numberOf(ticker.prev_close);
  const change = numberOf(ticker.price_change_24h) ?? (prevClose !== undefined ? last - prevClose : undefined);
  const percent = numberOf(ticker.price_change_percent_24h) ?? (change !== undefined && prevClose ? (change / prevClose) * 100 : undefined);
  return { decimals: priceDecimals(ticker), last, change, percent };
}

export function tickerFigures(ticker: Ticker): TickerFigures {
  const { decimals, last, change, percent } = tickerValues(ticker);
  const sign = change ?? percent ?? 0;
  return {
    last: formatPrice(last, decimals),
    change: change === undefined ? undefined : formatSignedChange(change, decimals),
    percent: percent === undefined ? undefined : formatPercent(percent),
    direction: sign > 0 ? 'up' : sign < 0 ? 'down' : 'flat',
  };
}

/** "+1.20 (+0.54%)": the change cell's text, the same whether React or a push writes it. */
export function changeText(figures: Pick<TickerFigures, 'change' | 'percent'> | undefined): string {
  if (!figures) return '';
  return `${figures.change ?? ''} ${figures.percent !== undefined ? `(${figures.percent})` : ''}`;
}

/** The colour of a direction, from the user's green-up / red-up preference (CSS properties). */
export function directionColor(direction: Direction): string | undefined {
  if (direction === 'up') return 'var(--color-up)';
  if (direction === 'down') return 'var(--color-down)';
  return undefined;
}
