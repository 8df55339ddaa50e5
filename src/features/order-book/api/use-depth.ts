/**
 * The order book over HTTP, the fallback of the realtime `depth` channel: polled every 2 s while
 * the channel is not live, not asked for at all while it is. A book that cannot come (2001: the
 * market has none; 1004: the plan lacks it) stops the polling instead of asking again every 2 s.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductType } from '#shared/contract.ts';
import { fetchDepth } from '../api/depth-endpoint';
import { ERROR_REFETCH_MS } from './query-client';
import { queryKeys } from './query-keys';
import { isWorthAskingAgain } from './retry-policy';

export const DEPTH_POLL_MS = 2_000;

/** Every 2 s; after a failure the app-wide error policy: 10 s, or never for 1xxx/2xxx answers. */
export function depthPollInterval(state: { status: string; error: unknown }): number | false {
  if (state.status !== 'error') return DEPTH_POLL_MS;
  return isWorthAskingAgain(state.error) ? ERROR_REFETCH_MS : false;
}

/** `live`: the realtime channel delivers the book, so no request goes out and none is scheduled. */
export function depthQueryOptions(symbol: string, type: ProductType | undefined, live: boolean) {
  return queryOptions({
    queryKey: queryKeys.depth.one(symbol, type),
    queryFn: ({ signal }) => fetchDepth({ symbol, ...(type && { type }) }, { signal }),
    enabled: symbol.trim() !== '' && !live,
    staleTime: DEPTH_POLL_MS,
    refetchInterval: live ? false : (query) => depthPollInterval(query.state),
  });
}

export function useDepth(symbol: string, type: ProductType | undefined, live: boolean) {
  return useQuery(depthQueryOptions(symbol, type, live));
}
