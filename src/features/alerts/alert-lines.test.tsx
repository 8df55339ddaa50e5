// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IChartApi, ISeriesApi } from 'lightweight-charts';
import { publishMainChartSurface, type ChartSurface } from '../chart/chart-surface';
import { useAppStore } from '../../store/app-store';
import type { AlertLinePrimitive } from './alert-line-primitive';
import { AlertLines, wantedLines } from './alert-lines';
import type { Alert } from '#shared/alerts/alert-model.ts';
import { condition, rsiLine } from '#shared/alerts/indicator-condition.test-support.ts';
import { useAlertsStore } from './alerts-store';

/** A price series whose y is 500 − 2 × price (price 100 at y 300); it keeps the primitives attached to it. */
function fakeSurface() {
  const attached: AlertLinePrimitive[] = [];
  const priceSeries = {
    attachPrimitive: vi.fn((primitive: AlertLinePrimitive) => attached.push(primitive)),
    detachPrimitive: vi.fn(),
    priceToCoordinate: (price: number) => 500 - 2 * price,
    coordinateToPrice: (y: number) => (500 - y) / 2,
    options: () => ({ priceFormat: { type: 'price', precision: 2, minMove: 0.01 } }),
    priceFormatter: () => ({ format: (price: number) => price.toFixed(2) }),
  };
  const chart = { applyOptions: vi.fn(), subscribeCrosshairMove: vi.fn(), unsubscribeCrosshairMove: vi.fn(), priceScale: () => ({ width: () => 50 }) };
  const host = document.createElement('div');
  const element = document.createElement('div');
  host.append(element);
  document.body.append(host);
  element.getBoundingClientRect = () => ({ top: 0, left: 0, right: 800, bottom: 500, width: 800, height: 500, x: 0, y: 0, toJSON: () => ({}) });
  const surface = {
    chart: chart as unknown as IChartApi,
    priceSeries: priceSeries as unknown as ISeriesApi<'Candlestick'>,
    element,
  } as unknown as ChartSurface;
  return { surface, attached, chart, element, priceSeries };
}

const base: Alert = {
  id: 'a',
  symbol: 'AAPL.US',
  condition: { kind: 'cross', level: 100 },
  direction: 'up',
  repeat: 'once',
  cooldownMs: 0,
  sound: false,
  createdAt: 0,
  status: 'armed',
  triggers: [],
};

beforeEach(() => {
  useAppStore.setState((state) => ({ workspace: { ...state.workspace, symbol: 'AAPL.US', adjust: 'none' } }));
  useAlertsStore.setState({ alerts: [base] });
});
afterEach(() => {
  cleanup();
  publishMainChartSurface(undefined);
  document.body.innerHTML = '';
});

describe('wantedLines', () => {
  it('draws the armed alerts of the charted symbol only; a move alert has a line per level, not draggable; an indicator alert none', () => {
    const alerts: Alert[] = [
      base,
      { ...base, id: 'b', status: 'triggered' },
      { ...base, id: 'c', symbol: 'MSFT.US' },
      { ...base, id: 'd', condition: { kind: 'move', percent: 10, base: 100 }, direction: 'either' },
      { ...base, id: 'e', condition: condition({ line: rsiLine(14), operator: 'crosses-above' }, 70) },
    ];
    const lines = wantedLines(alerts, 'AAPL.US', undefined);
    expect(lines.map((line) => [line.key, Math.round(line.price * 100) / 100, line.draggable])).toEqual([
      ['a|0', 100, true],
      ['d|0', 110, false],
      ['d|1', 90, false],
    ]);
  });

  it('draws a day move at the previous close ± N % once the close is known, and nothing before', () => {
    const alerts: Alert[] = [{ ...base, id: 'm', condition: { kind: 'dayMove', percent: 3 }, direction: 'either' }];
    expect(wantedLines(alerts, 'AAPL.US', undefined)).toEqual([]);
    expect(wantedLines(alerts, 'AAPL.US', undefined, 200).map((line) => [line.key, Math.round(line.price * 100) / 100, line.title, line.draggable])).toEqual([
      ['m|0', 206, 'Alert ↑ 3%', false],
      ['m|1', 194, 'Alert ↓ 3%', false],
    ]);
  });
});

describe('AlertLines', () => {
  it('draws a line per alert, and dragging it moves the level without the chart panning', () => {
    const fake = fakeSurface();
    publishMainChartSurface(fake.surface);
    render(<AlertLines />);
    expect(fake.attached).toHaveLength(1);
    fake.attached[0]?.updateAllViews();

    // Press 3 px from the line (y 300), move to y 280 (price 110), release.
    const down = new PointerEvent('pointerdown', { clientY: 303, button: 0, bubbles: true, cancelable: true });
    act(() => {
      fake.element.dispatchEvent(down);
    });
    expect(down.defaultPrevented).toBe(true);
    expect(fake.chart.applyOptions).toHaveBeenLastCalledWith({ handleScroll: false, handleScale: false });
    act(() => {
      window.dispatchEvent(new PointerEvent('pointermove', { clientY: 280 }));
      window.dispatchEvent(new PointerEvent('pointerup', { clientY: 280 }));
    });
    expect(fake.chart.applyOptions).toHaveBeenLastCalledWith({ handleScroll: true, handleScale: true });
    expect(useAlertsStore.getState().alerts[0]?.condition).toEqual({ kind: 'cross', level: 110 });
    // The line is where it was let go of (price 110 → y 280), on the same primitive.
    const primitive = fake.attached[0];
    primitive?.updateAllViews();
    expect(primitive?.draggableNear(280, 1)?.price).toBe(110);
    expect(primitive?.draggableNear(300, 5)).toBeUndefined();
    expect(fake.attached).toHaveLength(1);
  });

  it('leaves a press away from every line to the chart', () => {
    const fake = fakeSurface();
    publishMainChartSurface(fake.surface);
    render(<AlertLines />);
    fake.attached[0]?.updateAllViews();
    const down = new PointerEvent('pointerdown', { clientY: 200, button: 0, bubbles: true, cancelable: true });
    fake.element.dispatchEvent(down);
    expect(down.defaultPrevented).toBe(false);
    expect(fake.chart.applyOptions).not.toHaveBeenCalled();
  });

  it('hides the lines under backward adjustment, with a note', () => {
    useAppStore.setState((state) => ({ workspace: { ...state.workspace, adjust: 'backward' } }));
    const fake = fakeSurface();
    publishMainChartSurface(fake.surface);
    render(<AlertLines />);
    const primitive = fake.attached[0];
    primitive?.updateAllViews();
    // No line anywhere on the pane.
    expect(primitive?.draggableNear(250, 500)).toBeUndefined();
    expect(document.body.textContent).toContain('Alert lines are hidden under backward adjustment');
  });
});
