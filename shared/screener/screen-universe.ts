/**
 * What a screen is evaluated over: for each symbol of a market, its latest quote, its stock
 * information and its daily bars (as a TechnicalState). Quote and information fields keep the
 * API's names (the ticker §2.4 / §2.5, stock information §2.8) as numbers: the server parses the
 * decimal strings once, when a payload arrives.
 */
import type { Candle } from '#shared/candle.ts';
import type { TechnicalState } from './technical-state.ts';

export interface ScreenQuote {
  last_price: number;
  open?: number;
  high_24h?: number;
  low_24h?: number;
  prev_close?: number;
  volume_24h?: number;
  /** Turnover: the day's traded value. */
  quote_volume_24h?: number;
}

/** Each field may be missing: a filter that needs it does not match and its column reads unknown. */
export interface ScreenInfo {
  total_shares?: number;
  eps_ttm?: number;
  /** Percent. */
  dividend_yield?: number;
  board?: string;
  lot_size?: number;
}

export interface ScreenSymbol {
  symbol: string;
  quote: ScreenQuote;
  info?: ScreenInfo;
  daily: TechnicalState;
}

/** The forming daily bar a quote describes (the day's open, high, low, last and volume), starting at `time`. */
export function quoteBar(quote: ScreenQuote, time: number): Candle {
  const last = quote.last_price;
  return {
    time,
    open: quote.open ?? last,
    high: Math.max(quote.high_24h ?? last, last),
    low: Math.min(quote.low_24h ?? last, last),
    close: last,
    volume: quote.volume_24h ?? 0,
  };
}
