import { describe, expect, it, vi } from 'vitest';
import type { IChartApi, ISeriesApi } from 'lightweight-charts';
import { AlertLinePrimitive, type AlertLine } from './alert-line-primitive';

/** y = 500 − 2 × price; prices above 250 are off the scale. */
const surface = {
  chart: { options: () => ({ layout: { fontFamily: 'sans' } }) } as unknown as IChartApi,
  priceSeries: {
    priceToCoordinate: (price: number) => (price > 250 ? null : 500 - 2 * price),
    priceFormatter: () => ({ format: (price: number) => price.toFixed(2) }),
  } as unknown as ISeriesApi<'Candlestick'>,
};

const line = (key: string, price: number, draggable = true): AlertLine => ({ key, alertId: key, price, title: 'Alert ↑', color: '#f59e0b', draggable });

/** A 2D context that records the texts drawn and counts the measurements. */
function recordingTarget() {
  const texts: string[] = [];
  const context = {
    save: vi.fn(),
    restore: vi.fn(),
    setLineDash: vi.fn(),
    beginPath: vi.fn(),
    moveTo: vi.fn(),
    lineTo: vi.fn(),
    stroke: vi.fn(),
    fillRect: vi.fn(),
    fillText: (text: string) => texts.push(text),
    measureText: vi.fn((text: string) => ({ width: text.length * 6 })),
  };
  const target = {
    useMediaCoordinateSpace: (draw: (scope: { context: typeof context; mediaSize: { width: number; height: number } }) => void) => {
      draw({ context, mediaSize: { width: 800, height: 500 } });
    },
  };
  return { texts, context, target };
}

function paint(primitive: AlertLinePrimitive, target: unknown): void {
  primitive.updateAllViews();
  const renderer = primitive.paneViews()[0]?.renderer();
  renderer?.draw(target as never);
}

describe('AlertLinePrimitive', () => {
  it('asks the chart to paint when the lines change, not when the same lines are set again', () => {
    const primitive = new AlertLinePrimitive(surface);
    const requestUpdate = vi.fn();
    primitive.attached({ requestUpdate } as never);
    primitive.setLines([]);
    expect(requestUpdate).not.toHaveBeenCalled();
    primitive.setLines([line('a', 100)]);
    primitive.setLines([line('a', 100)]);
    expect(requestUpdate).toHaveBeenCalledTimes(1);
    primitive.setLines([line('a', 101)]);
    primitive.setLines([{ ...line('a', 101), title: 'Alert ↓' }]);
    paint(primitive, recordingTarget().target);
    primitive.setLines([]);
    expect(requestUpdate).toHaveBeenCalledTimes(4);
  });

  it('paints the let-go line at the alert level when the same lines come after a drag', () => {
    const primitive = new AlertLinePrimitive(surface);
    const requestUpdate = vi.fn();
    primitive.attached({ requestUpdate } as never);
    primitive.setLines([line('a', 100)]);
    primitive.drag('a', 120);
    primitive.release();
    primitive.setLines([line('a', 100)]);
    expect(requestUpdate).toHaveBeenCalledTimes(3);
    const { texts, target } = recordingTarget();
    paint(primitive, target);
    expect(texts).toEqual(['Alert ↑ 100.00']);
  });

  it('labels each line on the scale with its title and level, measuring a label once', () => {
    const primitive = new AlertLinePrimitive(surface);
    primitive.setLines([line('a', 100), line('b', 100.25), line('off', 300)]);
    const { texts, context, target } = recordingTarget();
    paint(primitive, target);
    paint(primitive, target);
    expect(texts).toEqual(['Alert ↑ 100.00', 'Alert ↑ 100.25', 'Alert ↑ 100.00', 'Alert ↑ 100.25']);
    expect(context.measureText).toHaveBeenCalledTimes(2);
    // A new level is labelled anew.
    primitive.setLines([line('a', 101), line('b', 100.25)]);
    paint(primitive, target);
    expect(texts.slice(-2)).toEqual(['Alert ↑ 101.00', 'Alert ↑ 100.25']);
    expect(context.measureText).toHaveBeenCalledTimes(3);
  });

  it('finds the nearest draggable line, never a fixed one', () => {
    const primitive = new AlertLinePrimitive(surface);
    primitive.setLines([line('a', 100), line('fixed', 102, false)]);
    primitive.updateAllViews();
    // y 300 is price 100; y 296 is the fixed line at 102.
    expect(primitive.draggableNear(297, 5)?.key).toBe('a');
    expect(primitive.draggableNear(290, 5)).toBeUndefined();
    expect(primitive.draggableNear(310, 5)).toBeUndefined();
  });

  it('draws a dragged line where it is held, and after release until the new lines arrive', () => {
    const primitive = new AlertLinePrimitive(surface);
    primitive.setLines([line('a', 100)]);
    primitive.drag('a', 110);
    primitive.updateAllViews();
    expect(primitive.draggableNear(280, 1)?.key).toBe('a');
    // A re-render during the drag keeps it where it is held.
    primitive.setLines([line('a', 100)]);
    primitive.updateAllViews();
    expect(primitive.draggableNear(280, 1)?.key).toBe('a');
    primitive.release();
    primitive.updateAllViews();
    expect(primitive.draggableNear(280, 1)?.key).toBe('a');
    // The lines that follow carry the alert's level: the drag is over.
    primitive.setLines([line('a', 100)]);
    primitive.updateAllViews();
    expect(primitive.draggableNear(300, 1)?.key).toBe('a');
  });
});
