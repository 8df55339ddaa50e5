import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distanceToSegment, fibLevelPrices, hitShape, lineYAt, rayEnd, shapeInView, shapeOf, VIEW_MARGIN_PX } from './geometry';

const bounds = { width: 800, height: 400 };
const coordinate = fc.double({ min: -1000, max: 1000, noNaN: true });
const point = fc.record({ x: coordinate, y: coordinate });

describe('distanceToSegment', () => {
  it('is the perpendicular distance inside, the end distance outside', () => {
    expect(distanceToSegment({ x: 5, y: 3 }, { x: 0, y: 0 }, { x: 10, y: 0 })).toBe(3);
    expect(distanceToSegment({ x: 13, y: 4 }, { x: 0, y: 0 }, { x: 10, y: 0 })).toBe(5);
    expect(distanceToSegment({ x: 3, y: 4 }, { x: 0, y: 0 }, { x: 0, y: 0 })).toBe(5);
  });
  it('is zero on the segment and never more than the distance to either end', () => {
    fc.assert(
      fc.property(point, point, point, fc.double({ min: 0, max: 1, noNaN: true }), (p, a, b, t) => {
        const on = { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
        expect(distanceToSegment(on, a, b)).toBeLessThan(1e-6);
        const d = distanceToSegment(p, a, b);
        expect(d).toBeLessThanOrEqual(Math.hypot(p.x - a.x, p.y - a.y) + 1e-9);
        expect(d).toBeLessThanOrEqual(Math.hypot(p.x - b.x, p.y - b.y) + 1e-9);
      }),
    );
  });
});

describe('rayEnd', () => {
  it('runs through b to just beyond the bounds on the same line', () => {
    fc.assert(
      fc.property(point, point, (a, b) => {
        fc.pre(Math.hypot(b.x - a.x, b.y - a.y) > 1 && Math.abs(b.x - a.x) > 0.5);
        const end = rayEnd(a, b, bounds);
        expect(lineYAt(a, b, end.x)).toBeCloseTo(end.y, 3);
        // Never shorter than a→b.
        expect(Math.hypot(end.x - a.x, end.y - a.y)).toBeGreaterThanOrEqual(Math.hypot(b.x - a.x, b.y - a.y) - 1e-6);
      }),
    );
  });
  it('reaches the right edge for a rising ray inside the pane', () => {
    const end = rayEnd({ x: 100, y: 200 }, { x: 200, y: 190 }, bounds);
    expect(end.x).toBeGreaterThanOrEqual(bounds.width);
    expect(end.y).toBeCloseTo(200 - (end.x - 100) / 10, 6);
  });
});

describe('hitShape', () => {
  const line = shapeOf(
    'trend-line',
    [
      { x: 100, y: 100 },
      { x: 300, y: 200 },
    ],
    bounds,
  );
  it('finds a handle before the body', () => {
    expect(hitShape(line, { x: 102, y: 101 }, 5)).toEqual({ part: 'handle', index: 0 });
    expect(hitShape(line, { x: 299, y: 199 }, 5)).toEqual({ part: 'handle', index: 1 });
  });
  it('finds the body near the line and nothing away from it', () => {
    expect(hitShape(line, { x: 200, y: 152 }, 5)).toEqual({ part: 'body' });
    expect(hitShape(line, { x: 200, y: 170 }, 5)).toBeUndefined();
    // Beyond the end of a segment: nothing, but a ray goes on.
    expect(hitShape(line, { x: 500, y: 300 }, 5)).toBeUndefined();
    const ray = shapeOf(
      'ray',
      [
        { x: 100, y: 100 },
        { x: 300, y: 200 },
      ],
      bounds,
    );
    expect(hitShape(ray, { x: 500, y: 300 }, 5)).toEqual({ part: 'body' });
  });
  it('hits a horizontal line anywhere along the pane and a rectangle inside', () => {
    const horizontal = shapeOf('horizontal-line', [{ x: 400, y: 50 }], bounds);
    expect(hitShape(horizontal, { x: 5, y: 52 }, 5)).toEqual({ part: 'body' });
    const rectangle = shapeOf(
      'rectangle',
      [
        { x: 10, y: 10 },
        { x: 60, y: 40 },
      ],
      bounds,
    );
    expect(hitShape(rectangle, { x: 30, y: 30 }, 5)).toEqual({ part: 'body' });
    expect(hitShape(rectangle, { x: 90, y: 30 }, 5)).toBeUndefined();
  });
  it('puts a channel’s second line through the third anchor, parallel to the first', () => {
    const channel = shapeOf(
      'parallel-channel',
      [
        { x: 0, y: 100 },
        { x: 100, y: 50 },
        { x: 50, y: 125 },
      ],
      bounds,
    );
    const [first, second] = channel.segments;
    expect(second?.a.y).toBe(150);
    expect(second?.b.y).toBe(100);
    expect((second?.b.y ?? 0) - (second?.a.y ?? 0)).toBe((first?.b.y ?? 0) - (first?.a.y ?? 0));
    expect(hitShape(channel, { x: 50, y: 126 }, 3)).toEqual({ part: 'handle', index: 2 });
  });
});

describe('fibLevelPrices', () => {
  it('puts 0 at the end, 1 at the start and 0.5 half way', () => {
    expect(fibLevelPrices(200, 100, [0, 0.5, 1, 1.618])).toEqual([100, 150, 200, 261.8]);
  });
  it('is linear in the level for any move', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        fc.double({ min: -2, max: 3, noNaN: true }),
        (start, end, level) => {
          const [price] = fibLevelPrices(start, end, [level]);
          expect(price).toBeCloseTo(end + (start - end) * level, 3);
        },
      ),
    );
  });
});

describe('shapeInView', () => {
  const pane = { width: 800, height: 400 };
  const note = { textSize: { width: 60, height: 20 } };
  /** Whether a shape of `kind` anchored at x0, y0, x1, y1… is in view of the pane. */
  const inView = (kind: Parameters<typeof shapeOf>[0], ...xy: number[]) => {
    const points = Array.from({ length: xy.length / 2 }, (_, i) => ({ x: xy[2 * i] ?? 0, y: xy[2 * i + 1] ?? 0 }));
    return shapeInView(shapeOf(kind, points, pane, kind === 'text' ? note : {}), pane);
  };

  it('a trend line scrolled off to the left is out of view; one crossing the pane, or just beside it (its label), is in', () => {
    const far = -VIEW_MARGIN_PX - 100;
    expect(inView('trend-line', far - 300, 100, far, 200)).toBe(false);
    expect(inView('trend-line', -500, 100, 300, 200)).toBe(true);
    expect(inView('trend-line', -150, 100, -50, 200)).toBe(true);
  });

  it('a ray or a horizontal line reaches the pane from anchors outside it', () => {
    expect(inView('ray', -900, 100, -800, 110)).toBe(true);
    expect(inView('horizontal-line', -5_000, 100)).toBe(true);
    // Far above the pane: nothing of it shows.
    expect(inView('horizontal-line', 100, -1_000)).toBe(false);
  });

  it('boxes count: a rectangle spanning the pane, a text note beside it', () => {
    expect(inView('rectangle', -1_000, -1_000, 2_000, 2_000)).toBe(true);
    expect(inView('text', 850, 50)).toBe(true);
    expect(inView('text', 1_500, 50)).toBe(false);
  });
});
