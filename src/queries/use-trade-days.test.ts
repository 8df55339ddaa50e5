// @vitest-environment happy-dom
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { simulatorPerFile } from '../api/sim-fetch.test-support';
import { simServices } from './query-test-support';
import { useTradeDays } from './use-trade-days';

const sim = simulatorPerFile();

describe('useTradeDays on the simulator', () => {
  it("gives a month's trading days", async () => {
    const { wrapper } = simServices(sim());
    const { result } = renderHook(() => useTradeDays('HK', '20261101', '20261130'), { wrapper });
    await waitFor(() => {
      expect(result.current.isSuccess).toBe(true);
    });
    expect(result.current.data?.trade_days).toContain('20261125');
  });
});
