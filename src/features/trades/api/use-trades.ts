/**
 * The latest trades of a symbol (time and sales): polled every 3 s, or fetched once as the
 * snapshot under the pushed trades while the trade channel is live.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductType } from '#shared/contract.ts';
import { fetchTrades } from '../api/quote-endpoints';
import { errorRefetchInterval } from './query-client';
import { queryKeys } from './query-keys';

export const TRADES_POLL_MS = 3_000;

/** `live`: pushes keep the tape current, so no polling (the snapshot is still fetched once). */
export function tradesQueryOptions(symbol: string, limit = 100, type?: ProductType, live = false) {
  return queryOptions({
    queryKey: [...queryKeys.trades.list(symbol, limit), type ?? null] as const,
    queryFn: ({ signal }) => fetchTrades({ symbol, limit, ...(type && { type }) }, { signal }),
    enabled: symbol.trim() !== '',
    staleTime: TRADES_POLL_MS,
    // Live: pushes carry the tape; only a failed snapshot is asked again.
    refetchInterval: live ? errorRefetchInterval : TRADES_POLL_MS,
  });
}

export function useTrades(symbol: string, limit = 100, type?: ProductType, live = false) {
  return useQuery(tradesQueryOptions(symbol, limit, type, live));
}
