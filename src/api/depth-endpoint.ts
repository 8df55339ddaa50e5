/** The order book endpoint: bids and asks of one symbol (US, HK, A-shares, China futures, crypto). */
import type { ApiClient, RequestOptions } from './client';
import type { ProductType } from '#shared/contract.ts';
import { depthSchema, type Depth } from './depth-schemas';

export interface DepthParams {
  symbol: string;
  type?: ProductType;
}

export function fetchDepth(api: ApiClient, params: DepthParams, options?: RequestOptions): Promise<Depth> {
  return api.get('/v1/market/depth', { symbol: params.symbol, type: params.type }, depthSchema, options);
}
