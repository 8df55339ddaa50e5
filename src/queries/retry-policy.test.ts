import { describe, expect, it } from 'vitest';
import { ApiError, type ApiErrorKind } from '../api/api-error';
import { isWorthAskingAgain, retryDelay, shouldRetry } from './retry-policy';

function error(kind: ApiErrorKind, rawCode?: number, extra: { status?: number; retryAfterMs?: number } = {}): ApiError {
  return new ApiError({
    kind,
    path: '/v1/market/ticker',
    status: extra.status ?? 200,
    message: 'x',
    ...(rawCode !== undefined && { rawCode }),
    ...(extra.retryAfterMs !== undefined && { retryAfterMs: extra.retryAfterMs }),
  });
}

/** How many retries a policy grants, and their delays. */
function retries(failure: unknown): number[] {
  const delays: number[] = [];
  for (let failureCount = 0; failureCount < 10 && shouldRetry(failureCount, failure); failureCount++) delays.push(retryDelay(failureCount, failure));
  return delays;
}

describe('retry policy', () => {
  it('never retries access (1xxx), request (2xxx) and quota errors, nor the normalised latest-endpoint codes', () => {
    for (const code of [1001, 1002, 1003, 1004, 2001, 2002, 2003, 2004, 3002, 400, 401]) expect(retries(error('api', code))).toEqual([]);
    expect(retries(new Error('not an ApiError'))).toEqual([]);
  });

  it('retries 5xxx and network failures after 1 s, 2 s and 4 s', () => {
    for (const code of [5000, 5001, 5002]) expect(retries(error('api', code, { status: 503 }))).toEqual([1000, 2000, 4000]);
    expect(retries(error('network', undefined, { status: 0 }))).toEqual([1000, 2000, 4000]);
    expect(retries(error('http', undefined, { status: 502 }))).toEqual([1000, 2000, 4000]);
    expect(retries(error('http', undefined, { status: 404 }))).toEqual([]);
  });

  it('waits out Retry-After on 3001', () => {
    expect(retries(error('api', 3001, { status: 429, retryAfterMs: 2000 }))).toEqual([2000, 2000, 2000]);
    expect(retries(error('api', 3001, { status: 429 }))).toEqual([1000, 2000, 4000]);
  });

  it('retries a malformed body once', () => {
    expect(retries(error('malformed'))).toEqual([1000]);
  });

  it('deems asking again later worth it exactly for the errors it retries', () => {
    for (const failure of [
      error('api', 5001, { status: 503 }),
      error('api', 3001, { status: 429 }),
      error('network', undefined, { status: 0 }),
      error('malformed'),
    ]) {
      expect(isWorthAskingAgain(failure)).toBe(true);
    }
    for (const failure of [error('api', 2002, { status: 404 }), error('api', 1004, { status: 403 }), error('api', 3002, { status: 403 }), new Error('bug')]) {
      expect(isWorthAskingAgain(failure)).toBe(false);
    }
  });
});
