// @vitest-environment happy-dom
// TanStack schedules refetch intervals only where there is a window: hence the DOM environment.
import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error';
import { createQueryClient, ERROR_REFETCH_MS } from './query-client';

afterEach(() => {
  vi.useRealTimers();
});

function apiError(rawCode: number): ApiError {
  return new ApiError({ kind: 'api', path: '/v1/market/stock-info', status: 503, rawCode, message: 'x' });
}

describe('a shown query left in error', () => {
  /** Observes `queryFn` as a mounted panel would; returns the unsubscribe. */
  function observe(queryFn: () => Promise<string>, extra: { refetchInterval?: number } = {}) {
    const client = createQueryClient();
    const observer = new QueryObserver(client, { queryKey: ['panel'], queryFn, ...extra });
    return observer.subscribe(() => undefined);
  }

  it('asks again every ERROR_REFETCH_MS after its retries are spent, until it succeeds', async () => {
    vi.useFakeTimers();
    const queryFn = vi.fn<() => Promise<string>>().mockRejectedValue(apiError(5001));
    const stop = observe(queryFn);
    await vi.advanceTimersByTimeAsync(1_000 + 2_000 + 4_000);
    expect(queryFn).toHaveBeenCalledTimes(4);
    await vi.advanceTimersByTimeAsync(ERROR_REFETCH_MS - 1);
    expect(queryFn).toHaveBeenCalledTimes(4);
    queryFn.mockResolvedValue('back');
    await vi.advanceTimersByTimeAsync(1);
    expect(queryFn).toHaveBeenCalledTimes(5);
    await vi.advanceTimersByTimeAsync(5 * ERROR_REFETCH_MS);
    expect(queryFn).toHaveBeenCalledTimes(5);
    stop();
  });

  it('does not ask again after an error that will not change, nor once no panel shows it', async () => {
    vi.useFakeTimers();
    const notFound = vi.fn<() => Promise<string>>().mockRejectedValue(apiError(2002));
    const stopNotFound = observe(notFound);
    await vi.advanceTimersByTimeAsync(5 * ERROR_REFETCH_MS);
    expect(notFound).toHaveBeenCalledTimes(1);
    stopNotFound();

    const down = vi.fn<() => Promise<string>>().mockRejectedValue(apiError(5001));
    const stopDown = observe(down);
    await vi.advanceTimersByTimeAsync(7_000);
    stopDown();
    await vi.advanceTimersByTimeAsync(5 * ERROR_REFETCH_MS);
    expect(down).toHaveBeenCalledTimes(4);
  });

  it("leaves a query's own polling interval alone", async () => {
    vi.useFakeTimers();
    const queryFn = vi.fn<() => Promise<string>>().mockRejectedValue(apiError(5001));
    const stop = observe(queryFn, { refetchInterval: 60_000 });
    await vi.advanceTimersByTimeAsync(7_000 + ERROR_REFETCH_MS);
    expect(queryFn).toHaveBeenCalledTimes(4);
    stop();
  });
});
