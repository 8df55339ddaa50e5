import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error';
import type { Ticker } from '../api/quote-schemas';
import { createTickerBatcher, createTickerBatchers } from './ticker-batcher';

function ticker(symbol: string): Ticker {
  return { symbol, last_price: '1', timestamp: 1 };
}

/** A fetcher answering every symbol it knows (all but `unknown`), upper-cased as the service echoes. */
function fakeFetcher(unknown: readonly string[] = []) {
  return vi.fn((symbols: string[]) => Promise.resolve(symbols.filter((s) => !unknown.includes(s)).map((s) => ticker(s.toUpperCase()))));
}

describe('createTickerBatcher', () => {
  it('120 distinct symbols in one window: 3 requests of at most 50, each caller gets its own entry', async () => {
    const fetcher = fakeFetcher();
    const batcher = createTickerBatcher(fetcher);
    const symbols = Array.from({ length: 120 }, (_, i) => `S${i}.US`);
    const results = await Promise.all(symbols.map((symbol) => batcher.load(symbol)));
    expect(fetcher).toHaveBeenCalledTimes(3);
    expect(fetcher.mock.calls.map(([chunk]) => chunk.length)).toEqual([50, 50, 20]);
    expect(new Set(fetcher.mock.calls.flatMap(([chunk]) => chunk)).size).toBe(120);
    expect(results.map((t) => t.symbol)).toEqual(symbols);
  });

  it('the same symbol from three callers: one entry in one request, three answers', async () => {
    const fetcher = fakeFetcher();
    const batcher = createTickerBatcher(fetcher);
    const answers = await Promise.all([batcher.load('AAPL.US'), batcher.load('AAPL.US'), batcher.load('aapl.us'), batcher.load('700.HK')]);
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(fetcher.mock.calls[0]?.[0]).toEqual(['AAPL.US', '700.HK']);
    expect(answers.map((t) => t.symbol)).toEqual(['AAPL.US', 'AAPL.US', 'AAPL.US', '700.HK']);
  });

  it('matches HK symbols with or without leading zeros', async () => {
    const fetcher = vi.fn((_symbols: string[]) => Promise.resolve([ticker('00700.HK')]));
    const batcher = createTickerBatcher(fetcher);
    await expect(batcher.load('700.HK')).resolves.toMatchObject({ symbol: '00700.HK' });
  });

  it('requests made in different windows go in different requests', async () => {
    vi.useFakeTimers();
    try {
      const fetcher = fakeFetcher();
      const batcher = createTickerBatcher(fetcher, { windowMs: 10 });
      const first = batcher.load('A.US');
      await vi.advanceTimersByTimeAsync(10);
      const second = batcher.load('B.US');
      await vi.advanceTimersByTimeAsync(10);
      await Promise.all([first, second]);
      expect(fetcher.mock.calls.map(([chunk]) => chunk)).toEqual([['A.US'], ['B.US']]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a symbol missing from the answer rejects with a 2002 ApiError; the others resolve', async () => {
    const batcher = createTickerBatcher(fakeFetcher(['NOPE.US']));
    const [ok, missing] = await Promise.allSettled([batcher.load('AAPL.US'), batcher.load('NOPE.US')]);
    expect(ok.status).toBe('fulfilled');
    expect(missing.status).toBe('rejected');
    const reason: unknown = missing.status === 'rejected' ? missing.reason : undefined;
    expect(reason).toBeInstanceOf(ApiError);
    expect(reason).toMatchObject({ code: 2002, kind: 'api', path: '/v1/market/ticker' });
    expect((reason as ApiError).message).toContain('NOPE.US');
  });

  it('a failed request rejects every caller of its chunk with the error', async () => {
    const failure = new ApiError({ kind: 'api', path: '/v1/market/ticker', status: 503, rawCode: 5001, message: 'Data source unavailable' });
    const batcher = createTickerBatcher(() => Promise.reject(failure));
    const results = await Promise.allSettled([batcher.load('A.US'), batcher.load('B.US')]);
    expect(results.map((r): unknown => (r.status === 'rejected' ? r.reason : undefined))).toEqual([failure, failure]);
  });

  it('an ambiguous symbol fails alone: the rest of its chunk is asked for again', async () => {
    const ambiguous = new ApiError({
      kind: 'api',
      path: '/v1/market/ticker',
      status: 400,
      rawCode: 2001,
      message: 'Invalid parameter: AMBIGUOUS_SYMBOL',
      errorName: 'AMBIGUOUS_SYMBOL',
      data: { symbol: 'BTCUSD', types: ['crypto', 'forex'] },
    });
    const fetcher = vi.fn((symbols: string[]): Promise<Ticker[]> =>
      symbols.includes('BTCUSD') ? Promise.reject(ambiguous) : Promise.resolve(symbols.map(ticker)),
    );
    const batcher = createTickerBatcher(fetcher);
    const [a, b, c] = await Promise.allSettled([batcher.load('AAPL.US'), batcher.load('BTCUSD'), batcher.load('EURUSD')]);
    expect(a).toMatchObject({ status: 'fulfilled', value: { symbol: 'AAPL.US' } });
    expect(b).toMatchObject({ status: 'rejected', reason: ambiguous });
    expect(c).toMatchObject({ status: 'fulfilled', value: { symbol: 'EURUSD' } });
    expect(fetcher.mock.calls.map(([chunk]) => chunk)).toEqual([
      ['AAPL.US', 'BTCUSD', 'EURUSD'],
      ['AAPL.US', 'EURUSD'],
    ]);
  });

  it('never sends more than the endpoint allows, whatever maxBatch says', async () => {
    const fetcher = fakeFetcher();
    const batcher = createTickerBatcher(fetcher, { maxBatch: 500 });
    await Promise.all(Array.from({ length: 60 }, (_, i) => batcher.load(`S${i}.US`)));
    expect(fetcher.mock.calls.map(([chunk]) => chunk.length)).toEqual([50, 10]);
  });
});

describe('createTickerBatchers', () => {
  it('one batcher per type: a request carries one type, so symbols of two types go in two requests', async () => {
    const fetcher = vi.fn((symbols: string[], type: string | undefined) =>
      Promise.resolve(symbols.map((symbol) => ({ ...ticker(symbol), ...(type && { type }) }))),
    );
    const batchers = createTickerBatchers(fetcher);
    const answers = await Promise.all([
      batchers.load('BTCUSD', 'crypto'),
      batchers.load('BTCUSD', 'forex'),
      batchers.load('AAPL.US', undefined),
      batchers.load('ETHUSD', 'crypto'),
    ]);
    expect(fetcher.mock.calls).toEqual([
      [['BTCUSD', 'ETHUSD'], 'crypto'],
      [['BTCUSD'], 'forex'],
      [['AAPL.US'], undefined],
    ]);
    expect(answers.map((answer) => answer.type)).toEqual(['crypto', 'forex', undefined, 'crypto']);
  });

  it('two sets of batchers share nothing (two API clients, two screens)', async () => {
    const first = fakeFetcher();
    const second = fakeFetcher();
    await Promise.all([createTickerBatchers(first).load('AAPL.US', undefined), createTickerBatchers(second).load('MSFT.US', undefined)]);
    expect(first.mock.calls).toEqual([[['AAPL.US'], undefined]]);
    expect(second.mock.calls).toEqual([[['MSFT.US'], undefined]]);
  });
});
