/**
 * The order book over HTTP, the fallback of the realtime `depth` channel: polled every 2 s while
 * the channel is not live, not asked for at all while it is (use-order-book.ts). A book that
 * cannot come (2001: the market has none; 1004: the plan lacks it) stops the polling instead of
 * asking again every 2 s.
 */
import { queryOptions } from '@tanstack/react-query';
import type { ProductType } from '#shared/contract.ts';
import { fetchDepth } from '../../../api/depth-endpoint';
import type { SnapshotFeed } from '../../../queries/market-feed/market-feed';
import { pollEvery } from '../../../queries/query-client';
import { queryKeys } from '../../../queries/query-keys';

export const DEPTH_POLL_MS = 2_000;

/** The book as polled: every 2 s; after a failure the app-wide error policy (10 s, or never for 1xxx/2xxx answers). */
export function depthQueryOptions(feed: SnapshotFeed, symbol: string, type: ProductType | undefined) {
  return queryOptions({
    queryKey: queryKeys.depth.one(feed.source, symbol, type),
    queryFn: ({ signal }) => fetchDepth(feed.api, { symbol, ...(type && { type }) }, { signal }),
    enabled: symbol.trim() !== '',
    staleTime: DEPTH_POLL_MS,
    refetchInterval: pollEvery(DEPTH_POLL_MS),
  });
}
