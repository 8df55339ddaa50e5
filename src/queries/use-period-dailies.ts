/**
 * Raw daily candles of the windows that adjusted weekly and monthly candles are folded from
 * (adjusted-period-fold.ts). Completed days never change, so a window is fetched once.
 */
import { queryOptions, useQueries, type UseQueryResult } from '@tanstack/react-query';
import type { Candle } from '#shared/candle.ts';
import type { ProductType } from '#shared/contract.ts';
import type { ApiClient } from '../api/client';
import { mergeCandles } from '../lib/candles';
import { useAppServices } from './app-services-context';
import { fetchTail, type TailResult } from './kline-history-pages';
import { queryKeys } from './query-keys';

export interface PeriodDailies {
  candles: Candle[];
  /** True until every window has answered (or failed). */
  pending: boolean;
}

interface DailyWindow {
  startTime: number;
  endTime: number;
}

function dailyWindowQuery(api: ApiClient, symbol: string, type: ProductType | undefined, { startTime, endTime }: DailyWindow) {
  return queryOptions({
    queryKey: queryKeys.klines.tail(symbol, '1d', 'none', type, startTime, endTime),
    queryFn: ({ signal }) => fetchTail(api, { symbol, interval: '1d', adjust: 'none', ...(type && { type }) }, startTime, endTime, signal),
    staleTime: Infinity,
  });
}

function combine(results: UseQueryResult<TailResult>[]): PeriodDailies {
  return {
    // Windows overlap by their tails: one candle per day.
    candles: mergeCandles([], results.flatMap((result) => (result.data?.kind === 'candles' ? result.data.candles : []))),
    pending: results.some((result) => result.isPending),
  };
}

export function usePeriodDailies(symbol: string, type: ProductType | undefined, windows: readonly DailyWindow[]): PeriodDailies {
  const { api } = useAppServices();
  return useQueries({ queries: windows.map((window) => dailyWindowQuery(api, symbol, type, window)), combine });
}
