import { describe, expect, it } from 'vitest';
import type { Logical, SeriesAttachedParameter } from 'lightweight-charts';
import type { Candle } from '#shared/candle.ts';
import type { OverlayRenderer } from '../indicator-overlays';
import { CompareOverlay } from './compare-overlay';

const MINUTE = 60_000;
const candle = (time: number, close: number): Candle => ({ time, open: close, high: close, low: close, close, volume: 1 });

/** The chart's bars closing at 100, 110, 120, 90 (one a minute), the view from logical 1.3; prices map to y as they are. */
function setUp(from = 1.3) {
  const main = [100, 110, 120, 90].map((close, i) => ({ ...candle(i * MINUTE, close) }));
  const overlay = new CompareOverlay({ candles: () => main, firstIndex: () => 0 });
  const chart = { timeScale: () => ({ getVisibleLogicalRange: () => ({ from, to: 3 }), logicalToCoordinate: (logical: number) => logical * 10 }) };
  const series = { priceToCoordinate: (price: number) => price };
  overlay.attached({ chart, series, requestUpdate: () => undefined } as unknown as SeriesAttachedParameter);
  // The compared market had no candle on bar 1: it is measured from bar 2, its next one.
  overlay.show([{ colour: '#fff', candles: [candle(0, 10), candle(2 * MINUTE, 20), candle(3 * MINUTE, 30)], alignment: { by: 'time', periodMs: MINUTE } }]);
  return overlay;
}

describe('compared lines', () => {
  it('read percent from the first visible bar, the candles’ and each line’s own', () => {
    const overlay = setUp();
    const at = overlay.percentsAt();
    expect(at.main).toBeCloseTo(((90 - 110) / 110) * 100, 10);
    expect(at.lines[0]).toBeCloseTo(50, 10);
    expect(overlay.percentsAt(1)).toEqual({ main: 0, lines: [undefined] });
    expect(overlay.percentsAt(2).lines[0]).toBe(0);
  });

  it('are drawn where the candles would be at the same percent, through the price series’ mapping', () => {
    const overlay = setUp();
    overlay.updateAllViews();
    const renderer = overlay.paneViews()[0]?.renderer() as OverlayRenderer;
    // Bar 2 (0 %) at the candles' base price, bar 3 (+50 %) at 1.5 × 110; bar 0 is left of the view's first bar but drawn (the pane edge clips it).
    expect(renderer.currentPaths()[0]?.points.slice(-4)).toEqual([20, 110, 30, 165]);
    expect(overlay.autoscaleInfo(1 as Logical, 3 as Logical)).toEqual({ priceRange: { minValue: 110, maxValue: 165 } });
  });

  it('move their base with the view', () => {
    const overlay = setUp(2);
    expect(overlay.percentsAt().main).toBeCloseTo(-25, 10);
    expect(overlay.percentsAt().lines[0]).toBeCloseTo(50, 10);
  });

  it('tell who listens when they are drawn', () => {
    const overlay = setUp();
    let drawn = 0;
    const off = overlay.onDrawn(() => (drawn += 1));
    overlay.updateAllViews();
    off();
    overlay.updateAllViews();
    expect(drawn).toBe(1);
  });
});
