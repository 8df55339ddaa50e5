/**
 * Reference endpoints: symbol list (§4.1), stock information (§4.7), trading sessions (§4.9),
 * trading calendar (§4.11).
 */
import type { ApiClient, RequestOptions } from './client';
import type { Market, ProductType, SessionMarket } from '#shared/contract.ts';
import { stockInfoListSchema, tradeDaysSchema, tradingSessionsSchema, type MarketSessions, type StockInfo, type TradeDays } from './reference-schemas';
import { symbolListSchema, type SymbolList } from './symbol-schemas';

export interface SymbolsQuery {
  market?: Market;
  type?: ProductType;
  /** 1..1000; the service's default is 100. */
  limit?: number;
  offset?: number;
}

export function fetchSymbols(api: ApiClient, query: SymbolsQuery = {}, options?: RequestOptions): Promise<SymbolList> {
  return api.get('/v1/symbols/available', { market: query.market, type: query.type, limit: query.limit, offset: query.offset }, symbolListSchema, options);
}

export interface StockInfoParams {
  /** At most MAX_STOCK_INFO_SYMBOLS. */
  symbols: readonly string[];
  type?: ProductType;
}

export function fetchStockInfo(api: ApiClient, params: StockInfoParams, options?: RequestOptions): Promise<StockInfo[]> {
  return api.get('/v1/market/stock-info', { symbols: params.symbols.join(','), type: params.type }, stockInfoListSchema, options);
}

export function fetchTradingSessions(api: ApiClient, market?: SessionMarket, options?: RequestOptions): Promise<MarketSessions[]> {
  return api.get('/v1/market/trading-sessions', { market }, tradingSessionsSchema, options);
}

export interface TradeDaysParams {
  market: SessionMarket;
  /** YYYYMMDD, within the most recent year. */
  begDay: string;
  /** YYYYMMDD, at most MAX_TRADE_DAYS_SPAN days after begDay. */
  endDay: string;
}

export function fetchTradeDays(api: ApiClient, params: TradeDaysParams, options?: RequestOptions): Promise<TradeDays> {
  return api.get('/v1/market/trade-days', { market: params.market, beg_day: params.begDay, end_day: params.endDay }, tradeDaysSchema, options);
}
