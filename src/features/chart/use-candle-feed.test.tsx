// @vitest-environment happy-dom
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Candle } from '#shared/candle.ts';
import type { ChartAdapter, TimeAxis } from './chart-adapter';
import { axisKeyOf, useCandleFeed, type CandleFeed } from './use-candle-feed';

const candle = (time: number, close = 10): Candle => ({ time, open: 10, high: 11, low: 9, close, volume: 100 });
const AXIS: TimeAxis = { zone: 'market', marketTimeZone: 'America/New_York', intraday: false, periodic: false };

function fakeAdapter() {
  return { setSeries: vi.fn(), updateLast: vi.fn(), setTimeAxis: vi.fn(), setMarkers: vi.fn() };
}

function feed(adapter: ReturnType<typeof fakeAdapter>, candles: Candle[], extra: Partial<CandleFeed> = {}): CandleFeed {
  return { adapter: adapter as unknown as ChartAdapter, dataset: 'AAPL.US||1d', candles, axis: AXIS, exFactors: [], ...extra };
}

afterEach(() => {
  cleanup();
});

describe('useCandleFeed', () => {
  it('draws a new adapter’s candles whole', () => {
    const adapter = fakeAdapter();
    renderHook(() => {
      useCandleFeed(feed(adapter, [candle(1), candle(2)]));
    });
    expect(adapter.setSeries).toHaveBeenCalledWith([candle(1), candle(2)], { preserveView: false });
  });

  it('draws an adopted adapter’s candles (the early chart’s) no second time, and a moved forming candle as an update', () => {
    const adapter = fakeAdapter();
    const shown = [candle(1), candle(2)];
    const drawnBefore = { adapter: adapter as unknown as ChartAdapter, dataset: 'AAPL.US||1d', axisKey: axisKeyOf(AXIS), candles: shown };
    const { rerender } = renderHook(
      (candles: Candle[]) => {
        useCandleFeed(feed(adapter, candles, { drawnBefore }));
      },
      { initialProps: [candle(1), candle(2)] },
    );
    expect(adapter.setSeries).not.toHaveBeenCalled();
    rerender([candle(1), candle(2, 12)]);
    expect(adapter.setSeries).not.toHaveBeenCalled();
    return vi.waitFor(() => {
      expect(adapter.updateLast).toHaveBeenCalledWith(candle(2, 12));
    });
  });

  it('draws an adopted adapter whole when the early chart showed other candles or another axis', () => {
    const adapter = fakeAdapter();
    const drawnBefore = {
      adapter: adapter as unknown as ChartAdapter,
      dataset: 'AAPL.US||1d',
      axisKey: axisKeyOf({ ...AXIS, zone: 'utc' }),
      candles: [candle(1), candle(2)],
    };
    renderHook(() => {
      useCandleFeed(feed(adapter, [candle(1), candle(2)], { drawnBefore }));
    });
    expect(adapter.setTimeAxis).toHaveBeenCalledWith(AXIS);
    expect(adapter.setSeries).toHaveBeenCalledTimes(1);
  });
});
