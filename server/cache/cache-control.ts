/**
 * Cache-Control of `/v1` answers, so browsers and CDNs keep what cannot change and nothing that
 * can: completed unadjusted K-line windows forever, adjusted history for a minute (a new
 * corporate action changes it), reference data for five minutes, live data never.
 */
import { isContractPath } from '../upstream/allowlist.ts';

export const CACHE_FOREVER = 'public, max-age=31536000, immutable';
export const NO_STORE = 'no-store';
export const ADJUSTED_HISTORY = 'private, max-age=60';
export const REFERENCE_DATA = 'private, max-age=300';

const LIVE: ReadonlySet<string> = new Set([
  '/v1/market/ticker',
  '/v1/market/ticker/hk-stock',
  '/v1/market/kline/latest',
  '/v1/market/trades',
  '/v1/market/intraday',
  '/v1/market/depth',
]);

/** A recent window kept for a while: shared caches may keep it as long as this server does. */
export function cacheControlMaxAge(remainingMs: number): string {
  return `public, max-age=${Math.max(0, Math.ceil(remainingMs / 1000))}`;
}

/**
 * The policy for an answer the K-line cache did not set. Errors are never stored; a K-line
 * window that reached here was not settled (no end_time, forming bars), unless adjusted.
 */
export function cacheControlFor(path: string, query: string, status: number): string {
  if (status !== 200 || !isContractPath(path) || LIVE.has(path)) return NO_STORE;
  if (path === '/v1/market/kline') {
    // Parsed only here: the query matters to no other path.
    const adjust = new URLSearchParams(query).get('adjust');
    return adjust !== null && adjust !== 'none' ? ADJUSTED_HISTORY : NO_STORE;
  }
  return REFERENCE_DATA;
}
