import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from '../api/schema';
import { ApiError } from '../api/api-error';
import { createApiClient } from '../api/client';
import { createQueryClient, ERROR_REFETCH_MS, pollEvery, refetchOnMountAfterError } from './query-client';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function apiError(rawCode: number, retryAfterMs?: number): ApiError {
  return new ApiError({ kind: 'api', path: '/v1/market/ticker', status: 400, rawCode, message: 'x', ...(retryAfterMs !== undefined && { retryAfterMs }) });
}

describe('createQueryClient', () => {
  it('pollEvery: the cadence while answers are good, the error cadence after a transient failure, no more after an answer that will not change', () => {
    const outcome = (status: 'success' | 'error', error: Error | null = null, data?: number) => ({ state: { status, error, data } });
    expect(pollEvery(3_000)(outcome('success'))).toBe(3_000);
    expect(pollEvery(3_000)(outcome('error', apiError(5001)))).toBe(ERROR_REFETCH_MS);
    expect(pollEvery(3_000)(outcome('error', apiError(3001)))).toBe(ERROR_REFETCH_MS);
    // An unknown symbol (2002), an ambiguous one (2001), a plan without the endpoint (1004): asked once.
    expect(pollEvery(3_000)(outcome('error', apiError(2002)))).toBe(false);
    expect(pollEvery(3_000)(outcome('error', apiError(2001)))).toBe(false);
    expect(pollEvery(3_000)(outcome('error', apiError(1004)))).toBe(false);
    // A cadence that follows the data in hand.
    expect(pollEvery<number>((data) => (data ?? 0) * 2)(outcome('success', null, 21))).toBe(42);
  });

  it('asks a failed query again when a panel shows it again, and leaves fresh data alone', () => {
    expect(refetchOnMountAfterError({ state: { status: 'error', error: apiError(5001) } })).toBe('always');
    expect(refetchOnMountAfterError({ state: { status: 'success', error: null } })).toBe(true);
    expect(createQueryClient().getDefaultOptions().queries?.refetchOnMount).toBe(refetchOnMountAfterError);
  });

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

describe('the retry policy with the rate-limit gate of the client', () => {
  it('retries a 3001 once its Retry-After has passed, and holds the other queries back meanwhile', async () => {
    // Fake clocks only: Response bodies still need the real setImmediate and nextTick.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const start = Date.now();
    const sent: Array<{ path: string; at: number }> = [];
    const answers = [
      new Response(JSON.stringify({ code: 3001, message: 'Rate limit exceeded' }), { status: 429, headers: { 'Retry-After': '2' } }),
      new Response(JSON.stringify({ code: 0, message: 'success', data: { value: 1 } })),
      new Response(JSON.stringify({ code: 0, message: 'success', data: { value: 2 } })),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string) => {
        sent.push({ path: input, at: Date.now() });
        const answer = answers.shift();
        return answer ? Promise.resolve(answer) : Promise.reject(new Error('no answer scripted'));
      }),
    );
    const schema = z.object({ value: z.number() });
    const client = createQueryClient();
    const api = createApiClient();
    const limited = client.query({ queryKey: ['limited'], queryFn: ({ signal }) => api.get('/v1/market/ticker', {}, schema, { signal }) });
    await vi.advanceTimersByTimeAsync(500);
    const other = client.query({ queryKey: ['other'], queryFn: ({ signal }) => api.get('/v1/market/trades', {}, schema, { signal }) });
    await vi.advanceTimersByTimeAsync(1_499);
    expect(sent).toEqual([{ path: '/v1/market/ticker', at: start }]);
    await vi.advanceTimersByTimeAsync(1);
    await expect(Promise.all([limited, other])).resolves.toHaveLength(2);
    expect(sent.map((request) => request.at)).toEqual([start, start + 2_000, start + 2_000]);
  });
});
