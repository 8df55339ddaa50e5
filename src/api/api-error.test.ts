import { describe, expect, it } from 'vitest';
import { ApiError, isAmbiguousSymbol, isApiError, normaliseCode, parseRetryAfter } from './api-error';

describe('ApiError', () => {
  it('is an Error with the contract code normalised and the raw one kept', () => {
    const error = new ApiError({ kind: 'api', path: '/v1/market/kline/latest', status: 401, rawCode: 401, message: 'Unauthorized' });
    expect(error).toBeInstanceOf(Error);
    expect(isApiError(error)).toBe(true);
    expect(isApiError(new Error('x'))).toBe(false);
    expect(error).toMatchObject({ code: 1001, rawCode: 401, status: 401, message: 'Unauthorized', name: 'ApiError' });
  });

  it('normalises only the two status-like codes', () => {
    expect([400, 401, 1001, 2001, 3001, 5002].map(normaliseCode)).toEqual([2001, 1001, 1001, 2001, 3001, 5002]);
  });

  it('isAmbiguousSymbol reads the symbol and types, and nothing from other errors', () => {
    const ambiguous = new ApiError({
      kind: 'api',
      path: '/v1/market/ticker',
      status: 400,
      rawCode: 2001,
      message: 'Invalid parameter: AMBIGUOUS_SYMBOL',
      errorName: 'AMBIGUOUS_SYMBOL',
      data: { symbol: 'BTCUSD', types: ['crypto', 'forex'] },
    });
    expect(isAmbiguousSymbol(ambiguous)).toEqual({ symbol: 'BTCUSD', types: ['crypto', 'forex'] });
    expect(isAmbiguousSymbol(new ApiError({ kind: 'api', path: '/v1/market/ticker', status: 400, rawCode: 2001, message: 'x' }))).toBeUndefined();
    expect(isAmbiguousSymbol(new Error('AMBIGUOUS_SYMBOL'))).toBeUndefined();
  });
});

describe('parseRetryAfter', () => {
  it('reads delay-seconds and HTTP dates', () => {
    expect(parseRetryAfter('2')).toBe(2000);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
    const now = Date.UTC(2026, 10, 25, 15, 0, 0);
    expect(parseRetryAfter('Wed, 25 Nov 2026 15:00:05 GMT', now)).toBe(5000);
  });
});
