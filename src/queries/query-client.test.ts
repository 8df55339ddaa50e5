import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error';
import { createQueryClient } from './query-client';

afterEach(() => {
  vi.useRealTimers();
});

function apiError(rawCode: number, retryAfterMs?: number): ApiError {
  return new ApiError({ kind: 'api', path: '/v1/market/ticker', status: 400, rawCode, message: 'x', ...(retryAfterMs !== undefined && { retryAfterMs }) });
}

describe('createQueryClient', () => {
  it('waits Retry-After before repeating a rate-limited request', async () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    const queryFn = vi.fn().mockRejectedValueOnce(apiError(3001, 2_500)).mockResolvedValueOnce('ok');
    const result = client.query({ queryKey: ['rate-limited'], queryFn });
    await vi.advanceTimersByTimeAsync(2_499);
    expect(queryFn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toBe('ok');
    expect(queryFn).toHaveBeenCalledTimes(2);
  });

  it('gives up at once on a request error', async () => {
    const client = createQueryClient();
    const queryFn = vi.fn().mockRejectedValue(apiError(2002));
    await expect(client.query({ queryKey: ['not-found'], queryFn })).rejects.toMatchObject({ code: 2002 });
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('backs off 1 s, 2 s, 4 s on 5xxx, then gives up', async () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    const queryFn = vi.fn().mockRejectedValue(apiError(5001));
    const result = client.query({ queryKey: ['down'], queryFn }).catch((error: unknown) => error);
    for (const [wait, calls] of [
      [999, 1],
      [1, 2],
      [2_000, 3],
      [4_000, 4],
      [60_000, 4],
    ] as const) {
      await vi.advanceTimersByTimeAsync(wait);
      expect(queryFn).toHaveBeenCalledTimes(calls);
    }
    await expect(result).resolves.toMatchObject({ code: 5001 });
  });
});
