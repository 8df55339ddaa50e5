// @vitest-environment happy-dom
import fc from 'fast-check';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChartSurface } from '../chart-surface';
import { DrawingController, type ControllerCallbacks } from './drawing-controller';
import type { Anchor, Drawing, ToolKind } from './drawing-model';
import { DrawingPrimitive } from './drawing-primitive';

const HOUR = 3_600_000;
/** A price scale as the series maps it: linear (price = 500 − y) or logarithmic. */
interface Scale {
  priceToCoordinate(price: number): number;
  coordinateToPrice(y: number): number;
}
const LINEAR: Scale = { priceToCoordinate: (price) => 500 - price, coordinateToPrice: (y) => 500 - y };
/** 500 px span 1 to 1000 on a log scale, top 1000. */
const LOG: Scale = {
  priceToCoordinate: (price) => (500 * (3 - Math.log10(price))) / 3,
  coordinateToPrice: (y) => 10 ** (3 - (3 * y) / 500),
};

/** A fake chart: one bar per 10 px (an hour each). */
function fakeSurface(scale: Scale = LINEAR) {
  const element = document.createElement('div');
  const applyOptions = vi.fn();
  const candles = Array.from({ length: 100 }, (_, i) => ({ time: i * HOUR, open: 300, high: 320, low: 280, close: 310 }));
  const surface = {
    chart: {
      applyOptions,
      paneSize: () => ({ width: 1000, height: 500 }),
      priceScale: () => ({ width: () => 0 }),
      options: () => ({ layout: { fontFamily: 'sans' } }),
    },
    priceSeries: scale,
    element,
    timeToX: (ms: number) => (ms / HOUR) * 10,
    xToTime: (x: number) => (x / 10) * HOUR,
    candleNear: (x: number) => candles[Math.max(0, Math.min(99, Math.round(x / 10)))],
    candles: () => candles,
    onDataChange: () => () => undefined,
  } as unknown as ChartSurface;
  return { surface, element, applyOptions };
}

function pointer(element: HTMLElement, type: string, x: number, y: number, init: Partial<PointerEventInit> = {}): void {
  element.dispatchEvent(new PointerEvent(type, { clientX: x, clientY: y, button: 0, pointerId: 1, bubbles: true, cancelable: true, ...init }));
}
function click(element: HTMLElement, x: number, y: number, init: Partial<PointerEventInit> = {}): void {
  pointer(element, 'pointerdown', x, y, init);
  pointer(element, 'pointerup', x, y, init);
}
function drag(element: HTMLElement, from: [number, number], to: [number, number]): void {
  pointer(element, 'pointerdown', ...from);
  pointer(element, 'pointermove', (from[0] + to[0]) / 2, (from[1] + to[1]) / 2);
  pointer(element, 'pointermove', ...to);
  pointer(element, 'pointerup', ...to);
}

const at = (x: number, y: number): Anchor => ({ time: (x / 10) * HOUR, price: 500 - y });

describe('DrawingController', () => {
  let fake: ReturnType<typeof fakeSurface>;
  let primitive: DrawingPrimitive;
  let created: { kind: ToolKind; anchors: Anchor[] }[];
  let moved: { drawing: Drawing; anchors: Anchor[] }[];
  let selected: (string | undefined)[];
  let controller: DrawingController;

  beforeEach(() => {
    fake = fakeSurface();
    primitive = new DrawingPrimitive(fake.surface, () => undefined);
    created = [];
    moved = [];
    selected = [];
    const callbacks: ControllerCallbacks = {
      onCreate: (kind, anchors) => created.push({ kind, anchors }),
      onMove: (drawing, anchors) => moved.push({ drawing, anchors }),
      onSelect: (id) => selected.push(id),
    };
    controller = new DrawingController(fake.surface, primitive, callbacks);
  });

  it('places a trend line by two clicks, and by a press-drag-release', () => {
    controller.setTool('trend-line');
    click(fake.element, 100, 100);
    expect(created).toEqual([]);
    pointer(fake.element, 'pointermove', 200, 150);
    click(fake.element, 200, 150);
    expect(created).toEqual([{ kind: 'trend-line', anchors: [at(100, 100), at(200, 150)] }]);

    drag(fake.element, [300, 300], [400, 200]);
    expect(created[1]).toEqual({ kind: 'trend-line', anchors: [at(300, 300), at(400, 200)] });
  });

  it('places a one-anchor tool with one click', () => {
    controller.setTool('horizontal-line');
    click(fake.element, 250, 120);
    expect(created).toEqual([{ kind: 'horizontal-line', anchors: [at(250, 120)] }]);
  });

  it('places a parallel channel: a line, then the width', () => {
    controller.setTool('parallel-channel');
    drag(fake.element, [100, 300], [300, 200]);
    expect(created).toEqual([]);
    pointer(fake.element, 'pointermove', 200, 300);
    click(fake.element, 200, 300);
    expect(created[0]?.anchors).toEqual([at(100, 300), at(300, 200), at(200, 300)]);
  });

  it('snaps to the nearest bar’s open, high, low or close with the magnet or Ctrl held', () => {
    controller.setTool('horizontal-line');
    // Bar 20 (x 200) high is 320 → y 180; the pointer at y 176 snaps to it.
    click(fake.element, 203, 176, { ctrlKey: true });
    expect(created[0]?.anchors).toEqual([{ time: 20 * HOUR, price: 320 }]);
    controller.setTool('horizontal-line');
    controller.setMagnet(true);
    click(fake.element, 498, 222);
    expect(created[1]?.anchors).toEqual([{ time: 50 * HOUR, price: 280 }]);
  });

  it('Esc-style cancel drops the drawing in progress', () => {
    controller.setTool('rectangle');
    click(fake.element, 100, 100);
    expect(controller.cancel()).toBe(true);
    click(fake.element, 200, 200);
    expect(created).toEqual([]);
  });

  it('keeps the chart from panning while a tool is on, and gives it back after', () => {
    controller.setTool('ray');
    expect(fake.applyOptions).toHaveBeenLastCalledWith({ handleScroll: false, handleScale: false });
    controller.setTool(undefined);
    expect(fake.applyOptions).toHaveBeenLastCalledWith({ handleScroll: true, handleScale: true });
  });

  describe('editing', () => {
    const line: Drawing = {
      id: 'l',
      kind: 'trend-line',
      anchors: [at(100, 300), at(300, 200)],
      style: { color: '#2962ff', width: 2, line: 'solid' },
      locked: false,
    };
    const show = (drawing: Drawing) => {
      primitive.setDrawings([{ drawing, anchors: drawing.anchors }]);
      primitive.updateAllViews();
    };

    it('drags one anchor, leaving the other', () => {
      show(line);
      drag(fake.element, [300, 200], [350, 150]);
      expect(selected).toEqual(['l']);
      expect(moved).toEqual([{ drawing: line, anchors: [at(100, 300), at(350, 150)] }]);
    });

    it('drags the whole drawing by the pointer’s offset', () => {
      show(line);
      drag(fake.element, [200, 250], [220, 230]);
      expect(moved[0]?.anchors).toEqual([at(120, 280), at(320, 180)]);
    });

    it('selects a locked drawing but does not move it; a press on nothing selects nothing', () => {
      show({ ...line, locked: true });
      drag(fake.element, [200, 250], [220, 230]);
      expect(selected).toEqual(['l']);
      expect(moved).toEqual([]);
      click(fake.element, 700, 50);
      expect(selected).toEqual(['l', undefined]);
    });
  });
});

describe('anchors through a log price scale', () => {
  const paneX = fc.double({ min: 1, max: 999, noNaN: true });
  const paneY = fc.double({ min: 1, max: 499, noNaN: true });

  it('a clicked anchor is painted back where it was clicked', () => {
    fc.assert(
      fc.property(paneX, paneY, (x, y) => {
        const fake = fakeSurface(LOG);
        const primitive = new DrawingPrimitive(fake.surface, () => undefined);
        const created: Anchor[][] = [];
        const controller = new DrawingController(fake.surface, primitive, {
          onCreate: (_kind, anchors) => created.push(anchors),
          onMove: () => undefined,
          onSelect: () => undefined,
        });
        controller.setTool('horizontal-line');
        click(fake.element, x, y);
        const [anchor] = created[0] ?? [];
        if (!anchor) throw new Error('nothing placed');
        expect(LOG.priceToCoordinate(anchor.price)).toBeCloseTo(y, 6);
        controller.destroy();
      }),
      { numRuns: 50 },
    );
  });

  it('a dragged drawing keeps its look: every anchor moves by the pointer’s pixels', () => {
    fc.assert(
      fc.property(fc.double({ min: -80, max: 80, noNaN: true }), fc.double({ min: -80, max: 80, noNaN: true }), (dx, dy) => {
        fc.pre(Math.hypot(dx, dy) > 6);
        const fake = fakeSurface(LOG);
        const primitive = new DrawingPrimitive(fake.surface, () => undefined);
        const moves: Anchor[][] = [];
        const controller = new DrawingController(fake.surface, primitive, {
          onCreate: () => undefined,
          onMove: (_d, anchors) => moves.push(anchors),
          onSelect: () => undefined,
        });
        const anchors = [at(200, 0), at(400, 0)].map((anchor, i) => ({ time: anchor.time, price: LOG.coordinateToPrice(i === 0 ? 300 : 200) }));
        const line: Drawing = { id: 'l', kind: 'trend-line', anchors, style: { color: '#2962ff', width: 2, line: 'solid' }, locked: false };
        primitive.setDrawings([{ drawing: line, anchors }]);
        primitive.updateAllViews();
        drag(fake.element, [300, 250], [300 + dx, 250 + dy]);
        const [first, second] = moves[0] ?? [];
        if (!first || !second) throw new Error('not moved');
        expect(LOG.priceToCoordinate(first.price)).toBeCloseTo(300 + dy, 6);
        expect(LOG.priceToCoordinate(second.price)).toBeCloseTo(200 + dy, 6);
        expect(fake.surface.timeToX(first.time)).toBeCloseTo(200 + dx, 6);
        controller.destroy();
      }),
      { numRuns: 50 },
    );
  });
});
