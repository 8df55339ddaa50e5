// @vitest-environment happy-dom
import { cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import type { IChartApi, ISeriesApi } from 'lightweight-charts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { IndicatorList } from '../../store/preferences-slice';
import type { ChartAdapter } from './chart-adapter';
import { createChartIndicators } from './chart-indicators';
import { stateOf } from './chart-state.test-support';
import { IndicatorLegends } from './indicator-legends';

vi.mock('lightweight-charts', () => import('./lwc-enums.test-support'));

afterEach(cleanup);

/** A pane as the legends use it: its row of three cells (left scale, plot, right scale) and its height. */
function fakePane() {
  const row = document.createElement('tr');
  row.append(document.createElement('td'), document.createElement('td'), document.createElement('td'));
  let factor = 1;
  return {
    plot: row.children[1] as HTMLElement,
    getHTMLElement: () => row,
    getStretchFactor: () => factor,
    setStretchFactor: (next: number) => {
      factor = next;
    },
    paneIndex: () => 2,
  };
}

/**
 * A chart whose removed series fail as the library's do: a series taken off the chart has no pane
 * ("Value is null" from getPane). Each series added gets a pane of its own.
 */
function fakeChart() {
  const panes: ReturnType<typeof fakePane>[] = [];
  const added: unknown[] = [];
  const removed = new Set<unknown>();
  const chart = {
    addSeries: () => {
      const pane = fakePane();
      panes.push(pane);
      const series = {
        setData: vi.fn(),
        update: vi.fn(),
        seriesType: () => 'Line',
        options: () => ({ priceFormat: { type: 'price', precision: 2 } }),
        getPane: () => {
          if (removed.has(series)) throw new Error('Value is null');
          return pane;
        },
        priceScale: () => ({ applyOptions: vi.fn() }),
        createPriceLine: vi.fn(),
      };
      added.push(series);
      return series;
    },
    removeSeries: (series: unknown) => {
      removed.add(series);
    },
    panes: () => [{}, {}, ...panes],
  };
  /** chart.remove(): every series goes with it. */
  const removeAll = (): void => {
    for (const series of added) removed.add(series);
  };
  return { chart: chart as unknown as IChartApi, panes, removeAll };
}

const state = stateOf([1, 2, 3]);

const LIST: IndicatorList = [{ id: 'below', kind: 'sma', params: { period: 2 }, pane: 'own' }];

/** The adapter the legends read: the chart's real indicators over the fake chart. */
function adapterOf(chart: IChartApi): { adapter: ChartAdapter; indicators: ReturnType<typeof createChartIndicators> } {
  const price = {
    attachPrimitive: vi.fn(),
    subscribeDataChanged: vi.fn(),
    unsubscribeDataChanged: vi.fn(),
    options: () => ({ priceFormat: { type: 'price', precision: 2 } }),
  };
  const indicators = createChartIndicators(chart, price as unknown as ISeriesApi<'Candlestick'>, state, LIST);
  indicators.recompute();
  const adapter = {
    surface: { chart, priceSeries: price, onDataChange: () => () => undefined },
    indicators,
    onCrosshair: () => () => undefined,
  };
  return { adapter: adapter as unknown as ChartAdapter, indicators };
}

/** The legends of the fake chart's indicators, rendered once their pane's legend is in its cell. */
async function renderLegends() {
  const { chart, panes, removeAll } = fakeChart();
  const { adapter, indicators } = adapterOf(chart);
  render(<IndicatorLegends adapter={adapter} list={LIST} onChange={vi.fn()} />);
  await waitFor(() => {
    expect(panes[0]?.plot.querySelector('[data-testid="indicator-pane-legends"]')).not.toBeNull();
  });
  return { panes, indicators, removeAll };
}

describe('IndicatorLegends', () => {
  it('follows the panes built again (new decimals, a new palette): a pointer’s release reads no removed series, and the legend moves to the new pane', async () => {
    const { panes, indicators } = await renderLegends();
    // The chart builds its series again on its own (setPrecision, setColors): the old ones are removed.
    indicators.redraw();
    // Released before the legends render again, and after.
    expect(() => fireEvent.pointerUp(document)).not.toThrow();
    await waitFor(() => {
      expect(panes[1]?.plot.querySelector('[data-testid="indicator-pane-legends"]')).not.toBeNull();
    });
    expect(() => fireEvent.pointerUp(document)).not.toThrow();
  });

  it('reads no series of a destroyed chart while it is still mounted', async () => {
    const { indicators, removeAll } = await renderLegends();
    // The adapter's teardown (the chart removed with its series) runs before the legends unmount.
    indicators.destroy();
    removeAll();
    expect(() => fireEvent.pointerUp(document)).not.toThrow();
  });
});
