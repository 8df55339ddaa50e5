/**
 * `chartroom:first-quote`: the frame after the workspace symbol's first ticker arrived, i.e. when
 * the symbol header can show it. Observed in the query cache, so the header itself is untouched.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ProductType } from '#shared/contract.ts';
import { markOnce, TIMING_MARKS } from '../../lib/timing-marks';
import { watchTicker } from './watch-ticker';

/** Marks once, then stops listening; returns the unsubscribe for callers that give up first. */
export function markFirstQuote(queryClient: QueryClient, symbol: string, type?: ProductType): () => void {
  return watchTicker(queryClient, symbol, type, (state) => {
    if (state?.status !== 'success') return false;
    // After React has committed the update (the cache notifies in a timeout of its own), the next frame.
    setTimeout(() => {
      requestAnimationFrame(() => {
        markOnce(TIMING_MARKS.firstQuote);
      });
    }, 0);
    return true;
  });
}
