/**
 * The simulator's instrument catalog: the shapes every other part of the simulator (price engine,
 * endpoints, realtime) reads. Pure data types; the content lives in the per-market modules.
 */
import type { Market, ProductType } from '#shared/contract.ts';

/**
 * Trading calendar an instrument follows. Declared here on purpose (the calendar module declares
 * the same union) so the catalog does not depend on the calendar's implementation.
 */
export type VenueId = 'US' | 'HK' | 'CN' | 'CN_FUTURES' | 'CRYPTO' | 'FOREX' | 'JP' | 'UK' | 'EU';

export interface CorporateAction {
  /** YYYYMMDD, a trading day of the instrument's venue (a weekday, not a holiday we know of). */
  exDate: string;
  /** New shares per old share: 4 for a 4-for-1 split, 1.5 for "10 bonus 5", 1.4 for "10送4". */
  split?: number;
  /** Cash per share before the event, in the trading currency. */
  cashDividend?: number;
}

/** The fields of the contract's stock information entry (§2.8) other than symbol, currency and lot_size. */
export interface StockInfo {
  name_cn: string;
  name_en?: string;
  name_hk?: string;
  exchange: string;
  total_shares?: number;
  circulating_shares?: number;
  hk_shares?: number;
  eps?: string;
  eps_ttm?: string;
  bps?: string;
  dividend_yield?: string;
  stock_derivatives?: Array<1 | 2>;
  board?: string;
}

export interface Instrument {
  /** Canonical symbol: 'AAPL.US', '700.HK', '600519.SH', 'EURUSD', 'BTCUSDT', 'SPX', 'AU2612'. */
  symbol: string;
  /** Product name: Chinese for CN and HK products, English for US and GLOBAL ones. */
  name: string;
  market: Market;
  type: ProductType;
  /** USD, HKD, CNY; USDT for crypto pairs; the quote currency for forex; local currency for indices. */
  currency: string;
  venue: VenueId;
  /** Plausible price level in November 2026, after every corporate action listed. */
  basePrice: number;
  /** Minimum price step; HK stocks follow the HKEX spread table (see tick-size.ts). */
  tickSize: number | 'hk-spread-table';
  /** Decimals printed for prices. */
  priceDecimals: number;
  annualVolatility: number;
  /** Shares per lot (stocks), 1 for contracts, pairs and coins. */
  lotSize: number;
  /** Typical volume per minute in shares, contracts or units (a multiple of lotSize for stocks). */
  minuteVolume: number;
  /** YYYYMMDD: history starts here. */
  listedSince: string;
  /** Whether bid/ask exist (false for indices). */
  hasQuotes: boolean;
  /** ISO 8601 UTC, fixed per instrument (deterministic). */
  updatedAt: string;
  /** Stocks only (US, HK, CN). */
  stockInfo?: StockInfo;
  /** Ascending by exDate. */
  corporateActions?: readonly CorporateAction[];
  /** The full-HK feed's `category` has no documented values: never emitted. */
  category?: never;
}
