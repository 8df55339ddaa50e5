/** Quote payloads: ticker (§2.4), full-HK ticker (§2.5), trades (§2.7), intraday (§2.9). */
import * as z from './schema';
import { decimal, integer, timestampMs } from './schema-primitives';

/** A US stock's extended-hours quote (OpenAPI `pre_market_quote`, `post_market_quote`, `overnight_quote`). */
export const extendedQuoteSchema = z.object({
  last_done: decimal,
  timestamp: timestampMs,
  volume: z.number(),
  quote_volume: z.optional(decimal),
  high: decimal,
  low: decimal,
  prev_close: decimal,
});
export type ExtendedQuote = z.infer<typeof extendedQuoteSchema>;

export const tickerSchema = z.object({
  symbol: z.string(),
  name: z.optional(z.string()),
  type: z.optional(z.string()),
  last_price: decimal,
  bid_price: z.optional(decimal),
  ask_price: z.optional(decimal),
  volume_24h: z.optional(decimal),
  high_24h: z.optional(decimal),
  low_24h: z.optional(decimal),
  price_change_24h: z.optional(decimal),
  price_change_percent_24h: z.optional(decimal),
  timestamp: timestampMs,
  // Beyond §2.4, sent by the service and the simulator; kept because the watchlist can use them.
  open: z.optional(decimal),
  prev_close: z.optional(decimal),
  quote_volume_24h: z.optional(decimal),
  // US stocks in extended hours: the running session's quote beside the regular figures.
  pre_market_quote: z.optional(extendedQuoteSchema),
  post_market_quote: z.optional(extendedQuoteSchema),
  overnight_quote: z.optional(extendedQuoteSchema),
});
export type Ticker = z.infer<typeof tickerSchema>;
export const tickersSchema = z.array(tickerSchema);

export const hkTickerSchema = z.object({
  /** The HK code without suffix, e.g. "700". */
  symbol: z.string(),
  name: z.string(),
  type: z.string(),
  last_price: decimal,
  open: z.optional(decimal),
  prev_close: z.optional(decimal),
  volume_24h: z.optional(decimal),
  quote_volume_24h: z.optional(decimal),
  high_24h: z.optional(decimal),
  low_24h: z.optional(decimal),
  price_change_24h: z.optional(decimal),
  price_change_percent_24h: z.optional(decimal),
  timestamp: timestampMs,
  category: z.optional(z.string()),
});
export type HkTicker = z.infer<typeof hkTickerSchema>;
export const hkTickersSchema = z.array(hkTickerSchema);

export const tradeSchema = z.object({
  id: z.string(),
  price: decimal,
  quantity: decimal,
  /** buy, sell or neutral; a plain string so that a new value does not fail the whole tape. */
  side: z.string(),
  timestamp: timestampMs,
  open_interest_change: z.optional(z.number()),
  position_effect: z.optional(z.string()),
});
export type Trade = z.infer<typeof tradeSchema>;

export const tradesSchema = z.object({
  symbol: z.string(),
  type: z.optional(z.string()),
  trades: z.array(tradeSchema),
});
export type Trades = z.infer<typeof tradesSchema>;

export const intradayPointSchema = z.object({
  timestamp: timestampMs,
  price: decimal,
  volume: integer,
  turnover: decimal,
  avg_price: decimal,
});
export type IntradayPoint = z.infer<typeof intradayPointSchema>;

export const intradaySeriesSchema = z.object({
  symbol: z.string(),
  type: z.optional(z.string()),
  lines: z.array(intradayPointSchema),
});
export type IntradaySeries = z.infer<typeof intradaySeriesSchema>;
export const intradaySchema = z.array(intradaySeriesSchema);
