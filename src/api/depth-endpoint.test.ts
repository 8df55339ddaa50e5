// fetchDepth against the real simulator, in process.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiError } from './api-error';
import { fetchDepth } from './depth-endpoint';
import { simFetch, startSimulator, type SimHandle } from './sim-fetch.test-support';

let sim: SimHandle;

beforeAll(async () => {
  sim = await startSimulator('2026-11-25T15:00:00Z');
});

function useKey(key = 'demo-enterprise'): string[] {
  const stub = simFetch(sim, key);
  vi.stubGlobal('fetch', stub.fetch);
  return stub.calls;
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  return (await promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  )) as ApiError;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fetchDepth on the simulator', () => {
  it('a US book: ten levels a side, bids descending below asks ascending', async () => {
    const calls = useKey();
    const book = await fetchDepth({ symbol: 'AAPL.US' });
    expect(calls).toEqual(['/v1/market/depth?symbol=AAPL.US']);
    expect(book).toMatchObject({ symbol: 'AAPL.US', type: 'stock' });
    const bids = book.bids.map(([price]) => Number(price));
    const asks = book.asks.map(([price]) => Number(price));
    expect(bids).toHaveLength(10);
    expect(asks).toHaveLength(10);
    expect([...bids].sort((a, b) => b - a)).toEqual(bids);
    expect([...asks].sort((a, b) => a - b)).toEqual(asks);
    expect(bids[0]).toBeLessThan(asks[0] ?? 0);
  });

  it('sends the type when there is one (crypto)', async () => {
    const calls = useKey();
    const book = await fetchDepth({ symbol: 'BTCUSDT', type: 'crypto' });
    expect(calls).toEqual(['/v1/market/depth?symbol=BTCUSDT&type=crypto']);
    expect(book.bids.length).toBeGreaterThan(0);
  });

  it('forex has no book (2001); the Free plan gets 1004', async () => {
    useKey();
    expect(await rejection(fetchDepth({ symbol: 'EURUSD' }))).toMatchObject({ kind: 'api', code: 2001 });
    useKey('demo-free');
    expect(await rejection(fetchDepth({ symbol: 'AAPL.US' }))).toMatchObject({ kind: 'api', code: 1004 });
  });
});
