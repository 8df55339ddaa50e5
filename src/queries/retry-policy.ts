/**
 * When a failed request is worth repeating, and after how long:
 * 1xxx (access) and 2xxx (request) errors, and 3002 (quota), never — the answer will not change;
 * 3001 (rate limit): after Retry-After; 5xxx, network failures and proxy 5xx: 1 s, 2 s, 4 s;
 * malformed bodies: once.
 * A 3001 retry waiting Retry-After fits the client's rate-limit gate (src/api/client.ts), which
 * holds every other request back for the same window: by the time the retry goes out the gate
 * is open, and were it still closed (a later 3001) the retry would wait in it.
 */
import { isApiError } from '../api/api-error';
import { ERROR_CODES } from '#shared/contract.ts';

export const MAX_RETRIES = 3;
const BASE_DELAY_MS = 1_000;

type RetryClass = 'never' | 'rate-limited' | 'transient' | 'malformed';

export function classify(error: unknown): RetryClass {
  if (!isApiError(error)) return 'never';
  switch (error.kind) {
    case 'network':
      return 'transient';
    case 'malformed':
      return 'malformed';
    case 'http':
      if (error.status === 429) return 'rate-limited';
      return error.status >= 500 ? 'transient' : 'never';
    case 'api':
      if (error.code === ERROR_CODES.RATE_LIMITED) return 'rate-limited';
      return error.code !== undefined && error.code >= 5000 && error.code < 6000 ? 'transient' : 'never';
  }
}

/** TanStack's `retry`: `failureCount` failures have happened so far (0 after the first). */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  switch (classify(error)) {
    case 'never':
      return false;
    case 'malformed':
      return failureCount < 1;
    case 'rate-limited':
    case 'transient':
      return failureCount < MAX_RETRIES;
  }
}

/** TanStack's `retryDelay`, called with the same `failureCount` as `shouldRetry`. */
export function retryDelay(failureCount: number, error: unknown): number {
  const backoff = Math.min(BASE_DELAY_MS * 2 ** failureCount, BASE_DELAY_MS * 2 ** (MAX_RETRIES - 1));
  if (classify(error) === 'rate-limited' && isApiError(error) && error.retryAfterMs !== undefined) return error.retryAfterMs;
  return backoff;
}

/** True when asking again later may succeed: everything except the errors `never` retried. */
export function isWorthAskingAgain(error: unknown): boolean {
  return classify(error) !== 'never';
}
