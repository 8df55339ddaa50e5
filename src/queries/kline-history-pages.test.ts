// History pages against the real simulator: 3m built from 1m matches the service's 3m bars.
import { beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../api/client';
import { fetchKlines, fetchLatestKlines } from '../api/kline-endpoints';
import { simFetch, startSimulator, type SimHandle } from '../api/sim-fetch.test-support';
import { aggregateCandles, toCandle } from '../lib/candles';
import { fetchHistoryPage, fetchTail, flattenPages } from './kline-history-pages';

const MINUTE = 60_000;
let sim: SimHandle;
let calls: string[];
/** The client of the test, over the simulator. */
let api: ApiClient;

beforeAll(() => {
  sim = startSimulator('2026-11-25T15:01:30Z');
});

/** Freezes the simulator at `iso`; returns that instant (the data's clock, for the newest page). */
function at(iso: string): number {
  sim.clock.set({ now: Date.parse(iso), frozen: true });
  const stub = simFetch(sim);
  calls = stub.calls;
  api = createApiClient({ fetch: stub.fetch });
  return Date.parse(iso);
}

async function minutes(symbol: string, startTime: number, endTime: number) {
  return (await fetchKlines(api, { symbol, interval: '1m', startTime, endTime, limit: 1000 })).klines.map(toCandle);
}

describe('fetchHistoryPage', () => {
  it('asks for 1000 completed K-lines up to the current period and pages back with end_time = oldest - 1', async () => {
    const now = at('2026-11-25T15:01:30Z');
    const page = await fetchHistoryPage(api, { symbol: 'AAPL.US', interval: '1h', adjust: 'none' }, null, undefined, now);
    expect(calls[0]).toBe(`/v1/market/kline?symbol=AAPL.US&interval=1h&limit=1000&end_time=${String(Date.UTC(2026, 10, 25, 15) - 1)}&adjust=none`);
    expect(page.candles).toHaveLength(1000);
    expect(page.olderEndTime).toBe((page.candles[0]?.time ?? 0) - 1);
  });

  it('a page list is joined once: a second reader of the same cached pages (the app after the early chart) gets the same series', async () => {
    const now = at('2026-11-25T15:01:30Z');
    const page = await fetchHistoryPage(api, { symbol: 'AAPL.US', interval: '1d' }, null, undefined, now);
    if (page.olderEndTime === null) throw new Error('expected older K-lines');
    const older = await fetchHistoryPage(api, { symbol: 'AAPL.US', interval: '1d' }, page.olderEndTime, undefined, now);
    const pages = [page, older];
    const series = flattenPages(pages);
    expect(series).toHaveLength(page.candles.length + older.candles.length);
    expect(flattenPages(pages)).toBe(series);
    // A new list (a page more): a new series.
    expect(flattenPages([page])).not.toBe(series);
    expect(flattenPages([page])).toEqual(page.candles);
  });

  it('a short page means nothing older', async () => {
    const now = at('2026-11-25T15:01:30Z');
    const page = await fetchHistoryPage(api, { symbol: 'AAPL.US', interval: '1d' }, Date.UTC(1990, 0, 10), undefined, now);
    expect(page.candles.length).toBeLessThan(1000);
    expect(page.olderEndTime).toBeNull();
  });

  it('3m: 1m pages of 999 folded into whole 3m buckets, the forming bucket left to the latest endpoint', async () => {
    const now = at('2026-11-25T15:01:30Z');
    const page = await fetchHistoryPage(api, { symbol: 'AAPL.US', interval: '3m' }, null, undefined, now);
    expect(calls[0]).toBe(`/v1/market/kline?symbol=AAPL.US&interval=1m&limit=999&end_time=${String(Date.UTC(2026, 10, 25, 15) - 1)}`);
    expect(page.candles.every((c) => c.time % (3 * MINUTE) === 0)).toBe(true);
    // 15:00 (one minute of three so far) is forming; 14:57 is the newest whole bucket.
    expect(page.candles.at(-1)?.time).toBe(Date.UTC(2026, 10, 25, 14, 57));
    const first = page.candles[0];
    if (!first || page.olderEndTime === null) throw new Error('expected older K-lines');
    expect(page.olderEndTime).toBe(first.time - 1);

    // The next page ends where this one starts, and the bucket at the seam is whole.
    const older = await fetchHistoryPage(api, { symbol: 'AAPL.US', interval: '3m' }, page.olderEndTime, undefined, now);
    const all = flattenPages([page, older]);
    expect(new Set(all.map((c) => c.time)).size).toBe(all.length);
    const seam = older.candles.at(-1);
    if (!seam) throw new Error('empty older page');
    const [whole] = aggregateCandles(await minutes('AAPL.US', seam.time, seam.time + 3 * MINUTE - 1), 3 * MINUTE);
    expect(seam).toEqual(whole);
  });

  it("3m: a bucket built from 1m equals the latest endpoint's 3m bar of that period", async () => {
    at('2026-11-25T15:02:59.999Z');
    const [latest] = await fetchLatestKlines(api, { symbols: ['AAPL.US'], interval: '3m' });
    const native = latest?.klines[0];
    if (!native) throw new Error('no forming 3m bar');
    const now = at('2026-11-25T15:10:00Z');
    const page = await fetchHistoryPage(api, { symbol: 'AAPL.US', interval: '3m' }, null, undefined, now);
    const built = page.candles.find((c) => c.time === native.time);
    expect(built).toEqual(toCandle(native));
  });

  it("aggregated 1m equals the service's own 15m bars", async () => {
    at('2026-11-25T21:00:00Z');
    const open = Date.UTC(2026, 10, 25, 14, 30);
    const close = Date.UTC(2026, 10, 25, 21, 0);
    const built = aggregateCandles(await minutes('AAPL.US', open, close - 1), 15 * MINUTE);
    const native = (await fetchKlines(api, { symbol: 'AAPL.US', interval: '15m', startTime: open, endTime: close - 1, limit: 1000 })).klines.map(toCandle);
    expect(built.map(({ quoteVolume: _q, ...rest }) => rest)).toEqual(native.map(({ quoteVolume: _q, ...rest }) => rest));
    built.forEach((candle, i) => {
      expect(candle.quoteVolume).toBeCloseTo(native[i]?.quoteVolume ?? Number.NaN, 1);
    });
  });
});

describe('fetchTail', () => {
  it('gives the completed K-lines between the history and the forming period; a gap over a page is an overflow', async () => {
    at('2026-11-25T15:10:30Z');
    const from = Date.UTC(2026, 10, 25, 15, 0);
    const to = Date.UTC(2026, 10, 25, 15, 10);
    const tail = await fetchTail(api, { symbol: 'AAPL.US', interval: '1m' }, from, to - 1);
    expect(tail.kind === 'candles' && tail.candles.map((c) => (c.time - from) / MINUTE)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const derived = await fetchTail(api, { symbol: 'AAPL.US', interval: '3m' }, from, to - MINUTE - 1);
    expect(derived.kind === 'candles' && derived.candles.map((c) => (c.time - from) / MINUTE)).toEqual([0, 3, 6]);
    expect(await fetchTail(api, { symbol: 'BTCUSDT', interval: '1m' }, from - 2000 * MINUTE, to - 1)).toEqual({ kind: 'overflow' });
  });
});
