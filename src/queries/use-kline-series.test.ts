// @vitest-environment happy-dom
// useKlineSeries against the real simulator: adjustment paths, 3m, paging and rolling forward.
import { renderHook, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdjustMode, Interval } from '#shared/contract.ts';
import { fetchKlines } from '../api/kline-endpoints';
import { simFetch, startSimulator, type SimHandle } from '../api/sim-fetch.test-support';
import { toCandle } from '../lib/candles';
import { newestPageEnd } from '#shared/kline-window-policy.ts';
import type { AppServices } from './app-services';
import { queryKeys } from './query-keys';
import { testServices, wrapperFor } from './query-test-support';
import { serverClockAt } from '../time/test-clock.test-support';
import { useKlineSeries, type KlineSeriesParams } from './use-kline-series';
import { LIVE_SOURCE } from './market-feed/market-feed';

const MINUTE = 60_000;
const patient = { timeout: 10_000 };
let sim: SimHandle;
let calls: string[];
/** The services of the test, over the simulator. */
let services: AppServices;

beforeAll(() => {
  sim = startSimulator('2026-11-25T15:00:30Z');
});

function connect(iso: string, key = 'demo-enterprise') {
  sim.clock.set({ now: Date.parse(iso), frozen: true });
  const stub = simFetch(sim, key);
  calls = stub.calls;
  // The data's clock, as the server's X-Chartroom-Clock would report it (the sim clock jumps between tests).
  services = testServices({ fetch: stub.fetch, clock: serverClockAt(Date.parse(iso)) });
  return { client: services.queryClient, wrapper: wrapperFor(services) };
}

const historyCalls = () => calls.filter((path) => path.startsWith('/v1/market/kline?'));

async function renderSeries(params: KlineSeriesParams, wrapper: ReturnType<typeof wrapperFor>) {
  const rendered = renderHook((props: KlineSeriesParams) => useKlineSeries(props), { wrapper, initialProps: params });
  await waitFor(() => {
    expect(rendered.result.current.isLoading).toBe(false);
    expect(rendered.result.current.forming).toBeDefined();
  }, patient);
  return rendered;
}

/** The service's own adjusted closes of the 1000 completed K-lines up to `endTime`. */
async function serviceCloses(symbol: string, interval: Exclude<Interval, '3m'>, adjust: AdjustMode, endTime: number): Promise<Map<number, number>> {
  const series = await fetchKlines(services.api, { symbol, interval, limit: 1000, adjust, endTime });
  return new Map(series.klines.map((k) => [k.time, Number(k.close)]));
}

describe('useKlineSeries: adjustment', () => {
  it('computes forward/backward locally from ex-factors, equal to the service, with no new K-line request on a switch', async () => {
    const { wrapper } = connect('2026-11-25T15:00:30Z');
    const { result, rerender } = await renderSeries({ symbol: 'AAPL.US', interval: '1d', adjust: 'forward' }, wrapper);
    expect(result.current.adjustSource).toBe('local');
    expect(result.current.exFactors.length).toBeGreaterThan(0);
    // The newest page ends with yesterday's bar in New York: the same URL all day, for every browser.
    const end = newestPageEnd('1d', Date.parse('2026-11-25T15:00:30Z'), 'America/New_York');
    expect(end).toBe(Date.parse('2026-11-25T03:00:00Z') - 1);
    expect(historyCalls()).toEqual([`/v1/market/kline?symbol=AAPL.US&interval=1d&limit=1000&end_time=${String(end)}&adjust=none`]);

    const forward = await serviceCloses('AAPL.US', '1d', 'forward', end);
    const history = result.current.candles.slice(0, -1);
    expect(history).toHaveLength(1000);
    expect(history.map((c) => c.close)).toEqual(history.map((c) => forward.get(c.time)));
    // Adjustment changed something: the oldest close differs from the raw one.
    const raw = await serviceCloses('AAPL.US', '1d', 'none', end);
    expect(history[0]?.close).not.toBe(raw.get(history[0]?.time ?? 0));

    const before = calls.length;
    rerender({ symbol: 'AAPL.US', interval: '1d', adjust: 'backward' });
    const backward = await serviceCloses('AAPL.US', '1d', 'backward', end);
    const switched = result.current.candles.slice(0, -1);
    expect(switched.map((c) => c.close)).toEqual(switched.map((c) => backward.get(c.time)));
    rerender({ symbol: 'AAPL.US', interval: '1d', adjust: 'none' });
    expect(result.current.candles.slice(0, -1).map((c) => c.close)).toEqual(switched.map((c) => raw.get(c.time)));
    // The only K-line request since the switch is this test's own; the hook asked for nothing
    // (a poll of the raw forming candle aside).
    const since = calls.slice(before).filter((path) => path !== '/v1/market/kline/latest?symbols=AAPL.US&interval=1d&adjust=none');
    expect(since).toEqual([`/v1/market/kline?symbol=AAPL.US&interval=1d&limit=1000&end_time=${String(end)}&adjust=backward`]);
  });

  it('falls back to adjust= on both K-line endpoints when the plan lacks ex-factors (1004), with the same numbers', async () => {
    const local = connect('2026-11-25T15:00:30Z');
    const { result: localResult } = await renderSeries({ symbol: 'AAPL.US', interval: '1d', adjust: 'forward' }, local.wrapper);
    const localCandles = localResult.current.candles;

    const { wrapper } = connect('2026-11-25T15:00:30Z', 'demo-free');
    const { result } = await renderSeries({ symbol: 'AAPL.US', interval: '1d', adjust: 'forward' }, wrapper);
    expect(result.current.adjustSource).toBe('server');
    expect(result.current.exFactors).toEqual([]);
    expect(calls).toContain('/v1/market/kline/ex-factors?symbols=AAPL.US');
    const end = newestPageEnd('1d', Date.parse('2026-11-25T15:00:30Z'), 'America/New_York');
    expect(historyCalls().at(-1)).toBe(`/v1/market/kline?symbol=AAPL.US&interval=1d&limit=1000&end_time=${String(end)}&adjust=forward`);
    expect(calls.some((path) => path.startsWith('/v1/market/kline/latest?') && path.includes('adjust=forward'))).toBe(true);
    expect(result.current.candles.map((c) => [c.time, c.open, c.high, c.low, c.close])).toEqual(
      localCandles.map((c) => [c.time, c.open, c.high, c.low, c.close]),
    );
  });

  it('asks nothing about adjustment for products without corporate actions', async () => {
    const { wrapper } = connect('2026-11-25T15:00:30Z');
    const { result } = await renderSeries({ symbol: 'BTCUSDT', interval: '1h', adjust: 'forward' }, wrapper);
    expect(result.current.adjustSource).toBe('none');
    expect(calls.some((path) => path.includes('ex-factors') || path.includes('adjust='))).toBe(false);
  });
});

describe('useKlineSeries: history and the forming candle', () => {
  it('ends with the forming candle, and pages older history on demand', async () => {
    const { wrapper } = connect('2026-11-25T15:00:30Z');
    const { result } = await renderSeries({ symbol: 'EURUSD', interval: '1h', adjust: 'none' }, wrapper);
    const { candles, forming } = result.current;
    expect(forming?.time).toBe(Date.UTC(2026, 10, 25, 15, 0));
    expect(candles.at(-1)).toEqual(forming);
    expect(candles).toHaveLength(1001);
    expect(result.current.hasOlder).toBe(true);

    const oldest = candles[0]?.time ?? 0;
    result.current.fetchOlder();
    await waitFor(() => {
      expect(result.current.candles.length).toBe(2001);
    }, patient);
    expect(historyCalls().at(-1)).toBe(`/v1/market/kline?symbol=EURUSD&interval=1h&limit=1000&end_time=${oldest - 1}`);
    const times = result.current.candles.map((c) => c.time);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(new Set(times).size).toBe(times.length);
  });

  it("reads its decimals from the history: a forming candle's price does not change them", async () => {
    const { client, wrapper } = connect('2026-11-25T15:00:30Z');
    const { result } = await renderSeries({ symbol: 'EURUSD', interval: '1h', adjust: 'none' }, wrapper);
    expect(result.current.decimals).toBe(5);
    const forming = result.current.forming;
    if (!forming) throw new Error('no forming candle');
    // A tick written with more digits than the instrument quotes (a float that came out long).
    client.setQueryData(queryKeys.klines.latest(LIVE_SOURCE, 'EURUSD', '1h', null), { ...forming, close: 1.123456789 });
    await waitFor(() => {
      expect(result.current.forming?.close).toBe(1.123456789);
    }, patient);
    expect(result.current.decimals).toBe(5);
  });

  it('3m: history folded from 1m, forming candle from the latest endpoint', async () => {
    const { wrapper } = connect('2026-11-25T15:04:30Z');
    const { result } = await renderSeries({ symbol: 'AAPL.US', interval: '3m', adjust: 'none' }, wrapper);
    expect(calls).toContain('/v1/market/kline/latest?symbols=AAPL.US&interval=3m&adjust=none');
    // 1m up to the end of the last whole 3m period (15:02:59.999), identical for all of 15:03–15:05.
    expect(historyCalls()[0]).toBe(`/v1/market/kline?symbol=AAPL.US&interval=1m&limit=999&end_time=${String(Date.UTC(2026, 10, 25, 15, 3) - 1)}&adjust=none`);
    const times = result.current.candles.slice(-3).map((c) => (c.time - Date.UTC(2026, 10, 25, 14, 57)) / MINUTE);
    expect(times).toEqual([0, 3, 6]);
    expect(result.current.candles.every((c) => c.time % (3 * MINUTE) === 0)).toBe(true);
  });

  it('rolls the forming candle into history when its period completes, without reloading the history', async () => {
    const { client, wrapper } = connect('2026-11-25T15:00:30Z');
    const { result } = await renderSeries({ symbol: 'AAPL.US', interval: '1m', adjust: 'none' }, wrapper);
    expect(result.current.forming?.time).toBe(Date.UTC(2026, 10, 25, 15, 0));
    const length = result.current.candles.length;

    sim.clock.set({ now: Date.parse('2026-11-25T15:01:30Z'), frozen: true });
    await client.refetchQueries({ queryKey: queryKeys.klines.latest(LIVE_SOURCE, 'AAPL.US', '1m', 'none') });
    await waitFor(() => {
      expect(result.current.forming?.time).toBe(Date.UTC(2026, 10, 25, 15, 1));
      expect(result.current.candles).toHaveLength(length + 1);
    }, patient);
    const start = Date.UTC(2026, 10, 25, 15, 0);
    await waitFor(() => {
      expect(historyCalls()).toContain(
        `/v1/market/kline?symbol=AAPL.US&interval=1m&limit=1000&start_time=${start - 59_999}&end_time=${start + MINUTE - 1}&adjust=none`,
      );
    }, patient);
    // The one full-history request of the first render, then only the small tail request.
    expect(historyCalls().filter((path) => !path.includes('start_time'))).toHaveLength(1);
    const completed = (await fetchKlines(services.api, { symbol: 'AAPL.US', interval: '1m', limit: 1, endTime: start + MINUTE - 1 })).klines.map(toCandle)[0];
    await waitFor(() => {
      expect(result.current.candles.at(-2)).toEqual(completed);
    }, patient);
  });

  it('no render drops the candle a new period closed (the chart would redraw whole, twice, at every roll)', async () => {
    const { client, wrapper } = connect('2026-11-25T15:00:30Z');
    const seen: { forming?: number; before?: number }[] = [];
    const { result } = renderHook(
      (props: KlineSeriesParams) => {
        const series = useKlineSeries(props);
        seen.push({ ...(series.forming && { forming: series.forming.time }), ...(series.candles.length > 1 && { before: series.candles.at(-2)?.time }) });
        return series;
      },
      { wrapper, initialProps: { symbol: 'AAPL.US', interval: '1m', adjust: 'none' } },
    );
    await waitFor(() => {
      expect(result.current.forming?.time).toBe(Date.UTC(2026, 10, 25, 15, 0));
    }, patient);

    sim.clock.set({ now: Date.parse('2026-11-25T15:01:30Z'), frozen: true });
    await client.refetchQueries({ queryKey: queryKeys.klines.latest(LIVE_SOURCE, 'AAPL.US', '1m', 'none') });
    await waitFor(() => {
      expect(result.current.candles.at(-2)?.time).toBe(Date.UTC(2026, 10, 25, 15, 0));
    }, patient);
    const afterRoll = seen.filter(({ forming }) => forming === Date.UTC(2026, 10, 25, 15, 1));
    expect(afterRoll.length).toBeGreaterThan(0);
    expect(afterRoll.filter(({ before }) => before !== Date.UTC(2026, 10, 25, 15, 0))).toEqual([]);
  });

  it('fills the gap when a chart comes back to a cached history after periods completed', async () => {
    const { client, wrapper } = connect('2026-11-25T15:00:30Z');
    const first = await renderSeries({ symbol: 'AAPL.US', interval: '1m', adjust: 'none' }, wrapper);
    first.unmount();

    sim.clock.set({ now: Date.parse('2026-11-25T15:05:30Z'), frozen: true });
    await client.invalidateQueries({ queryKey: queryKeys.klines.latest(LIVE_SOURCE, 'AAPL.US', '1m', 'none') });
    const { result } = renderHook(() => useKlineSeries({ symbol: 'AAPL.US', interval: '1m', adjust: 'none' }), { wrapper });
    await waitFor(() => {
      expect(result.current.forming?.time).toBe(Date.UTC(2026, 10, 25, 15, 5));
      const lastSix = result.current.candles.slice(-6).map((c) => (c.time - Date.UTC(2026, 10, 25, 15, 0)) / MINUTE);
      expect(lastSix).toEqual([0, 1, 2, 3, 4, 5]);
    }, patient);
    expect(historyCalls().filter((path) => !path.includes('start_time'))).toHaveLength(1);
  });
});
