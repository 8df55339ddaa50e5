import { describe, expect, it, vi } from 'vitest';
import type { ISeriesApi } from 'lightweight-charts';
import type { SurfaceCandle } from './chart-surface';
import { showLivePriceLabel } from './live-price-label';

const candle = (open: number, close: number): SurfaceCandle => ({ time: 0, open, high: Math.max(open, close), low: Math.min(open, close), close });

/** A candlestick series that records its price lines, and a surface over it whose candle list must not be built. */
function fakeSurface(latest: { current: SurfaceCandle | undefined }) {
  const lines: { options: Record<string, unknown>; removed: boolean }[] = [];
  const dataListeners = new Set<() => void>();
  const series = {
    options: () => ({ upColor: 'green', downColor: 'red' }),
    applyOptions: vi.fn(),
    createPriceLine(options: Record<string, unknown>) {
      const line = { options: { ...options }, removed: false };
      lines.push(line);
      return {
        applyOptions(next: Record<string, unknown>) {
          Object.assign(line.options, next);
        },
        line,
      };
    },
    removePriceLine(handle: { line: { removed: boolean } }) {
      handle.line.removed = true;
    },
    subscribeDataChanged: vi.fn(),
    unsubscribeDataChanged: vi.fn(),
  };
  const surface = {
    priceSeries: series as unknown as ISeriesApi<'Candlestick'>,
    latestCandle: () => latest.current,
    candles: () => {
      throw new Error('the whole candle list was built for the label');
    },
    onDataChange(listener: () => void) {
      dataListeners.add(listener);
      return () => dataListeners.delete(listener);
    },
  };
  const newDataset = (): void => {
    for (const listener of dataListeners) listener();
  };
  return { surface, series, lines, newDataset };
}

describe('showLivePriceLabel', () => {
  it('labels the latest close in its candle’s colour from the latest candle alone, and follows a new dataset', () => {
    const latest = { current: candle(10, 12) as SurfaceCandle | undefined };
    const { surface, series, lines, newDataset } = fakeSurface(latest);
    showLivePriceLabel(surface);
    expect(series.applyOptions).toHaveBeenCalledWith({ lastValueVisible: false });
    expect(lines).toHaveLength(1);
    expect(lines[0]?.options).toMatchObject({ price: 12, color: 'green', axisLabelVisible: true, lineVisible: false });

    latest.current = candle(12, 9);
    newDataset();
    expect(lines).toHaveLength(1);
    expect(lines[0]?.options).toMatchObject({ price: 9, color: 'red' });

    latest.current = undefined;
    newDataset();
    expect(lines[0]?.removed).toBe(true);
  });

  it('gives the library its own label back when undone', () => {
    const { surface, series, lines } = fakeSurface({ current: candle(1, 2) });
    const undo = showLivePriceLabel(surface);
    undo();
    expect(lines[0]?.removed).toBe(true);
    expect(series.applyOptions).toHaveBeenLastCalledWith({ lastValueVisible: true });
    expect(series.unsubscribeDataChanged).toHaveBeenCalledTimes(1);
  });
});
