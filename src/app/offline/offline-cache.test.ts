// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_SOURCE } from '../../queries/market-feed/market-feed';
import { queryKeys } from '../../queries/query-keys';
import { keepOfflineCache, MAX_AGE_MS, MAX_BYTES, MAX_SYMBOLS, MAX_TICKERS, offlineSnapshot, restoreOfflineCache, type OfflineStore } from './offline-cache';

const NOW = 1_800_000_000_000;

function memoryStore(initial?: string): OfflineStore & { text: string | undefined; writes: number } {
  const store = {
    text: initial,
    writes: 0,
    read: () => Promise.resolve(store.text),
    clear: () => {
      store.text = undefined;
      return Promise.resolve();
    },
    write: (text: string) => {
      store.text = text;
      store.writes += 1;
      return Promise.resolve();
    },
  };
  return store;
}

const history = (symbol: string) => queryKeys.klines.history(LIVE_SOURCE, symbol, '1d', null);
const ticker = (symbol: string) => queryKeys.tickers.one(LIVE_SOURCE, symbol);
const pages = (symbol: string, count: number) => ({
  pages: Array.from({ length: count }, (_, page) => ({ symbol, page, candles: [{ time: page, close: 1 }] })),
  pageParams: Array.from({ length: count }, (_, page) => (page === 0 ? null : page)),
});

function keptKeys(text: string): unknown[][] {
  return (JSON.parse(text) as { state: { queries: { queryKey: unknown[] }[] } }).state.queries.map((query) => query.queryKey);
}

describe('what is kept', () => {
  it('keeps live answers of the kept domains, the newest history page only, and nothing else', () => {
    const client = new QueryClient();
    client.setQueryData(history('AAPL.US'), pages('AAPL.US', 3), { updatedAt: NOW });
    client.setQueryData(ticker('AAPL.US'), { last: 1 }, { updatedAt: NOW });
    client.setQueryData(queryKeys.trades.list(LIVE_SOURCE, 'AAPL.US', 50), [{ price: 1 }], { updatedAt: NOW });
    client.setQueryData(queryKeys.tickers.one({ kind: 'replay', id: 'r1' }, 'AAPL.US'), { last: 2 }, { updatedAt: NOW });
    client.setQueryData(['chartroom', 'catalog'], { entries: [] }, { updatedAt: NOW });
    const saved = JSON.parse(offlineSnapshot(client, NOW)) as { savedAt: number; state: { queries: { queryKey: unknown[]; state: { data: unknown } }[] } };
    expect(saved.savedAt).toBe(NOW);
    expect(saved.state.queries.map((query) => query.queryKey[1])).toEqual(expect.arrayContaining(['klines', 'tickers']));
    expect(saved.state.queries).toHaveLength(2);
    const kept = saved.state.queries.find((query) => query.queryKey[1] === 'klines');
    expect(kept?.state.data).toEqual(pages('AAPL.US', 1));
  });

  it(`keeps the ${String(MAX_SYMBOLS)} symbols seen last and the ${String(MAX_TICKERS)} newest tickers`, () => {
    const client = new QueryClient();
    for (let i = 0; i < MAX_SYMBOLS + 5; i += 1) client.setQueryData(history(`S${String(i)}`), pages(`S${String(i)}`, 1), { updatedAt: NOW + i });
    for (let i = 0; i < MAX_TICKERS + 20; i += 1) client.setQueryData(ticker(`T${String(i)}`), { last: i }, { updatedAt: NOW + i });
    const keys = keptKeys(offlineSnapshot(client, NOW));
    const symbols = keys.filter((key) => key[1] === 'klines').map((key) => key[4]);
    expect(symbols).toHaveLength(MAX_SYMBOLS);
    expect(symbols).toContain(`S${String(MAX_SYMBOLS + 4)}`);
    expect(symbols).not.toContain('S0');
    const tickers = keys.filter((key) => key[1] === 'tickers').map((key) => key[3]);
    expect(tickers).toHaveLength(MAX_TICKERS);
    expect(tickers).not.toContain('T0');
  });

  it('stays under its byte cap by dropping the oldest answers', () => {
    const client = new QueryClient();
    const big = 'x'.repeat(MAX_BYTES / 4);
    for (let i = 0; i < 6; i += 1) client.setQueryData(queryKeys.stockInfo.list(LIVE_SOURCE, [`S${String(i)}`]), [{ about: big }], { updatedAt: NOW + i });
    const text = offlineSnapshot(client, NOW);
    expect(text.length).toBeLessThanOrEqual(MAX_BYTES);
    const kept = keptKeys(text).map((key) => (key[3] as string[])[0]);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept).toContain('S5');
    expect(kept).not.toContain('S0');
  });
});

describe('restoring', () => {
  it('puts kept answers back stale (read again online), and leaves a newer answer fresh', async () => {
    const before = new QueryClient();
    before.setQueryData(history('AAPL.US'), pages('AAPL.US', 2), { updatedAt: NOW - 60_000 });
    before.setQueryData(ticker('AAPL.US'), { last: 1 }, { updatedAt: NOW - 60_000 });
    const store = memoryStore(offlineSnapshot(before, NOW - 60_000));

    const page = new QueryClient();
    page.setQueryData(ticker('AAPL.US'), { last: 2 }, { updatedAt: NOW });
    expect((await restoreOfflineCache(page, store, NOW)).restored).toBe(1);
    expect(page.getQueryData(history('AAPL.US'))).toEqual(pages('AAPL.US', 1));
    expect(page.getQueryState(history('AAPL.US'))?.isInvalidated).toBe(true);
    expect(page.getQueryData(ticker('AAPL.US'))).toEqual({ last: 2 });
    expect(page.getQueryState(ticker('AAPL.US'))?.isInvalidated).toBe(false);
  });

  it('restores nothing from a save too old, of another format, unreadable or failing', async () => {
    const before = new QueryClient();
    before.setQueryData(ticker('AAPL.US'), { last: 1 }, { updatedAt: NOW });
    const text = offlineSnapshot(before, NOW);
    const fresh = () => new QueryClient();
    expect((await restoreOfflineCache(fresh(), memoryStore(text), NOW + MAX_AGE_MS + 1)).restored).toBe(0);
    expect((await restoreOfflineCache(fresh(), memoryStore(text.replace('"format":1', '"format":0')), NOW)).restored).toBe(0);
    expect((await restoreOfflineCache(fresh(), memoryStore('{not json'), NOW)).restored).toBe(0);
    expect(
      await restoreOfflineCache(
        fresh(),
        { read: () => Promise.reject(new Error('blocked')), write: () => Promise.resolve(), clear: () => Promise.resolve() },
        NOW,
      ),
    ).toEqual({ restored: 0, clockOffsetMs: undefined });
    expect((await restoreOfflineCache(fresh(), memoryStore(text), NOW)).restored).toBe(1);
  });

  it('keeps the data’s clock offset with the answers, for a page that opens without one', async () => {
    const before = new QueryClient();
    before.setQueryData(ticker('AAPL.US'), { last: 1 }, { updatedAt: NOW });
    const tenDaysBehind = -10 * 24 * 60 * 60 * 1000;
    expect(await restoreOfflineCache(new QueryClient(), memoryStore(offlineSnapshot(before, NOW, tenDaysBehind)), NOW)).toEqual({
      restored: 1,
      clockOffsetMs: tenDaysBehind,
    });
    expect((await restoreOfflineCache(new QueryClient(), memoryStore(offlineSnapshot(before, NOW)), NOW)).clockOffsetMs).toBeUndefined();
  });
});

describe('keeping', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('saves at most once per period while answers come in', async () => {
    const client = new QueryClient();
    const store = memoryStore();
    const stop = keepOfflineCache(
      client,
      store,
      () => NOW,
      () => undefined,
      1_000,
    );
    for (let i = 0; i < 10; i += 1) client.setQueryData(ticker('AAPL.US'), { last: i });
    expect(store.writes).toBe(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(store.writes).toBe(1);
    expect(store.text).toContain('"last":9');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(store.writes).toBe(1);
    stop();
    client.setQueryData(ticker('AAPL.US'), { last: 10 });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(store.writes).toBe(1);
  });
});
