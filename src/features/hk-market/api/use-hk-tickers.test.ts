// @vitest-environment happy-dom
// The full-HK ticker on the simulator: the whole market, or 1004 for a plan without it.
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { simulatorPerFile } from '../../../api/sim-fetch.test-support';
import { simServices } from '../../../queries/query-test-support';
import { useHkTickers } from './use-hk-tickers';

const sim = simulatorPerFile();
/** The 2,600-row HK feed takes a while. */
const patient = { timeout: 10_000 };

describe('useHkTickers', () => {
  it('gives the whole market', async () => {
    const { wrapper } = simServices(sim());
    const { result } = renderHook(() => useHkTickers(), { wrapper });
    await waitFor(() => {
      expect(result.current.isSuccess).toBe(true);
    }, patient);
    expect(result.current.data?.length).toBeGreaterThan(2500);
  });

  it('a plan without the full-HK feed gives 1004', async () => {
    const { wrapper } = simServices(sim(), 'demo-us');
    const { result } = renderHook(() => useHkTickers(), { wrapper });
    await waitFor(() => {
      expect(result.current.isError).toBe(true);
    }, patient);
    expect(result.current.error).toMatchObject({ code: 1004, status: 403 });
  });
});
