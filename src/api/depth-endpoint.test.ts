// fetchDepth against the real simulator, in process.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fetchDepth } from './depth-endpoint';
import { createApiClient, type ApiClient } from './client';
import { answerAs, rejectionOf, startSimulator, type SimHandle } from './sim-fetch.test-support';

let sim: SimHandle;
const api: ApiClient = createApiClient();

beforeAll(() => {
  sim = startSimulator('2026-11-25T15:00:00Z');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fetchDepth on the simulator', () => {
  it('a US book: ten levels a side, bids descending below asks ascending', async () => {
    const calls = answerAs(sim);
    const book = await fetchDepth(api, { symbol: 'AAPL.US' });
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
    const calls = answerAs(sim);
    const book = await fetchDepth(api, { symbol: 'BTCUSDT', type: 'crypto' });
    expect(calls).toEqual(['/v1/market/depth?symbol=BTCUSDT&type=crypto']);
    expect(book.bids.length).toBeGreaterThan(0);
  });

  it('forex has no book (2001); the Free plan gets 1004', async () => {
    answerAs(sim);
    expect(await rejectionOf(fetchDepth(api, { symbol: 'EURUSD' }))).toMatchObject({ kind: 'api', code: 2001 });
    answerAs(sim, 'demo-free');
    expect(await rejectionOf(fetchDepth(api, { symbol: 'AAPL.US' }))).toMatchObject({ kind: 'api', code: 1004 });
  });
});
