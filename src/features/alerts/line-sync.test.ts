import { describe, expect, it, vi } from 'vitest';
import type { IPriceLine } from 'lightweight-charts';
import { syncLines, type DrawnLine, type WantedLine } from './line-sync';

function fakeSeries() {
  const lines: { options: Record<string, unknown>; applyOptions: ReturnType<typeof vi.fn> }[] = [];
  return {
    lines,
    createPriceLine: vi.fn((options: Record<string, unknown>) => {
      const line = { options, applyOptions: vi.fn() };
      lines.push(line);
      return line as unknown as IPriceLine;
    }),
    removePriceLine: vi.fn(),
  };
}

const line = (key: string, price: number): WantedLine => ({ key, alertId: key, price, title: 'up', color: '#f59e0b', draggable: true });

describe('syncLines', () => {
  it('creates each line once, moves it in place and removes it when gone', () => {
    const series = fakeSeries();
    const drawn = new Map<string, DrawnLine>();
    syncLines(series, drawn, [line('a', 10), line('b', 20)]);
    expect(series.createPriceLine).toHaveBeenCalledTimes(2);
    // The same lines again (a re-render, a tick): no call at all.
    syncLines(series, drawn, [line('a', 10), line('b', 20)]);
    expect(series.createPriceLine).toHaveBeenCalledTimes(2);
    expect(series.lines[0]?.applyOptions).not.toHaveBeenCalled();
    syncLines(series, drawn, [line('a', 11)]);
    expect(series.lines[0]?.applyOptions).toHaveBeenCalledWith({ price: 11, title: 'up', color: '#f59e0b' });
    expect(series.removePriceLine).toHaveBeenCalledTimes(1);
    expect([...drawn.keys()]).toEqual(['a']);
  });
});
