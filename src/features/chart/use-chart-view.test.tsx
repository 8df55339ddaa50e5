// @vitest-environment happy-dom
// A chart's view in a layout: its setters stay the same functions while its slot does (the toolbar's
// memoized controls render again only when their props change), and each still writes its own chart.
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../../store/app-store';
import { setLayoutKind } from '../../store/layout-changes';
import { useChartView } from './use-chart-view';

const initial = useAppStore.getState();

beforeEach(() => {
  useAppStore.setState(initial, true);
  useAppStore.getState().updateLayout((layout) => setLayoutKind(layout, '4'));
});

describe('useChartView', () => {
  it('keeps its setters across renders, and they change the chart they belong to', () => {
    const { result, rerender } = renderHook(({ index }: { index: number }) => useChartView(index), { initialProps: { index: 1 } });
    const first = result.current;
    rerender({ index: 1 });
    expect(result.current.setInterval).toBe(first.setInterval);
    expect(result.current.setAdjust).toBe(first.setAdjust);
    expect(result.current.setIndicators).toBe(first.setIndicators);
    act(() => {
      result.current.setInterval('1w');
    });
    expect(useAppStore.getState().layout.charts[1]?.interval).toBe('1w');
    expect(useAppStore.getState().layout.charts[0]?.interval).not.toBe('1w');
    act(() => {
      result.current.setIndicators([]);
    });
    expect(useAppStore.getState().layout.charts[1]?.indicators).toEqual([]);
    // Another slot: other setters, writing that chart.
    rerender({ index: 2 });
    expect(result.current.setInterval).not.toBe(first.setInterval);
    act(() => {
      result.current.setInterval('5m');
    });
    expect(useAppStore.getState().layout.charts[2]?.interval).toBe('5m');
  });
});
