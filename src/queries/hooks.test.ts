// @vitest-environment happy-dom
// The hooks against the real simulator in process: parsed data, errors as the UI will see them.
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetRateLimitGate } from '../api/client';
import { isApiError } from '../api/api-error';
import { simFetch, startSimulator, type SimHandle } from '../api/sim-fetch.test-support';
import { testQueryClient, wrapperFor } from './query-test-support';
import { useExFactors } from './use-ex-factors';
import { useHkTickers } from './use-hk-tickers';
import { useIntraday } from './use-intraday';
import { useKlineIntervals } from './use-kline-intervals';
import { useLatestKline } from './use-latest-kline';
import { useStockInfo } from './use-stock-info';
import { useTicker, useTickers } from './use-ticker';
import { useTradeDays } from './use-trade-days';
import { useTrades } from './use-trades';
import { useTradingSessions } from './use-trading-sessions';

let sim: SimHandle;
let calls: string[];
/** The first answers of the simulator (and the 2,600-row HK feed) take a while. */
const patient = { timeout: 10_000 };

beforeAll(() => {
  sim = startSimulator('2026-11-25T15:00:00Z');
});

function connect(key = 'demo-enterprise') {
  const stub = simFetch(sim, key);
  calls = stub.calls;
  vi.stubGlobal('fetch', stub.fetch);
  const client = testQueryClient();
  return { client, wrapper: wrapperFor(client) };
}

afterEach(() => {
  // A 3001 test closes the client's shared rate-limit gate: reopen it for the next test.
  resetRateLimitGate();
  vi.unstubAllGlobals();
  sim.faults.reset();
});

describe('quote hooks', () => {
  it('useTicker and useTickers: one symbol in three places is one query in one request with the others', async () => {
    const { wrapper } = connect();
    const { result } = renderHook(() => ({ a: useTicker('AAPL.US'), b: useTicker('AAPL.US'), list: useTickers(['AAPL.US', '700.HK', 'EURUSD']) }), { wrapper });
    await waitFor(() => {
      expect(result.current.list.every((query) => query.isSuccess)).toBe(true);
    }, patient);
    expect(result.current.a.data?.symbol).toBe('AAPL.US');
    expect(result.current.b.data).toBe(result.current.a.data);
    expect(result.current.list.map((query) => query.data?.symbol)).toEqual(['AAPL.US', '700.HK', 'EURUSD']);
    const tickerCalls = calls.filter((path) => path.startsWith('/v1/market/ticker?'));
    expect(tickerCalls).toEqual(['/v1/market/ticker?symbols=AAPL.US%2C700.HK%2CEURUSD']);
  });

  it('useTrades, useIntraday and useHkTickers', async () => {
    const { wrapper } = connect();
    const { result } = renderHook(() => ({ trades: useTrades('AAPL.US', 20), intraday: useIntraday('700.HK'), hk: useHkTickers() }), { wrapper });
    await waitFor(() => {
      expect(result.current.trades.isSuccess && result.current.intraday.isSuccess && result.current.hk.isSuccess).toBe(true);
    }, patient);
    expect(result.current.trades.data?.trades).toHaveLength(20);
    expect(result.current.intraday.data?.symbol).toBe('700.HK');
    expect(result.current.intraday.data?.lines.length).toBeGreaterThan(100);
    expect(result.current.hk.data?.length).toBeGreaterThan(2500);
  });

  it("useLatestKline: the forming candle in numbers; the endpoint's {code: 400} arrives as 2001", async () => {
    const { wrapper } = connect();
    const { result } = renderHook(() => ({ ok: useLatestKline({ symbol: 'AAPL.US', interval: '3m' }), ambiguous: useLatestKline({ symbol: 'BTCUSD', interval: '1m' }) }), { wrapper });
    await waitFor(() => {
      expect(result.current.ok.isSuccess && result.current.ambiguous.isError).toBe(true);
    }, patient);
    expect(result.current.ok.data).toMatchObject({ time: Date.UTC(2026, 10, 25, 15, 0) });
    expect(typeof result.current.ok.data?.close).toBe('number');
    expect(result.current.ambiguous.error).toMatchObject({ kind: 'api', code: 2001, rawCode: 400, status: 400 });
  });
});

describe('reference hooks', () => {
  it('useStockInfo, useTradingSessions, useKlineIntervals, useTradeDays, useExFactors', async () => {
    const { wrapper } = connect();
    const { result } = renderHook(
      () => ({
        info: useStockInfo(['AAPL.US', '700.HK']),
        sessions: useTradingSessions(),
        intervals: useKlineIntervals(),
        days: useTradeDays('HK', '20261101', '20261130'),
        factors: useExFactors(['AAPL.US']),
      }),
      { wrapper },
    );
    await waitFor(() => {
      expect(Object.values(result.current).every((query) => query.isSuccess)).toBe(true);
    }, patient);
    expect(result.current.info.data?.map((entry) => entry.symbol)).toEqual(['700.HK', 'AAPL.US']);
    expect(result.current.sessions.data?.find((m) => m.market === 'US')?.trading_sessions).toContainEqual({ begin_time: 930, end_time: 1600 });
    expect(result.current.intervals.data?.intervals).toEqual(['1m', '3m', '5m', '15m', '30m', '1h', '2h', '4h', '1d', '1w', '1M']);
    expect(result.current.days.data?.trade_days).toContain('20261125');
    expect(result.current.factors.data?.['AAPL.US']?.[0]).toMatchObject({ adjust: 'forward' });
  });
});

describe('errors reach the hooks as ApiErrors', () => {
  it('a malformed body gives kind malformed', async () => {
    const { wrapper } = connect();
    sim.faults.update({ malformedRate: 1 });
    const { result } = renderHook(() => useTradingSessions(), { wrapper });
    await waitFor(() => {
      expect(result.current.isError).toBe(true);
    }, patient);
    expect(isApiError(result.current.error) && result.current.error.kind).toBe('malformed');
  });

  it('a 3001 exposes retryAfterMs', async () => {
    const { wrapper } = connect();
    sim.faults.update({ errorRate: 1, errorCodes: [3001], retryAfterSeconds: 7 });
    const { result } = renderHook(() => useKlineIntervals(), { wrapper });
    await waitFor(() => {
      expect(result.current.isError).toBe(true);
    }, patient);
    expect(result.current.error).toMatchObject({ code: 3001, status: 429, retryAfterMs: 7000 });
  });

  it('a plan without the full-HK feed gives 1004', async () => {
    const { wrapper } = connect('demo-us');
    const { result } = renderHook(() => useHkTickers(), { wrapper });
    await waitFor(() => {
      expect(result.current.isError).toBe(true);
    }, patient);
    expect(result.current.error).toMatchObject({ code: 1004, status: 403 });
  });
});
