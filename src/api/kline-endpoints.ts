/** K-line endpoints: history (§4.2), latest (§4.3), periods (§4.10), ex-factors (§4.12). */
import type { ApiClient, RequestOptions } from './client';
import type { AdjustMode, Interval, ProductType } from '#shared/contract.ts';
import type { HistoryInterval } from '#shared/first-page.ts';
import {
  exFactorsSchema,
  klineIntervalsSchema,
  klineSeriesSchema,
  latestKlinesSchema,
  type ExFactors,
  type KlineIntervals,
  type KlineSeries,
} from './kline-schemas';

export interface KlinesParams {
  symbol: string;
  interval: HistoryInterval;
  /** 1..1000; the service's default is 100. */
  limit?: number;
  startTime?: number;
  endTime?: number;
  type?: ProductType;
  adjust?: AdjustMode;
}

export function fetchKlines(api: ApiClient, params: KlinesParams, options?: RequestOptions): Promise<KlineSeries> {
  return api.get(
    '/v1/market/kline',
    {
      symbol: params.symbol,
      interval: params.interval,
      limit: params.limit,
      start_time: params.startTime,
      end_time: params.endTime,
      type: params.type,
      adjust: params.adjust,
    },
    klineSeriesSchema,
    options,
  );
}

export interface LatestKlinesParams {
  symbols: readonly string[];
  interval: Interval;
  type?: ProductType;
  adjust?: AdjustMode;
}

export function fetchLatestKlines(api: ApiClient, params: LatestKlinesParams, options?: RequestOptions): Promise<KlineSeries[]> {
  return api.get(
    '/v1/market/kline/latest',
    { symbols: params.symbols.join(','), interval: params.interval, type: params.type, adjust: params.adjust },
    latestKlinesSchema,
    options,
  );
}

export function fetchKlineIntervals(api: ApiClient, options?: RequestOptions): Promise<KlineIntervals> {
  return api.get('/v1/market/intervals/kline', {}, klineIntervalsSchema, options);
}

export interface ExFactorsParams {
  symbols: readonly string[];
  startTime?: number;
  endTime?: number;
}

/** Factors keyed by symbol (`data.data`); `type` is always stock, so it is never sent. */
export async function fetchExFactors(api: ApiClient, params: ExFactorsParams, options?: RequestOptions): Promise<ExFactors['data']> {
  const answer = await api.get(
    '/v1/market/kline/ex-factors',
    { symbols: params.symbols.join(','), start_time: params.startTime, end_time: params.endTime },
    exFactorsSchema,
    options,
  );
  return answer.data;
}
