// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TIMING_MARKS } from '../lib/timing-marks';
import { useAfterFirstCandle } from './use-after-first-candle';

afterEach(() => {
  performance.clearMarks(TIMING_MARKS.firstCandle);
  vi.useRealTimers();
});

describe('useAfterFirstCandle', () => {
  it('is ready at once when the page opens on another tab', () => {
    const { result } = renderHook(() => useAfterFirstCandle(false));
    expect(result.current).toBe(true);
  });

  it('is ready at once when the first candle is already drawn', () => {
    performance.mark(TIMING_MARKS.firstCandle);
    const { result } = renderHook(() => useAfterFirstCandle(true));
    expect(result.current).toBe(true);
  });

  it('waits for the first candle, and gives up waiting after a bound', async () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useAfterFirstCandle(true));
    expect(result.current).toBe(false);
    await act(async () => {
      vi.advanceTimersByTime(1_499);
      await Promise.resolve();
    });
    expect(result.current).toBe(false);
    await act(async () => {
      vi.advanceTimersByTime(1);
      await Promise.resolve();
    });
    expect(result.current).toBe(true);
  });
});
