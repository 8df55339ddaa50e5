/** The intraday minute line of one stock, polled every 15 s; null when the service has none. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductType } from '../api/contract';
import { fetchIntraday } from '../api/quote-endpoints';
import type { IntradaySeries } from '../api/quote-schemas';
import { normalizeSymbol } from '../lib/symbols';
import { queryKeys } from './query-keys';

export const INTRADAY_POLL_MS = 15_000;

async function fetchOne(symbol: string, type: ProductType | undefined, signal: AbortSignal): Promise<IntradaySeries | null> {
  const series = await fetchIntraday({ symbols: [symbol], ...(type && { type }) }, { signal });
  const wanted = normalizeSymbol(symbol);
  return series.find((entry) => normalizeSymbol(entry.symbol) === wanted) ?? series[0] ?? null;
}

export function intradayQueryOptions(symbol: string, type?: ProductType) {
  return queryOptions({
    queryKey: [...queryKeys.intraday.one(symbol), type ?? null] as const,
    queryFn: ({ signal }) => fetchOne(symbol, type, signal),
    enabled: symbol.trim() !== '',
    staleTime: INTRADAY_POLL_MS,
    refetchInterval: INTRADAY_POLL_MS,
  });
}

export function useIntraday(symbol: string, type?: ProductType) {
  return useQuery(intradayQueryOptions(symbol, type));
}
