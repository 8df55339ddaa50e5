import { describe, expect, it } from 'vitest';
import { barsPath, chartGeometry, linePath, pointIndexAt } from './chart-geometry';
import type { PlotPoint } from './intraday-points';

function point(slot: number, price: number, volume = 10, avg = price): PlotPoint {
  return { slot, time: slot * 60_000, price, avg, volume, up: true };
}

describe('chartGeometry', () => {
  const geometry = chartGeometry(412, 300, 100, 12);

  it('divides the plot width among the slots and clamps pixels to the axis', () => {
    expect(geometry.left).toBe(6);
    expect(geometry.right).toBe(394);
    expect(geometry.slotWidth).toBeCloseTo(3.88);
    expect(geometry.xAt(0)).toBe(6);
    expect(geometry.xAt(100)).toBe(394);
    expect(geometry.xOfSlot(0)).toBeCloseTo(7.94);
    expect(geometry.slotAtX(0)).toBe(0);
    expect(geometry.slotAtX(200)).toBe(50);
    expect(geometry.slotAtX(1000)).toBe(99);
  });

  it('puts the volume band under the price band, above the time labels', () => {
    expect(geometry.priceTop).toBeLessThan(geometry.priceBottom);
    expect(geometry.priceBottom).toBeLessThan(geometry.volumeTop);
    expect(geometry.volumeBottom).toBe(282);
    expect(geometry.labelBaseline).toBeGreaterThan(geometry.volumeBottom);
  });
});

describe('paths', () => {
  const x = (slot: number): number => slot * 10;
  const y = (value: number): number => 100 - value;

  it('draws a polyline and breaks it where a value is missing', () => {
    const points = [point(0, 10), point(1, 12), point(2, Number.NaN), point(3, 11)];
    expect(linePath(points, (p) => p.price, x, y)).toBe('M0.0 90.0L10.0 88.0M30.0 89.0');
  });

  it('draws bars proportional to volume, from the band bottom', () => {
    const geometry = chartGeometry(412, 300, 100, 12);
    const band = geometry.volumeBottom - geometry.volumeTop;
    const d = barsPath([point(0, 1, 50), point(1, 1, 100), point(2, 1, 0)], () => true, geometry, 100);
    const heights = [...d.matchAll(/v(-[\d.]+)/g)].map((m) => -Number(m[1]));
    expect(heights).toEqual([Number((band / 2).toFixed(1)), Number(band.toFixed(1))]);
    expect(barsPath([point(0, 1, 50)], () => true, geometry, 0)).toBe('');
  });
});

describe('pointIndexAt', () => {
  const points = [point(0, 1), point(1, 1), point(150, 1)];

  it('finds the last point at or before a slot', () => {
    expect(pointIndexAt(points, 0)).toBe(0);
    expect(pointIndexAt(points, 149)).toBe(1);
    expect(pointIndexAt(points, 150)).toBe(2);
    expect(pointIndexAt(points, 300)).toBe(2);
  });
});
