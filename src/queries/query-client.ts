/** The app's QueryClient, with the retry policy of the API's error codes. */
import { QueryClient } from '@tanstack/react-query';
import { retryDelay, shouldRetry } from './retry-policy';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay,
        // Back on the tab, stale data (quotes) refreshes at once; fresh data (K-line history,
        // reference data with long staleTime) does not. Polling pauses while the tab is hidden
        // (refetchIntervalInBackground stays false).
        refetchOnWindowFocus: true,
        refetchOnReconnect: true,
      },
    },
  });
}
