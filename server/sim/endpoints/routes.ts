/** The simulator's route table: one endpoint per path of the contract. */
import type { ContractPath } from '#shared/contract.ts';
import { depth } from './depth.ts';
import type { Endpoint } from './endpoint.ts';
import { exFactors } from './ex-factors.ts';
import { intraday } from './intraday.ts';
import { klineHistory, klineLatest } from './kline.ts';
import { klineIntervals, tradeDaysEndpoint, tradingSessions } from './reference.ts';
import { stockInfo } from './stock-info.ts';
import { symbolsAvailable } from './symbols.ts';
import { cnTicker, hkTicker, ticker, usTicker } from './ticker.ts';
import { trades } from './trades.ts';

export const ENDPOINTS: Readonly<Record<ContractPath, Endpoint>> = {
  '/v1/symbols/available': symbolsAvailable,
  '/v1/market/kline': klineHistory,
  '/v1/market/kline/latest': klineLatest,
  '/v1/market/trades': trades,
  '/v1/market/ticker': ticker,
  '/v1/market/ticker/hk-stock': hkTicker,
  '/v1/market/stock-info': stockInfo,
  '/v1/market/intraday': intraday,
  '/v1/market/trading-sessions': tradingSessions,
  '/v1/market/intervals/kline': klineIntervals,
  '/v1/market/trade-days': tradeDaysEndpoint,
  '/v1/market/kline/ex-factors': exFactors,
  '/v1/market/depth': depth,
  '/v1/market/ticker/us-stock': usTicker,
  '/v1/market/ticker/cn-stock': cnTicker,
};

export function endpointFor(path: string): Endpoint | undefined {
  return Object.hasOwn(ENDPOINTS, path) ? ENDPOINTS[path as ContractPath] : undefined;
}
