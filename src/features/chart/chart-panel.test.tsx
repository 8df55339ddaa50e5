// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error';
import type { Candle } from '#shared/candle.ts';
import type { KlineSeriesResult } from '../../queries/use-kline-series';
import { useAppStore } from '../../store/app-store';
import { ChartPanel } from './chart-panel';
import { TestServices } from '../../queries/query-test-support';
import { loadErrorTexts } from '../../components/ui/use-error-text';

// The words for failures, as the app has them once the panels beside the chart are in.
beforeAll(() => loadErrorTexts());

const state = vi.hoisted((): { series?: KlineSeriesResult; panelRenders: number } => ({ panelRenders: 0 }));
// Called once at each render of the panel: its count is the panel's renders.
vi.mock('../../queries/use-kline-series', () => ({
  useKlineSeries: () => {
    state.panelRenders += 1;
    return state.series;
  },
}));
// The intervals endpoint's answer and the ticker channel's state, as values the tests move.
const sources = await vi.hoisted(async () => {
  const { createCell } = await import('../../lib/observable');
  return { intervals: createCell(['1m', '3m', '1h', '1d']), channel: createCell('connecting') };
});
vi.mock('./api/use-kline-intervals', async () => {
  const { useObservable } = await import('../../lib/observable');
  return { useKlineIntervals: () => ({ data: { intervals: useObservable(sources.intervals) } }) };
});
vi.mock('./use-ticker-quotes', async () => {
  const { useObservable } = await import('../../lib/observable');
  return { useTickerQuotes: () => useObservable(sources.channel) };
});
// The type of a bare code would come from its ticker: here the shape decides, without a request.
vi.mock('../../queries/use-instrument-type', async () => {
  const { instrumentTimeZone } = await import('#shared/symbols.ts');
  return { useInstrumentTimeZone: (symbol: string, type?: string) => instrumentTimeZone(symbol, type) };
});
// The drawing tools (after the first candle) report on the real chart's element, which the mocked adapter has not.
vi.mock('./drawings/drawing-layer', () => ({ DrawingLayer: () => null }));
// The quote strip reads its own queries (the ticker, a year of dailies, stock info): not this test's.
vi.mock('../../components/quote-strip/quote-strip', () => ({ QuoteStrip: () => null }));
// The legends' lines read the real adapter's indicators: not this test's (candle-chart.test and the journey cover them).
vi.mock('./legend-extras', () => ({ LegendExtras: () => null }));
// The view tools (the way back to the latest bar, go to date) drive the real chart: their own tests and journey cover them.
vi.mock('./chart-view-tools', () => ({ ChartViewTools: () => null }));
vi.mock('./chart-adapter', () => ({
  createChartAdapter: () => new Proxy({}, { get: (_, key) => (key === 'onCrosshair' || key === 'onNeedOlder' ? () => () => undefined : () => undefined) }),
}));

const candle: Candle = { time: Date.UTC(2026, 10, 25, 14, 30), open: 10, high: 11, low: 9, close: 10.5, volume: 100 };

function series(overrides: Partial<KlineSeriesResult> = {}): KlineSeriesResult {
  return {
    candles: [candle],
    forming: undefined,
    isLoading: false,
    error: null,
    fetchOlder: () => undefined,
    hasOlder: false,
    isFetchingOlder: false,
    adjustSource: 'local',
    exFactors: [],
    quoteBase: undefined,
    decimals: 2,
    adjustForming: (candle) => candle,
    refetchForming: () => undefined,
    ...overrides,
  };
}

const initial = useAppStore.getState();
function renderPanel(result: KlineSeriesResult, afterFirstCandle = false) {
  state.series = result;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const refetch = vi.spyOn(client, 'refetchQueries').mockResolvedValue();
  render(
    <TestServices client={client}>
      <ChartPanel afterFirstCandle={afterFirstCandle} />
    </TestServices>,
  );
  return { refetch };
}

beforeEach(() => {
  useAppStore.setState(initial, true);
  sources.intervals.set(['1m', '3m', '1h', '1d']);
  sources.channel.set('connecting');
});
afterEach(cleanup);

describe('ChartPanel', () => {
  it('offers the listed intervals and sets the workspace interval', () => {
    renderPanel(series());
    expect(screen.getByRole('button', { name: '3m' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '1w' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '1h' }));
    expect(useAppStore.getState().workspace.interval).toBe('1h');
    expect(screen.getByRole('button', { name: '1h' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('shows the adjust toggle for stocks only, once the first candle is drawn', async () => {
    renderPanel(series(), true);
    fireEvent.click(await screen.findByRole('radio', { name: 'Forward' }));
    expect(useAppStore.getState().workspace.adjust).toBe('forward');
    cleanup();
    useAppStore.getState().openSymbol('BTCUSDT');
    renderPanel(series({ adjustSource: 'none' }), true);
    expect(await screen.findByRole('radiogroup', { name: 'Price scale' })).toBeTruthy();
    expect(screen.queryByRole('radiogroup', { name: 'Adjust' })).toBeNull();
    expect(screen.getByTestId('main-chart')).toBeTruthy();
  });

  it('shows loading while the first candles come', () => {
    renderPanel(series({ candles: [], isLoading: true }));
    expect(screen.getByRole('status').textContent).toBe('Loading chart…');
  });

  it('shows the error with a Retry that asks again for the K-lines', () => {
    const error = new ApiError({ kind: 'api', path: '/v1/market/kline', message: 'Data source unavailable', status: 503, rawCode: 5001 });
    // The history failed: only the forming candle came.
    const { refetch } = renderPanel(series({ candles: [candle], forming: candle, error }));
    expect(screen.getByRole('alert').textContent).toContain('The data source is unavailable right now.');
    expect(screen.queryByTestId('chart-legend')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledWith({ queryKey: ['api', 'klines'], type: 'active' });
  });

  // Each of these updates is rendered synchronously, in one task: the whole panel for each was
  // 15–60 ms of a phone's task (4× slowdown) while the page loads.
  it('renders the interval bar alone when the intervals endpoint answers, not the whole panel', () => {
    renderPanel(series());
    const before = state.panelRenders;
    act(() => {
      sources.intervals.set(['1m', '1h', '1d', '1w']);
    });
    expect(screen.getByRole('button', { name: '1w' })).toBeTruthy();
    expect(state.panelRenders).toBe(before);
  });

  it("follows the ticker channel's state without rendering the panel again", () => {
    renderPanel(series({ forming: candle, quoteBase: candle }));
    const before = state.panelRenders;
    act(() => {
      sources.channel.set('live');
    });
    expect(state.panelRenders).toBe(before);
  });
});
