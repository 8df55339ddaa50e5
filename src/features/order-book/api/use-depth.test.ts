// @vitest-environment happy-dom
// The HTTP order book: polled every 2 s unless the realtime channel is live; no storm on 2001.
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error';
import { resetRateLimitGate } from '../api/client';
import { simFetch, startSimulator, type SimHandle } from '../api/sim-fetch.test-support';
import { ERROR_REFETCH_MS } from './query-client';
import { testQueryClient, wrapperFor } from './query-test-support';
import { DEPTH_POLL_MS, depthPollInterval, depthQueryOptions, useDepth } from './use-depth';

let sim: SimHandle;
let calls: string[];

beforeAll(() => {
  sim = startSimulator('2026-11-25T15:00:00Z');
});

function connect() {
  const stub = simFetch(sim);
  calls = stub.calls;
  vi.stubGlobal('fetch', stub.fetch);
  return wrapperFor(testQueryClient());
}

const depthCalls = () => calls.filter((path) => path.startsWith('/v1/market/depth?'));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(() => {
  resetRateLimitGate();
  vi.unstubAllGlobals();
});

describe('depthQueryOptions: the live/HTTP switch', () => {
  it('while live: disabled and no refetch interval', () => {
    const options = depthQueryOptions('AAPL.US', undefined, true);
    expect(options.enabled).toBe(false);
    expect(options.refetchInterval).toBe(false);
  });

  it('otherwise: enabled, polling every 2 s, keyed by symbol and type', () => {
    const options = depthQueryOptions('BTCUSDT', 'crypto', false);
    expect(options.enabled).toBe(true);
    expect(typeof options.refetchInterval).toBe('function');
    expect(options.queryKey).toEqual(['api', 'depth', 'BTCUSDT', 'crypto']);
    expect(depthQueryOptions(' ', undefined, false).enabled).toBe(false);
  });

  it('depthPollInterval: 2 s; 10 s after a transient failure; never after 2001 or 1004', () => {
    expect(depthPollInterval({ status: 'success', error: null })).toBe(DEPTH_POLL_MS);
    expect(depthPollInterval({ status: 'pending', error: null })).toBe(DEPTH_POLL_MS);
    const apiError = (rawCode: number) => new ApiError({ kind: 'api', rawCode, message: 'x', path: '/v1/market/depth', status: 400 });
    expect(depthPollInterval({ status: 'error', error: apiError(5001) })).toBe(ERROR_REFETCH_MS);
    expect(depthPollInterval({ status: 'error', error: apiError(2001) })).toBe(false);
    expect(depthPollInterval({ status: 'error', error: apiError(1004) })).toBe(false);
  });
});

describe('useDepth on the simulator', () => {
  it('polls while not live and stops once live', async () => {
    const wrapper = connect();
    const { result, rerender } = renderHook(({ live }) => useDepth('AAPL.US', undefined, live), { wrapper, initialProps: { live: false } });
    await waitFor(() => {
      expect(result.current.data?.bids).toHaveLength(10);
    });
    await waitFor(
      () => {
        expect(depthCalls().length).toBeGreaterThanOrEqual(2);
      },
      { timeout: DEPTH_POLL_MS * 2 },
    );
    rerender({ live: true });
    const count = depthCalls().length;
    await sleep(DEPTH_POLL_MS + 700);
    expect(depthCalls()).toHaveLength(count);
    expect(result.current.data?.symbol).toBe('AAPL.US'); // the last HTTP book stays until a push replaces it
  });

  it('live from the start: no request at all', async () => {
    const wrapper = connect();
    renderHook(() => useDepth('700.HK', undefined, true), { wrapper });
    await sleep(300);
    expect(depthCalls()).toEqual([]);
  });

  it('a market without a book answers 2001 once and is not asked again', async () => {
    const wrapper = connect();
    const { result } = renderHook(() => useDepth('EURUSD', undefined, false), { wrapper });
    await waitFor(() => {
      expect(result.current.error).toMatchObject({ code: 2001 });
    });
    await sleep(DEPTH_POLL_MS + 700);
    expect(depthCalls()).toEqual(['/v1/market/depth?symbol=EURUSD']);
  });
});
