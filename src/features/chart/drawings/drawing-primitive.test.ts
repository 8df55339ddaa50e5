import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChartSurface } from '../chart-surface';
import type { Drawing } from './drawing-model';
import { DrawingPrimitive, type PlacedDrawing } from './drawing-primitive';

const HOUR = 3_600_000;
/** x = hours × 10, y = 500 − price; no candles right of x 1000 (timeToX extrapolates as the surface does). */
const surface = {
  chart: { paneSize: () => ({ width: 1000, height: 500 }), options: () => ({ layout: { fontFamily: 'sans' } }) },
  priceSeries: { priceToCoordinate: (price: number) => 500 - price, coordinateToPrice: (y: number) => 500 - y },
  timeToX: (ms: number) => (ms / HOUR) * 10,
  xToTime: (x: number) => (x / 10) * HOUR,
  candles: () => [],
} as unknown as ChartSurface;

const drawing = (id: string, kind: Drawing['kind'], anchors: Drawing['anchors'], extra: Partial<Drawing> = {}): Drawing => ({
  id,
  kind,
  anchors,
  style: { color: '#2962ff', width: 2, line: 'solid' },
  locked: false,
  ...extra,
});

/** A 2D context that records the texts filled and does nothing else. */
function recordingContext(texts: string[]) {
  return new Proxy(
    { fillText: (text: string) => texts.push(text), measureText: () => ({ width: 50 }) },
    { get: (target, key) => (key in target ? target[key as keyof typeof target] : () => undefined) },
  );
}

/** One paint as the library makes it: place, then draw into `context`. */
function paint(primitive: DrawingPrimitive, context: unknown): void {
  primitive.updateAllViews();
  primitive
    .paneViews()[0]
    ?.renderer()
    ?.draw({
      useMediaCoordinateSpace: (draw: (scope: { context: unknown }) => void) => {
        draw({ context });
      },
    } as never);
}

describe('DrawingPrimitive', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('places anchors through the surface and the price series, a future time included', () => {
    vi.useFakeTimers();
    const reports: PlacedDrawing[][] = [];
    const primitive = new DrawingPrimitive(surface, (placed) => reports.push(placed));
    const line = drawing('a', 'trend-line', [
      { time: 10 * HOUR, price: 300 },
      { time: 150 * HOUR, price: 250 },
    ]);
    primitive.setDrawings([{ drawing: line, anchors: line.anchors }]);
    primitive.updateAllViews();
    vi.runAllTimers();
    expect(reports.at(-1)?.[0]?.points).toEqual([
      { x: 100, y: 200 },
      { x: 1500, y: 250 },
    ]);
    // Its body is hit half way; nothing far off it.
    expect(primitive.hit({ x: 500, y: 214.3 })?.item.drawing.id).toBe('a');
    expect(primitive.hit({ x: 500, y: 260 })).toBeUndefined();
    // The library's hover: a cursor that says what a drag does.
    expect(primitive.hitTest(500, 214.3)).toEqual({ externalId: 'a', zOrder: 'top', cursorStyle: 'move' });
    expect(primitive.hitTest(100, 200)?.cursorStyle).toBe('grab');
    expect(primitive.hitTest(500, 260)).toBeNull();
  });

  it('hits a Fibonacci level line at its price', () => {
    const fib = drawing(
      'f',
      'fib-retracement',
      [
        { time: 10 * HOUR, price: 400 },
        { time: 50 * HOUR, price: 200 },
      ],
      { levels: [0, 0.5, 1] },
    );
    const primitive = new DrawingPrimitive(surface, () => undefined);
    primitive.setDrawings([{ drawing: fib, anchors: fib.anchors }]);
    primitive.updateAllViews();
    // Level 0.5 is price 300 → y 200, between the anchors' x.
    expect(primitive.hit({ x: 300, y: 200 })?.hit).toEqual({ part: 'body' });
    expect(primitive.hit({ x: 300, y: 180 })).toBeUndefined();
  });

  it('places and hits nothing while hidden, and says so', () => {
    vi.useFakeTimers();
    const reports: PlacedDrawing[][] = [];
    const primitive = new DrawingPrimitive(surface, (placed) => reports.push(placed));
    const line = drawing('h', 'horizontal-line', [{ time: 0, price: 100 }]);
    primitive.setDrawings([{ drawing: line, anchors: line.anchors }]);
    primitive.setHidden(true);
    primitive.updateAllViews();
    vi.runAllTimers();
    expect(reports.at(-1)).toEqual([]);
    expect(primitive.hit({ x: 10, y: 400 })).toBeUndefined();
  });

  it('paints a dragged copy instead of the stored drawing, and reports no drawing in progress', () => {
    vi.useFakeTimers();
    const reports: PlacedDrawing[][] = [];
    const primitive = new DrawingPrimitive(surface, (placed) => reports.push(placed));
    const line = drawing('a', 'horizontal-line', [{ time: 0, price: 100 }]);
    primitive.setDrawings([{ drawing: line, anchors: line.anchors }]);
    primitive.setDraft({ drawing: line, anchors: [{ time: 0, price: 150 }] });
    primitive.updateAllViews();
    vi.runAllTimers();
    expect(reports.at(-1)?.map((placed) => placed.points[0]?.y)).toEqual([350]);
    primitive.setDraft({ drawing: drawing('__draft', 'ray', [], {}), anchors: [{ time: 0, price: 1 }] });
    primitive.updateAllViews();
    vi.runAllTimers();
    expect(reports.at(-1)?.map((placed) => placed.id)).toEqual(['a']);
  });

  it('draws only what can be seen: a drawing scrolled far out of view is placed (and reported) but not drawn', () => {
    vi.useFakeTimers();
    const texts: string[] = [];
    const reports: PlacedDrawing[][] = [];
    const primitive = new DrawingPrimitive(surface, (placed) => reports.push(placed));
    // x = hours × 10: the first note sits at x 500, the second at x −5,000 (500 hours back).
    const shown = drawing('shown', 'text', [{ time: 50 * HOUR, price: 100 }], { text: 'In view' });
    const gone = drawing('gone', 'text', [{ time: -500 * HOUR, price: 100 }], { text: 'Scrolled away' });
    primitive.setDrawings([shown, gone].map((each) => ({ drawing: each, anchors: each.anchors })));
    paint(primitive, recordingContext(texts));
    expect(texts).toEqual(['In view']);
    vi.runAllTimers();
    expect(reports.at(-1)?.map((placed) => placed.id)).toEqual(['shown', 'gone']);
  });

  it('labels a measure with the bars between its anchors, counting a bar that opens inside them', () => {
    const candles = [20, 30].map((hours) => ({ time: hours * HOUR, open: 1, high: 1, low: 1, close: 1 }));
    const counting = { ...surface, candles: () => candles } as unknown as ChartSurface;
    const texts: string[] = [];
    const context = recordingContext(texts);
    const primitive = new DrawingPrimitive(counting, () => undefined);
    const measure = drawing('m', 'measure', [
      { time: 10 * HOUR, price: 100 },
      { time: 45 * HOUR, price: 110 },
    ]);
    primitive.setDrawings([{ drawing: measure, anchors: measure.anchors }]);
    paint(primitive, context);
    expect(texts.at(-1)).toContain('2 bars');
    // A live update of the last bar: the same figures.
    paint(primitive, context);
    expect(texts.at(-1)).toContain('2 bars');
    candles.push({ time: 40 * HOUR, open: 1, high: 1, low: 1, close: 1 });
    paint(primitive, context);
    expect(texts.at(-1)).toContain('3 bars');
    expect(texts.at(-1)).toContain('+10.00 (+10.00%)');
  });

  it('asks the chart for no repaint while it has nothing to draw, and one when a drawing comes or goes', () => {
    const requestUpdate = vi.fn();
    const primitive = new DrawingPrimitive(surface, () => undefined);
    primitive.attached({ requestUpdate } as never);
    // The layer's empty state as the page opens: the library would repaint every pane for it.
    primitive.setDrawings([]);
    primitive.setHidden(false);
    primitive.setSelected(undefined);
    primitive.setStyle({ text: '#fff', handleFill: '#000' }, 2);
    expect(requestUpdate).not.toHaveBeenCalled();
    const line = drawing('a', 'trend-line', [
      { time: 10 * HOUR, price: 300 },
      { time: 20 * HOUR, price: 250 },
    ]);
    primitive.setDrawings([{ drawing: line, anchors: line.anchors }]);
    expect(requestUpdate).toHaveBeenCalledTimes(1);
    paint(primitive, recordingContext([]));
    primitive.setDrawings([]);
    expect(requestUpdate).toHaveBeenCalledTimes(2);
  });
});
