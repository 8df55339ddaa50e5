// @vitest-environment happy-dom
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { simulatorPerFile } from '../api/sim-fetch.test-support';
import { simServices } from './query-test-support';
import { useStockInfo } from './use-stock-info';

const sim = simulatorPerFile();

describe('useStockInfo on the simulator', () => {
  it('gives the entries in symbol order, whatever order they were asked in', async () => {
    const { wrapper } = simServices(sim());
    const { result } = renderHook(() => useStockInfo(['AAPL.US', '700.HK']), { wrapper });
    await waitFor(() => {
      expect(result.current.isSuccess).toBe(true);
    });
    expect(result.current.data?.map((entry) => entry.symbol)).toEqual(['700.HK', 'AAPL.US']);
  });
});
