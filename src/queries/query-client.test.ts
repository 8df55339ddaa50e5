import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from '../api/schema';
import { ApiError } from '../api/api-error';
import { apiGet, resetRateLimitGate } from '../api/client';
import { createQueryClient, refetchOnMountAfterError } from './query-client';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetRateLimitGate();
});

function apiError(rawCode: number, retryAfterMs?: number): ApiError {
  return new ApiError({ kind: 'api', path: '/v1/market/ticker', status: 400, rawCode, message: 'x', ...(retryAfterMs !== undefined && { retryAfterMs }) });
}

describe('createQueryClient', () => {
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
    const limited = client.query({ queryKey: ['limited'], queryFn: ({ signal }) => apiGet('/v1/market/ticker', {}, schema, { signal }) });
    await vi.advanceTimersByTimeAsync(500);
    const other = client.query({ queryKey: ['other'], queryFn: ({ signal }) => apiGet('/v1/market/trades', {}, schema, { signal }) });
    await vi.advanceTimersByTimeAsync(1_499);
    expect(sent).toEqual([{ path: '/v1/market/ticker', at: start }]);
    await vi.advanceTimersByTimeAsync(1);
    await expect(Promise.all([limited, other])).resolves.toHaveLength(2);
    expect(sent.map((request) => request.at)).toEqual([start, start + 2_000, start + 2_000]);
  });
});
