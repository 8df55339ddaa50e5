import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KlineSeries } from '../api/kline-schemas';
import { createLatestKlineBatcher, type LatestKlineFetcher } from './latest-kline-batcher';

const series = (symbol: string): KlineSeries => ({ symbol, interval: '1m', klines: [] });

describe('the latest K-line batcher', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the symbols of one interval, type and adjustment asked within the window in one request', async () => {
    const fetcher = vi.fn<LatestKlineFetcher>(({ symbols }) => Promise.resolve(symbols.map(series)));
    const batcher = createLatestKlineBatcher(fetcher, 20);
    const answers = Promise.all([
      batcher.load({ symbol: 'AAPL.US', interval: '1m' }),
      batcher.load({ symbol: '00700.hk', interval: '1m' }),
      batcher.load({ symbol: 'AAPL.US', interval: '1m' }),
      batcher.load({ symbol: 'AAPL.US', interval: '5m' }),
      batcher.load({ symbol: 'MSFT.US', interval: '1m', adjust: 'forward' }),
    ]);
    await vi.advanceTimersByTimeAsync(20);
    const [aapl, tencent, again, fiveMinutes, adjusted] = await answers;
    expect(fetcher.mock.calls.map(([group]) => group)).toEqual([
      { interval: '1m', symbols: ['AAPL.US', '700.HK'] },
      { interval: '5m', symbols: ['AAPL.US'] },
      { interval: '1m', adjust: 'forward', symbols: ['MSFT.US'] },
    ]);
    expect([aapl?.symbol, tencent?.symbol, again?.symbol, fiveMinutes?.symbol, adjusted?.symbol]).toEqual([
      'AAPL.US',
      '700.HK',
      'AAPL.US',
      'AAPL.US',
      'MSFT.US',
    ]);
  });

  it('asks a lone symbol as it was spelled, and takes the answer as its own', async () => {
    const fetcher = vi.fn<LatestKlineFetcher>(() => Promise.resolve([series('700.HK')]));
    const batcher = createLatestKlineBatcher(fetcher, 20);
    const answer = batcher.load({ symbol: '00700.HK', interval: '1d', type: 'stock' });
    await vi.advanceTimersByTimeAsync(20);
    expect((await answer)?.symbol).toBe('700.HK');
    expect(fetcher).toHaveBeenCalledWith({ interval: '1d', type: 'stock', symbols: ['00700.HK'] });
  });

  it('asks again for each symbol alone when a batch fails, so one bad symbol fails only its chart', async () => {
    const fetcher = vi.fn<LatestKlineFetcher>(({ symbols }) =>
      symbols.includes('NOPE') ? Promise.reject(new Error('symbol not found')) : Promise.resolve(symbols.map(series)),
    );
    const batcher = createLatestKlineBatcher(fetcher, 20);
    const good = batcher.load({ symbol: 'AAPL.US', interval: '1m' });
    const bad = batcher.load({ symbol: 'NOPE', interval: '1m' });
    const failed = expect(bad).rejects.toThrow('symbol not found');
    await vi.advanceTimersByTimeAsync(20);
    expect((await good)?.symbol).toBe('AAPL.US');
    await failed;
    expect(fetcher.mock.calls.map(([group]) => group.symbols)).toEqual([['AAPL.US', 'NOPE'], ['AAPL.US'], ['NOPE']]);
  });
});
