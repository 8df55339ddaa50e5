/**
 * Follows the workspace ticker's query in the cache (the header's, which the boot prefetches from
 * the page's live feed) without a component: `until` sees its state now and at every change, until it answers true.
 * Returns the unsubscribe, for callers that give up first.
 */
import { hashKey, type QueryClient, type QueryState } from '@tanstack/react-query';
import type { ProductType } from '#shared/contract.ts';
import type { Ticker } from '../../api/quote-schemas';
import { LIVE_SOURCE } from '../../queries/market-feed/market-feed';
import { queryKeys } from '../../queries/query-keys';

export function watchTicker(
  queryClient: QueryClient,
  symbol: string,
  type: ProductType | undefined,
  until: (state: QueryState<Ticker> | undefined) => boolean,
): () => void {
  const hash = hashKey(queryKeys.tickers.one(LIVE_SOURCE, symbol, type));
  const cache = queryClient.getQueryCache();
  const done = (): boolean => until(cache.get<Ticker>(hash)?.state);
  if (done()) return () => undefined;
  const unsubscribe = cache.subscribe((event) => {
    if (event.query.queryHash === hash && done()) unsubscribe();
  });
  return unsubscribe;
}
