/**
 * The feed's health for the status bar: how many requests in a row failed for the worst-off query
 * on screen, counting only the feed's own failures (network, malformed bodies, 5xx and 5xxx,
 * 3001), each attempt its retries included. An answer the service gave about what was asked (an
 * unknown or ambiguous symbol typed by the user, a plan without the endpoint: 1xxx/2xxx) is that
 * panel's message, not the feed's health, and ends the query's streak like a success. A query no
 * panel shows any more (a removed watchlist row, a closed palette's probe) is forgotten.
 */
import { useQueryClient, type QueryCache } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { isApiError } from '../api/api-error';
import { isWorthAskingAgain } from '../queries/retry-policy';

/** Calls `onChange` with the longest current streak of feed failures whenever it changes; returns the unsubscribe. */
export function watchFeedFailures(cache: QueryCache, onChange: (inARow: number) => void): () => void {
  const streaks = new Map<string, number>();
  let reported = 0;
  const report = (): void => {
    const worst = Math.max(0, ...streaks.values());
    if (worst === reported) return;
    reported = worst;
    onChange(worst);
  };
  return cache.subscribe((event) => {
    const { query } = event;
    const hash = query.queryHash;
    if (event.type === 'removed' || (event.type === 'observerRemoved' && query.getObserversCount() === 0)) {
      streaks.delete(hash);
    } else if (event.type === 'updated') {
      const { action } = event;
      if (action.type === 'success') streaks.delete(hash);
      // 'failed': an attempt that will be retried; 'error': the last one.
      else if ((action.type === 'failed' || action.type === 'error') && query.getObserversCount() > 0) {
        if (isWorthAskingAgain(action.error)) streaks.set(hash, (streaks.get(hash) ?? 0) + 1);
        else if (isApiError(action.error)) streaks.delete(hash);
      }
    }
    report();
  });
}

/** The longest current streak of feed failures among the queries on screen. */
export function useFeedFailures(): number {
  const queryClient = useQueryClient();
  const [inARow, setInARow] = useState(0);
  useEffect(() => watchFeedFailures(queryClient.getQueryCache(), setInARow), [queryClient]);
  return inARow;
}
