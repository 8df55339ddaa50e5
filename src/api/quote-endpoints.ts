/** Quote endpoints: ticker (§4.5), full-HK ticker (§4.6), trades (§4.4), intraday (§4.8). */
import type { ApiClient, RequestOptions } from './client';
import type { ProductType } from '#shared/contract.ts';
import { hkTickersSchema, intradaySchema, tickersSchema, tradesSchema, type HkTicker, type IntradaySeries, type Ticker, type Trades } from './quote-schemas';

export interface SymbolsParams {
  /** At most MAX_TICKER_SYMBOLS (ticker) or MAX_INTRADAY_SYMBOLS (intraday). */
  symbols: readonly string[];
  type?: ProductType;
}

export function fetchTickers(api: ApiClient, params: SymbolsParams, options?: RequestOptions): Promise<Ticker[]> {
  return api.get('/v1/market/ticker', { symbols: params.symbols.join(','), type: params.type }, tickersSchema, options);
}

/** The whole HK market in one array. The browser advertises gzip/br itself (§4.6 needs it). */
export function fetchHkTickers(api: ApiClient, options?: RequestOptions): Promise<HkTicker[]> {
  return api.get('/v1/market/ticker/hk-stock', {}, hkTickersSchema, options);
}

export interface TradesParams {
  symbol: string;
  /** 1..1000; the service's default is 100. */
  limit?: number;
  type?: ProductType;
}

export function fetchTrades(api: ApiClient, params: TradesParams, options?: RequestOptions): Promise<Trades> {
  return api.get('/v1/market/trades', { symbol: params.symbol, limit: params.limit, type: params.type }, tradesSchema, options);
}

export function fetchIntraday(api: ApiClient, params: SymbolsParams, options?: RequestOptions): Promise<IntradaySeries[]> {
  return api.get('/v1/market/intraday', { symbols: params.symbols.join(','), type: params.type }, intradaySchema, options);
}
