/**
 * The app's newest page of daily, weekly and monthly history, asked of the server on the embedded
 * simulator at three times of the UTC day (Hong Kong trading, New York trading, New York evening):
 * the server keeps it for good from the first answer, and ending two hours before the current
 * period hides no bar.
 */
import { describe, expect, it } from 'vitest';
import type { Interval } from '#shared/contract.ts';
import { instrumentTimeZone } from '#shared/symbols.ts';
import { newestPageEnd } from '#shared/kline-window-policy.ts';
import { createApp } from '../app.ts';
import { CACHE_FOREVER } from '../cache/cache-control.ts';
import { CACHE_HEADER } from '#shared/protocol.ts';
import { loadConfig } from '../config.ts';

interface Bar {
  time: number;
}

const CASES: [symbol: string, interval: Interval][] = [
  ['AAPL.US', '1d'],
  ['700.HK', '1d'],
  ['600519.SH', '1d'],
  ['BTCUSDT', '1d'],
  ['AAPL.US', '1w'],
  ['700.HK', '1M'],
];

describe.each(['2026-11-25T03:00:00Z', '2026-11-25T15:00:00Z', '2026-11-25T22:00:00Z'])('at %s', (now) => {
  const { app } = createApp(loadConfig({ SIM_NOW: now, SIM_CLOCK: 'frozen' }, { port: 0 }));
  const bars = async (path: string): Promise<Bar[]> => ((await (await app.request(path)).json()) as { data: { klines: Bar[] } }).data.klines;

  it.each(CASES)('%s %s: every completed bar, kept for good', async (symbol, interval) => {
    const end = newestPageEnd(interval, Date.parse(now), instrumentTimeZone(symbol, undefined));
    const page = `/v1/market/kline?symbol=${symbol}&interval=${interval}&limit=5&end_time=${String(end)}`;
    const first = await app.request(page);
    const second = await app.request(page);
    expect(first.headers.get(CACHE_HEADER)).toBe('miss');
    expect(second.headers.get(CACHE_HEADER)).toBe('hit');
    expect(second.headers.get('cache-control')).toBe(CACHE_FOREVER);

    // The two hours before the current period hide no bar: asked up to its start, the newest bar is the same.
    const periodStart = end + 2 * 3_600_000 + 1;
    const upToPeriod = await bars(`/v1/market/kline?symbol=${symbol}&interval=${interval}&limit=5&end_time=${String(periodStart - 1)}`);
    const newest = (await bars(page)).at(-1);
    expect(newest).toBeDefined();
    expect(newest?.time).toBe(upToPeriod.at(-1)?.time);
  });
});
