/** The app's QueryClient, with the retry policy of the API's error codes. */
import { notifyManager, QueryClient, type Query } from '@tanstack/react-query';
import { coalescedScheduler } from './coalesced-notify';
import { isWorthAskingAgain, retryDelay, shouldRetry } from './retry-policy';

/**
 * A query shown in a panel that ended in an error worth asking again (its retries spent) asks
 * again this often, so a panel that does not poll (stock info, history, sessions) recovers by
 * itself once the service does. Queries with their own `refetchInterval` keep theirs.
 */
export const ERROR_REFETCH_MS = 10_000;

/** What errorRefetchInterval reads of a query (structural, so any query's data type fits). */
interface QueryOutcome {
  state: Pick<Query['state'], 'status' | 'error'>;
}

export function errorRefetchInterval(query: QueryOutcome): number | false {
  return query.state.status === 'error' && isWorthAskingAgain(query.state.error) ? ERROR_REFETCH_MS : false;
}

/**
 * A poll's `refetchInterval`: every `every` ms (or what `every` says for the data in hand, for
 * cadences that follow it) while the last answer was good; after a failure worth asking again,
 * the app's error cadence (its retries are spent by then); after an answer that will not change
 * (1xxx/2xxx: an unknown or ambiguous symbol, a plan without the endpoint), no more polling: the
 * panel shows that answer until what it asks for changes.
 */
export function pollEvery(every: number): (query: QueryOutcome) => number | false;
export function pollEvery<TData>(every: (data: TData | undefined) => number): (query: QueryOutcome & { state: { data?: TData | undefined } }) => number | false;
export function pollEvery<TData>(every: number | ((data: TData | undefined) => number)) {
  return (query: QueryOutcome & { state: { data?: TData | undefined } }): number | false => {
    if (query.state.status === 'error') return errorRefetchInterval(query);
    return typeof every === 'number' ? every : every(query.state.data);
  };
}

/** On mount: a query that last failed refetches whatever its staleTime; others as usual. */
export function refetchOnMountAfterError(query: QueryOutcome): boolean | 'always' {
  return query.state.status === 'error' ? 'always' : true;
}

export function createQueryClient(): QueryClient {
  notifyManager.setScheduler(coalescedScheduler());
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay,
        refetchInterval: errorRefetchInterval,
        // Back on the tab, stale data (quotes) refreshes at once; fresh data (K-line history,
        // reference data with long staleTime) does not. Polling pauses while the tab is hidden
        // (refetchIntervalInBackground stays false), except for the price alerts' feed
        // (src/features/alerts/alert-feed.tsx): armed alerts keep their symbols fed.
        refetchOnWindowFocus: true,
        refetchOnReconnect: true,
        // A panel shown again over a failed query asks again at once (fresh data keeps its
        // staleTime): coming back to a tab that broke need not wait for the error cadence.
        refetchOnMount: refetchOnMountAfterError,
      },
    },
  });
}
