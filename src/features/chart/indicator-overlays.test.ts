import { describe, expect, it } from 'vitest';
import type { SeriesAttachedParameter } from 'lightweight-charts';
import { IndicatorOverlays, OverlayRenderer, overlayPaths, overlayRange, type OverlayLine } from './indicator-overlays';

const u = undefined;
const line = (values: (number | undefined)[], dashed = false): OverlayLine => ({ colour: '#abcdef', dashed, values });
const x = (logical: number) => logical * 10;
const y = (price: number) => 1000 - price;

describe('overlayPaths', () => {
  it('maps the window (logical i = bar offset + i) over the view and one candle either side', () => {
    const values = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    const [path] = overlayPaths([line(values)], 2, { from: 2.5, to: 4.2 }, x, y);
    // Logical 1 … 6 are bars 3 … 8.
    expect(path?.points).toEqual([10, 996, 20, 995, 30, 994, 40, 993, 50, 992, 60, 991]);
  });

  it('stops at the latest candle and breaks the line where there is no value or no coordinate', () => {
    const [path] = overlayPaths([line([u, 5, 6, u, 8, 9])], 0, { from: 0, to: 20 }, x, (price) => (price === 9 ? null : price));
    expect(path?.points).toEqual([10, 5, 20, 6, Number.NaN, Number.NaN, 40, 8, Number.NaN, Number.NaN]);
  });

  it('keeps colour and dash per line', () => {
    const paths = overlayPaths([line([1]), line([2], true)], 0, { from: 0, to: 1 }, x, y);
    expect(paths.map((p) => [p.colour, p.dashed])).toEqual([
      ['#abcdef', false],
      ['#abcdef', true],
    ]);
  });
});

describe('overlayRange', () => {
  it('spans every line over the logical range, skipping gaps', () => {
    const lines = [line([50, u, 3, 4, 9]), line([u, u, 7, 1, u])];
    expect(overlayRange(lines, 1, 1, 2)).toEqual({ minValue: 1, maxValue: 7 });
    expect(overlayRange(lines, 0, 0, 10)).toEqual({ minValue: 1, maxValue: 50 });
    expect(overlayRange([line([u, u])], 0, 0, 1)).toBeNull();
    expect(overlayRange([], 0, 0, 1)).toBeNull();
  });
});

describe('IndicatorOverlays', () => {
  // The library updates its views many times for one draw (23 updates in a chart's first paint).
  it('maps the visible points once per draw, however often the views were updated', () => {
    const overlays = new IndicatorOverlays();
    let mapped = 0;
    let from = 0;
    const chart = { timeScale: () => ({ getVisibleLogicalRange: () => ({ from, to: 3 }), logicalToCoordinate: (logical: number) => logical * 10 }) };
    const series = {
      priceToCoordinate: (price: number) => {
        mapped += 1;
        return 1000 - price;
      },
    };
    overlays.attached({ chart, series, requestUpdate: () => undefined } as unknown as SeriesAttachedParameter);
    overlays.show([line([1, 2, 3, 4])], 0);
    for (let update = 0; update < 5; update++) overlays.updateAllViews();
    from = 2;
    overlays.updateAllViews();
    expect(mapped).toBe(0);

    const renderer = overlays.paneViews()[0]?.renderer() as OverlayRenderer;
    const strokes: number[][] = [];
    const context = new Proxy(
      {},
      {
        get: (_, key) => (key === 'moveTo' || key === 'lineTo' ? (x: number, y: number) => strokes.push([x, y]) : () => undefined),
        set: () => true,
      },
    );
    renderer.draw({
      useBitmapCoordinateSpace: (draw: (scope: unknown) => void) => {
        draw({ context, horizontalPixelRatio: 1, verticalPixelRatio: 1 });
      },
    } as unknown as Parameters<OverlayRenderer['draw']>[0]);
    // The last view's (logical 1 … 3), mapped once each.
    expect(strokes).toEqual([
      [10, 998],
      [20, 997],
      [30, 996],
    ]);
    expect(mapped).toBe(3);
  });
});
