// @vitest-environment happy-dom
// The quote strip's year of dailies, on the simulator: a window every browser asks alike (so the
// server's cache answers all but the first), adjusted forward here.
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { simulatorPerFile } from '../../api/sim-fetch.test-support';
import { simServices } from '../../queries/query-test-support';
import { createTestClock } from '../../time/test-clock.test-support';
import { useYearDailies } from './use-year-dailies';

const NOW = Date.parse('2026-11-25T15:00:00Z');
const HOUR = 3_600_000;
const sim = simulatorPerFile(new Date(NOW).toISOString());

function yearRequests(calls: readonly string[]): URLSearchParams[] {
  return calls.filter((path) => path.startsWith('/v1/market/kline?')).map((path) => new URLSearchParams(path.split('?')[1]));
}

async function loadYear(symbol: string, stock: boolean, now: number) {
  const { wrapper, calls } = simServices(sim(), 'demo-enterprise', createTestClock(now));
  const { result } = renderHook(() => useYearDailies(symbol, undefined, stock), { wrapper });
  await waitFor(() => {
    expect(result.current).toBeDefined();
  });
  return { dailies: result.current ?? [], requests: yearRequests(calls) };
}

describe('useYearDailies', () => {
  it('asks completed days only, the same window all day, unadjusted (a window the server may keep)', async () => {
    const morning = await loadYear('AAPL.US', true, NOW - 5 * HOUR);
    const evening = await loadYear('AAPL.US', true, NOW + 3 * HOUR);
    expect(morning.requests).toHaveLength(1);
    const [asked] = morning.requests;
    expect(asked?.get('interval')).toBe('1d');
    expect(asked?.get('adjust')).toBe('none');
    const endTime = Number(asked?.get('end_time'));
    // Before today (New York) began: no forming day in the answer, so it can be kept.
    expect(endTime).toBeLessThan(Date.parse('2026-11-25T05:00:00Z'));
    expect(endTime).toBeGreaterThan(Date.parse('2026-11-24T00:00:00Z'));
    expect(evening.requests.map((query) => query.toString())).toEqual(morning.requests.map((query) => query.toString()));
    expect(morning.dailies.at(-1)?.time).toBeLessThanOrEqual(endTime);
    expect(morning.dailies.length).toBeGreaterThan(200);
  });

  it('adjusts forward with the factors: a 4-for-1 split inside the year draws no false high', async () => {
    // COST.US split 4-for-1 on 2026-09-14 in the simulator.
    const { dailies } = await loadYear('COST.US', true, NOW);
    const split = Date.parse('2026-09-14T00:00:00Z');
    const before = dailies.filter((candle) => candle.time < split - 24 * HOUR);
    const after = dailies.filter((candle) => candle.time > split + 24 * HOUR);
    expect(before.length).toBeGreaterThan(50);
    const highBefore = Math.max(...before.map((candle) => candle.high));
    const highAfter = Math.max(...after.map((candle) => candle.high));
    // Unadjusted, the days before the split traded near four times the price after it.
    expect(highBefore / highAfter).toBeLessThan(2);
  });

  it('gives the other products their raw days, without adjust=', async () => {
    const { requests } = await loadYear('XAUUSD', false, NOW);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.has('adjust')).toBe(false);
    expect(requests[0]?.has('end_time')).toBe(true);
  });
});
