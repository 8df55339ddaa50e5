// @vitest-environment happy-dom
// The shared hooks against the real simulator in process: parsed data, errors as the UI will see them.
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isApiError } from '../api/api-error';
import { simulatorPerFile } from '../api/sim-fetch.test-support';
import { simServices } from './query-test-support';
import { useExFactors } from './use-ex-factors';
import { useLatestKline } from './use-latest-kline';
import { useTicker, useTickers } from './use-ticker';
import { useTradingSessions } from './use-trading-sessions';

const sim = simulatorPerFile();
/** The first answers of the simulator take a while. */
const patient = { timeout: 10_000 };

describe('quote hooks', () => {
  it('useTicker and useTickers: one symbol in three places is one query in one request with the others', async () => {
    const { wrapper, calls } = simServices(sim());
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

  it("useLatestKline: the forming candle in numbers; the endpoint's {code: 400} arrives as 2001", async () => {
    const { wrapper } = simServices(sim());
    const { result } = renderHook(
      () => ({ ok: useLatestKline({ symbol: 'AAPL.US', interval: '3m' }), ambiguous: useLatestKline({ symbol: 'BTCUSD', interval: '1m' }) }),
      { wrapper },
    );
    await waitFor(() => {
      expect(result.current.ok.isSuccess && result.current.ambiguous.isError).toBe(true);
    }, patient);
    expect(result.current.ok.data).toMatchObject({ time: Date.UTC(2026, 10, 25, 15, 0) });
    expect(typeof result.current.ok.data?.close).toBe('number');
    expect(result.current.ambiguous.error).toMatchObject({ kind: 'api', code: 2001, rawCode: 400, status: 400 });
  });
});

describe('reference hooks', () => {
  it('useTradingSessions, useExFactors', async () => {
    const { wrapper } = simServices(sim());
    const { result } = renderHook(() => ({ sessions: useTradingSessions(), factors: useExFactors(['AAPL.US']) }), { wrapper });
    await waitFor(() => {
      expect(Object.values(result.current).every((query) => query.isSuccess)).toBe(true);
    }, patient);
    expect(result.current.sessions.data?.find((m) => m.market === 'US')?.trading_sessions).toContainEqual({ begin_time: 930, end_time: 1600 });
    expect(result.current.factors.data?.['AAPL.US']?.[0]).toMatchObject({ adjust: 'forward' });
  });
});

describe('errors reach the hooks as ApiErrors', () => {
  it('a malformed body gives kind malformed', async () => {
    const { wrapper } = simServices(sim());
    sim().faults.update({ malformedRate: 1 });
    const { result } = renderHook(() => useTradingSessions(), { wrapper });
    await waitFor(() => {
      expect(result.current.isError).toBe(true);
    }, patient);
    expect(isApiError(result.current.error) && result.current.error.kind).toBe('malformed');
  });

  it('a 3001 exposes retryAfterMs', async () => {
    const { wrapper } = simServices(sim());
    sim().faults.update({ errorRate: 1, errorCodes: [3001], retryAfterSeconds: 7 });
    const { result } = renderHook(() => useTradingSessions(), { wrapper });
    await waitFor(() => {
      expect(result.current.isError).toBe(true);
    }, patient);
    expect(result.current.error).toMatchObject({ code: 3001, status: 429, retryAfterMs: 7000 });
  });
});
