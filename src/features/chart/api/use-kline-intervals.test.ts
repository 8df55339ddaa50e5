// @vitest-environment happy-dom
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { simulatorPerFile } from '../../../api/sim-fetch.test-support';
import { simServices } from '../../../queries/query-test-support';
import { useKlineIntervals } from './use-kline-intervals';

const sim = simulatorPerFile();

describe('useKlineIntervals on the simulator', () => {
  it('lists every period, 3m included', async () => {
    const { wrapper } = simServices(sim());
    const { result } = renderHook(() => useKlineIntervals(), { wrapper });
    await waitFor(() => {
      expect(result.current.isSuccess).toBe(true);
    });
    expect(result.current.data?.intervals).toEqual(['1m', '3m', '5m', '15m', '30m', '1h', '2h', '4h', '1d', '1w', '1M']);
  });
});
