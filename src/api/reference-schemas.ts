/** Reference payloads: stock information (§2.8), trading sessions (§2.10), trading calendar (§2.11). */
import * as z from './schema';
import { decimal, integer, yyyymmdd } from './schema-primitives';

export const stockInfoSchema = z.object({
  symbol: z.string(),
  name_cn: z.optional(z.string()),
  name_en: z.optional(z.string()),
  name_hk: z.optional(z.string()),
  exchange: z.optional(z.string()),
  currency: z.optional(z.string()),
  lot_size: z.optional(integer),
  total_shares: z.optional(integer),
  circulating_shares: z.optional(integer),
  hk_shares: z.optional(integer),
  eps: z.optional(decimal),
  eps_ttm: z.optional(decimal),
  bps: z.optional(decimal),
  dividend_yield: z.optional(decimal),
  /** 1 = options, 2 = warrants. */
  stock_derivatives: z.optional(z.array(integer)),
  board: z.optional(z.string()),
});
export type StockInfo = z.infer<typeof stockInfoSchema>;
export const stockInfoListSchema = z.array(stockInfoSchema);

export const tradingSessionSchema = z.object({
  /** Local market time as hhmm, e.g. 930. */
  begin_time: integer,
  end_time: integer,
  /** TRADE_SESSION; omitted on normal trading. */
  trade_session: z.optional(integer),
});
export type TradingSession = z.infer<typeof tradingSessionSchema>;

export const marketSessionsSchema = z.object({
  market: z.string(),
  trading_sessions: z.array(tradingSessionSchema),
});
export type MarketSessions = z.infer<typeof marketSessionsSchema>;
export const tradingSessionsSchema = z.array(marketSessionsSchema);

export const tradeDaysSchema = z.object({
  market: z.string(),
  trade_days: z.array(yyyymmdd),
  /** May be empty; tolerated when absent. */
  half_trade_days: z.withDefault(z.array(yyyymmdd), () => []),
});
export type TradeDays = z.infer<typeof tradeDaysSchema>;
