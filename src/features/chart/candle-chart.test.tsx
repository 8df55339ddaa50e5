// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { startTransition, useEffect, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { Candle } from '#shared/candle.ts';
import { DEFAULT_PREFERENCES } from '../../store/preferences-slice';
import type { ChartAdapter, CrosshairCandle } from './chart-adapter';
import { createChartAdapter } from './chart-adapter';
import { CandleChart, type CandleChartProps } from './candle-chart';
import type { EarlyChart } from './early-chart';
import { mainChartSurface, type ChartSurface } from './chart-surface';
import { createLiveCandle } from './live-candle';
import { withReactScheduling } from '../../components/react-scheduling.test-support';
import { chartTime } from '../../time/time-types';

// lightweight-charts needs a canvas: the adapter is replaced by a recording fake.
type AdapterMethod = Exclude<keyof ChartAdapter, 'surface' | 'indicators'>;
type FakeAdapter = { [K in AdapterMethod]: Mock<ChartAdapter[K]> } & Pick<ChartAdapter, 'surface' | 'indicators'> & {
    hover: (hit: CrosshairCandle | undefined) => void;
  };
const fake = vi.hoisted(() => ({ adapters: [] as FakeAdapter[] }));
vi.mock('./chart-adapter', () => ({
  createChartAdapter: () => {
    const crosshair = new Set<(hit: CrosshairCandle | undefined) => void>();
    const adapter: FakeAdapter = {
      setSeries: vi.fn(),
      updateLast: vi.fn(),
      setMarkers: vi.fn(),
      setHistoryComplete: vi.fn(),
      setIndicators: vi.fn(),
      setScaleMode: vi.fn(),
      setColors: vi.fn(),
      setLocale: vi.fn(),
      setPrecision: vi.fn(),
      setTimeAxis: vi.fn(),
      setDatesHidden: vi.fn(),
      onCrosshair: vi.fn((callback: (hit: CrosshairCandle | undefined) => void) => {
        crosshair.add(callback);
        return () => {
          crosshair.delete(callback);
        };
      }),
      onNeedOlder: vi.fn(() => () => undefined),
      showCrosshairAt: vi.fn(),
      visibleMoments: vi.fn(() => undefined),
      showMoments: vi.fn(),
      onVisibleRange: vi.fn(() => () => undefined),
      momentOf: vi.fn((time: number) => ({ ms: time * 1000 })),
      // Only its identity matters here: the workbench finds the chart by it.
      surface: {} as ChartSurface,
      indicators: { drawn: () => [], valuesAt: () => [], onBuilt: () => () => undefined },
      destroy: vi.fn(),
      hover: (hit) => {
        for (const callback of crosshair) callback(hit);
      },
    };
    fake.adapters.push(adapter);
    return adapter;
  },
}));

// An early chart drawn before React, for the test that sets one; none otherwise.
const early = vi.hoisted(() => ({ chart: undefined as EarlyChart | undefined }));
vi.mock('./early-chart', () => ({
  adoptEarlyChart: () => {
    const chart = early.chart;
    early.chart = undefined;
    return chart;
  },
}));

// Counts CandleChart renders (its body computes the indicator summary once per render).
const renders = vi.hoisted(() => ({ chart: 0 }));
vi.mock('./indicator-data', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./indicator-data')>();
  return {
    ...actual,
    indicatorSummary: (...args: Parameters<typeof actual.indicatorSummary>) => {
      renders.chart++;
      return actual.indicatorSummary(...args);
    },
  };
});

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 0, 5, 14, 30);
const candle = (i: number, close = 100 + i): Candle => ({ time: T0 + i * DAY, open: 100, high: 120, low: 90, close, volume: 1000 });
const history = [0, 1, 2, 3].map((i) => candle(i));

function props(overrides: Partial<CandleChartProps> = {}): CandleChartProps {
  return {
    dataset: 'AAPL.US||1d',
    label: 'AAPL.US 1d candlestick chart',
    candles: history,
    exFactors: [],
    interval: '1d',
    zone: 'utc',
    marketTimeZone: 'America/New_York',
    decimals: 2,
    theme: 'dark',
    colors: 'green-up',
    scale: 'normal',
    indicators: DEFAULT_PREFERENCES.indicators,
    onNeedOlder: () => undefined,
    ...overrides,
  };
}

function adapter(): FakeAdapter {
  const last = fake.adapters.at(-1);
  if (!last) throw new Error('no adapter created');
  return last;
}
const nextFrame = () =>
  act(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => {
          resolve();
        }),
      ),
  );

beforeEach(() => {
  fake.adapters.length = 0;
});
afterEach(cleanup);

describe('CandleChart', () => {
  it('creates one adapter on a sized, labelled container and applies the settings', () => {
    render(<CandleChart {...props({ scale: 'log', colors: 'red-up', decimals: 3 })} />);
    const container = screen.getByTestId('main-chart');
    expect(container.getAttribute('aria-label')).toBe('AAPL.US 1d candlestick chart with MA 20, MA 50');
    expect(fake.adapters).toHaveLength(1);
    expect(adapter().setScaleMode).toHaveBeenLastCalledWith('log');
    expect(adapter().setColors).toHaveBeenLastCalledWith('dark', 'red-up');
    expect(adapter().setPrecision).toHaveBeenLastCalledWith(3);
    expect(adapter().setIndicators).toHaveBeenLastCalledWith(DEFAULT_PREFERENCES.indicators);
    expect(adapter().setTimeAxis).toHaveBeenLastCalledWith({ zone: 'utc', marketTimeZone: 'America/New_York', intraday: false, periodic: false });
    expect(adapter().setSeries).toHaveBeenCalledTimes(1);
    expect(adapter().setSeries).toHaveBeenLastCalledWith(history, { preserveView: false });
  });

  it('sends forming-candle ticks as updateLast, one batch per animation frame, never setData', async () => {
    const { rerender } = render(<CandleChart {...props()} />);
    rerender(<CandleChart {...props({ candles: [...history.slice(0, 3), candle(3, 110)] })} />);
    rerender(<CandleChart {...props({ candles: [...history.slice(0, 3), candle(3, 111)] })} />);
    const rolled = [...history.slice(0, 3), candle(3, 112), candle(4)];
    rerender(<CandleChart {...props({ candles: rolled })} />);
    expect(adapter().updateLast).not.toHaveBeenCalled();
    await nextFrame();
    expect(adapter().setSeries).toHaveBeenCalledTimes(1);
    expect(adapter().updateLast.mock.calls).toEqual([[rolled[3]], [rolled[4]]]);
  });

  it('resets the data on an older page (keeping the view) and on a new dataset (fresh view)', () => {
    const { rerender } = render(<CandleChart {...props()} />);
    const older = [candle(-2), candle(-1), ...history];
    rerender(<CandleChart {...props({ candles: older })} />);
    expect(adapter().setSeries).toHaveBeenLastCalledWith(older, { preserveView: true });
    rerender(<CandleChart {...props({ dataset: 'MSFT.US||1d', candles: history })} />);
    expect(adapter().setSeries).toHaveBeenLastCalledWith(history, { preserveView: false });
    rerender(<CandleChart {...props({ dataset: 'MSFT.US||1d', zone: 'market' })} />);
    expect(adapter().setTimeAxis).toHaveBeenLastCalledWith(expect.objectContaining({ zone: 'market' }));
    expect(adapter().setSeries).toHaveBeenCalledTimes(4);
  });

  it('names the zone of a clock time in the legend, in the display zone chosen', () => {
    const hourly = [0, 1].map((i) => ({ ...candle(0), time: T0 + i * 3_600_000 }));
    const { rerender } = render(<CandleChart {...props({ interval: '1h', zone: 'market', candles: hourly })} />);
    // 14:30 UTC on 5 January is 09:30 in New York (UTC−5).
    expect(screen.getByTestId('chart-legend').textContent).toContain('2026-01-05 10:30 UTC\u22125');
    rerender(<CandleChart {...props({ interval: '1h', zone: 'utc', candles: hourly })} />);
    expect(screen.getByTestId('chart-legend').textContent).toContain('2026-01-05 15:30 UTC');
    // Dates need no zone.
    rerender(<CandleChart {...props({ interval: '1d', zone: 'market', candles: hourly })} />);
    expect(screen.getByTestId('chart-legend').textContent).not.toContain('UTC');
  });

  it('passes on whether the history is complete (the view stops at the first candle)', () => {
    const { rerender } = render(<CandleChart {...props()} />);
    expect(adapter().setHistoryComplete).toHaveBeenLastCalledWith(false);
    rerender(<CandleChart {...props({ historyComplete: true })} />);
    expect(adapter().setHistoryComplete).toHaveBeenLastCalledWith(true);
  });

  it('shows the last candle in the legend, and the hovered one under the crosshair', () => {
    render(<CandleChart {...props()} />);
    const legend = screen.getByTestId('chart-legend');
    expect(legend.textContent).toContain('2026-01-08');
    expect(legend.textContent).toContain('103.00');
    const hovered: CrosshairCandle = { candle: { ...candle(1), time: chartTime((T0 + DAY) / 1000) }, previous: { ...candle(0), time: chartTime(T0 / 1000) } };
    act(() => {
      adapter().hover(hovered);
    });
    expect(legend.textContent).toContain('2026-01-06');
    expect(legend.textContent).toContain('+1.00');
  });

  it('draws quotes moving the forming candle as updateLast, one per frame, without re-rendering or setData', async () => {
    const live = createLiveCandle();
    render(<CandleChart {...props({ live })} />);
    const before = renders.chart;
    expect(before).toBeGreaterThan(0);
    act(() => {
      live.set({ dataset: 'AAPL.US||1d', candle: candle(3, 104) });
      live.set({ dataset: 'AAPL.US||1d', candle: candle(3, 105) });
    });
    expect(adapter().updateLast).not.toHaveBeenCalled();
    await nextFrame();
    expect(adapter().updateLast.mock.calls).toEqual([[candle(3, 105)]]);
    expect(adapter().setSeries).toHaveBeenCalledTimes(1);
    expect(renders.chart).toBe(before);
    // The legend (no crosshair) reads the live close.
    expect(screen.getByTestId('chart-legend').textContent).toContain('105.00');

    // Quotes open the next bar: appended.
    act(() => {
      live.set({ dataset: 'AAPL.US||1d', candle: candle(4, 106) });
    });
    await nextFrame();
    expect(adapter().updateLast).toHaveBeenLastCalledWith(candle(4, 106));
  });

  it('ignores a live candle of another series or older than the last candle', async () => {
    const live = createLiveCandle();
    render(<CandleChart {...props({ live })} />);
    act(() => {
      live.set({ dataset: 'MSFT.US||1d', candle: candle(3, 200) });
    });
    await nextFrame();
    act(() => {
      live.set({ dataset: 'AAPL.US||1d', candle: candle(2, 200) });
    });
    await nextFrame();
    expect(adapter().updateLast).not.toHaveBeenCalled();
    expect(screen.getByTestId('chart-legend').textContent).toContain('103.00');
  });

  it('redraws (keeping the view) when the service corrects a bar that quotes completed, the live bar kept', async () => {
    const live = createLiveCandle();
    const { rerender } = render(<CandleChart {...props({ live })} />);
    act(() => {
      live.set({ dataset: 'AAPL.US||1d', candle: candle(4, 106) });
    });
    await nextFrame();
    expect(adapter().updateLast).toHaveBeenLastCalledWith(candle(4, 106));
    // The service's version of bar 3 arrives (history tail): bar 3 is no longer the adapter's last.
    const corrected = [...history.slice(0, 3), candle(3, 99)];
    rerender(<CandleChart {...props({ live, candles: corrected })} />);
    expect(adapter().setSeries).toHaveBeenLastCalledWith([...corrected, candle(4, 106)], { preserveView: true });
  });

  it('destroys the adapter when unmounted', () => {
    const { unmount } = render(<CandleChart {...props()} />);
    unmount();
    expect(adapter().destroy).toHaveBeenCalledTimes(1);
  });

  it('takes an early chart over without a synchronous update in the commit: the app’s effects run in a task of their own', async () => {
    const axis = { zone: 'utc', marketTimeZone: 'America/New_York', intraday: false, periodic: false } as const;
    const drawn = createChartAdapter(document.createElement('div'), {
      ...axis,
      theme: 'dark',
      colors: 'green-up',
      scale: 'normal',
      indicators: [],
      decimals: 2,
    });
    early.chart = { adapter: drawn, element: document.createElement('div'), candles: history, axis };
    const seen: string[] = [];
    let effectsRan = false;
    // After the chart in the tree: its layout effect runs in the commit, after the chart's ref.
    function Probe() {
      useLayoutEffect(() => {
        // Runs once the commit's task has finished its script, before any other task.
        queueMicrotask(() => seen.push(effectsRan ? 'effects ran in the commit task' : 'effects left for a task of their own'));
      }, []);
      useEffect(() => {
        effectsRan = true;
      }, []);
      return null;
    }
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    await withReactScheduling(async () => {
      startTransition(() => {
        root.render(
          <>
            <CandleChart {...props()} />
            <Probe />
          </>,
        );
      });
      await vi.waitFor(() => {
        expect(effectsRan).toBe(true);
      });
      expect(seen).toEqual(['effects left for a task of their own']);
      // Taken over: that very adapter, its candles not drawn again.
      await vi.waitFor(() => {
        expect(mainChartSurface()).toBe(drawn.surface);
      });
      expect(fake.adapters).toHaveLength(1);
      expect(adapter().setSeries).not.toHaveBeenCalled();
      root.unmount();
    });
    host.remove();
  });

  it('publishes its surface for the workbench while mounted, and withdraws it with the chart', () => {
    const { unmount } = render(<CandleChart {...props()} />);
    expect(mainChartSurface()).toBe(adapter().surface);
    unmount();
    expect(mainChartSurface()).toBeUndefined();
  });
});
