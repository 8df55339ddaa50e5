/**
 * `chartroom:first-quote`: the frame after the workspace symbol's first ticker arrived, i.e. when
 * the symbol header can show it. Observed in the query cache, so the header itself is untouched.
 */
import { hashKey, type QueryClient } from '@tanstack/react-query';
import type { ProductType } from '#shared/contract.ts';
import { queryKeys } from '../../queries/query-keys';
import { markOnce, TIMING_MARKS } from '../../lib/timing-marks';

/** Marks once, then stops listening; returns the unsubscribe for callers that give up first. */
export function markFirstQuote(queryClient: QueryClient, symbol: string, type?: ProductType): () => void {
  const hash = hashKey(queryKeys.tickers.one(symbol, type));
  const cache = queryClient.getQueryCache();
  let unsubscribe = (): void => undefined;
  const arrived = (): void => {
    unsubscribe();
    // After React has committed the update (the cache notifies in a timeout of its own), the next frame.
    setTimeout(() => {
      requestAnimationFrame(() => {
        markOnce(TIMING_MARKS.firstQuote);
      });
    }, 0);
  };
  const done = (): boolean => cache.get(hash)?.state.status === 'success';
  if (done()) {
    arrived();
    return unsubscribe;
  }
  unsubscribe = cache.subscribe((event) => {
    if (event.query.queryHash === hash && done()) arrived();
  });
  return unsubscribe;
}
