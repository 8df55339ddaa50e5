/** The forming K-line of one symbol (3m included), polled every 2 s; null when there is none. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchLatestKlines } from '../api/kline-endpoints';
import type { Candle } from '../lib/candle';
import { mergeCandles, toCandle } from '../lib/candles';
import { normalizeSymbol } from '../lib/symbols';
import type { KlineHistoryParams } from './kline-history-pages';
import { queryKeys } from './query-keys';

export const LATEST_POLL_MS = 2_000;

async function fetchForming(params: KlineHistoryParams, signal: AbortSignal): Promise<Candle | null> {
  const series = await fetchLatestKlines(
    {
      symbols: [params.symbol],
      interval: params.interval,
      ...(params.type && { type: params.type }),
      ...(params.adjust && { adjust: params.adjust }),
    },
    { signal },
  );
  const wanted = normalizeSymbol(params.symbol);
  const mine = series.find((entry) => normalizeSymbol(entry.symbol) === wanted) ?? series[0];
  return mergeCandles([], mine?.klines.map(toCandle) ?? []).at(-1) ?? null;
}

export function latestKlineQueryOptions({ symbol, interval, adjust, type }: KlineHistoryParams) {
  return queryOptions({
    queryKey: queryKeys.klines.latest(symbol, interval, adjust ?? null, type),
    queryFn: ({ signal }) => fetchForming({ symbol, interval, adjust, type }, signal),
    enabled: symbol.trim() !== '',
    staleTime: LATEST_POLL_MS / 2,
    refetchInterval: LATEST_POLL_MS,
  });
}

export function useLatestKline(params: KlineHistoryParams) {
  return useQuery(latestKlineQueryOptions(params));
}
