// @vitest-environment happy-dom
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { simulatorPerFile } from '../../../api/sim-fetch.test-support';
import { simServices } from '../../../queries/query-test-support';
import { useSymbolSearch } from './use-symbol-search';

const sim = simulatorPerFile();
const patient = { timeout: 10_000 };

describe('useSymbolSearch on the simulator', () => {
  it('keeps the previous page on screen while the next one loads', async () => {
    const { wrapper } = simServices(sim());
    sim().faults.update({ latencyMs: 50 });
    const { result, rerender } = renderHook((offset: number) => useSymbolSearch({ market: 'US', limit: 10, offset }), { wrapper, initialProps: 0 });
    await waitFor(() => {
      expect(result.current.isSuccess).toBe(true);
    });
    const firstPage = result.current.data;
    rerender(10);
    expect(result.current.isPlaceholderData).toBe(true);
    expect(result.current.data).toBe(firstPage);
    await waitFor(() => {
      expect(result.current.isPlaceholderData).toBe(false);
    }, patient);
    expect(result.current.data?.pagination.offset).toBe(10);
    expect(result.current.data?.products[0]?.symbol).not.toBe(firstPage?.products[0]?.symbol);
  });
});
