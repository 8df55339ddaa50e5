import { describe, expect, it, vi } from 'vitest';
import type { IChartApi, ISeriesApi } from 'lightweight-charts';
import type { IndicatorInstance } from '../../store/preferences-slice';
import { createChartIndicators } from './chart-indicators';
import { bar, stateOf } from './chart-state.test-support';

vi.mock('lightweight-charts', () => import('./lwc-enums.test-support'));

/** A chart with the price and volume panes, adding each new pane after them. */
function fakeChart() {
  const added: { kind: string; pane: number; update: ReturnType<typeof vi.fn> }[] = [];
  /** The right scale of every pane (the library shares one options object among them too). */
  const scale = { applyOptions: vi.fn() };
  const chart = {
    addSeries: (kind: string, _options: unknown, pane: number) => {
      const series = {
        kind,
        pane,
        setData: vi.fn(),
        update: vi.fn(),
        seriesType: () => kind,
        getPane: () => ({ setStretchFactor: vi.fn() }),
        priceScale: () => scale,
        createPriceLine: vi.fn(),
      };
      added.push(series);
      return series;
    },
    panes: () => Array.from({ length: 2 + new Set(added.map((series) => series.pane).filter((pane) => pane > 1)).size }),
    removeSeries: vi.fn(),
  };
  const price = { attachPrimitive: vi.fn() };
  return { chart: chart as unknown as IChartApi, price: price as unknown as ISeriesApi<'Candlestick'>, added, scale };
}

const averages: IndicatorInstance[] = [
  { id: 'over', kind: 'sma', params: { period: 2 } },
  { id: 'below', kind: 'sma', params: { period: 2 }, pane: 'own' },
];

describe('createChartIndicators', () => {
  it('knows each drawn indicator’s pane and series', () => {
    const { chart, price } = fakeChart();
    const indicators = createChartIndicators(chart, price, stateOf([1, 2, 3]), averages);
    const drawn = indicators.drawn();
    expect(drawn.map(({ pane, series }) => ({ pane, series: series.length }))).toEqual([
      { pane: 0, series: 0 },
      { pane: 2, series: 1 },
    ]);
  });

  it('reports the values at the candle at or before a time, following the live candle', () => {
    const { chart, price, added } = fakeChart();
    const state = stateOf([1, 2, 3]);
    const indicators = createChartIndicators(chart, price, state, averages);
    indicators.recompute();
    expect(indicators.valuesAt(5)).toEqual([[undefined], [undefined]]);
    expect(indicators.valuesAt(25)).toEqual([[1.5], [1.5]]);
    const live = bar(30, 5);
    state.bars[2] = live;
    indicators.drawLast(live, false, true);
    expect(indicators.valuesAt(99)).toEqual([[3.5], [3.5]]);
    expect(added.at(-1)?.update).toHaveBeenLastCalledWith({ time: 30, value: 3.5 });
  });

  it('keeps an indicator’s own pane linear whatever mode the price scale is in', () => {
    const { chart, price, scale } = fakeChart();
    createChartIndicators(chart, price, stateOf([1, 2, 3]), [{ id: 'rsi', kind: 'sma', params: { period: 2 }, pane: 'own' }]);
    expect(scale.applyOptions).toHaveBeenCalledWith({ mode: 0 });
  });
});
