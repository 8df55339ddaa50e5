/**
 * Indicator lines over the candles (moving averages, Bollinger bands), drawn by a primitive
 * attached to the price series rather than as line series of their own. lightweight-charts takes
 * the base of percent mode per series (each series' own first visible value), so a 50-day MA line
 * series was rebased to the MA's first visible value, not the price's, and drew false crossovers.
 * Here every value goes through the price series' own priceToCoordinate: in percent mode the lines
 * share the price's base (its first visible close), in log mode its log scale, and in every mode
 * they sit where the linear chart puts them relative to the candles. Their values also widen the
 * price's autoscale, as line series on that scale did.
 *
 * Types only from the library: chart-adapter stays the one module that calls it.
 */
import type {
  AutoscaleInfo,
  IChartApiBase,
  IPrimitivePaneRenderer,
  IPrimitivePaneView,
  ISeriesApi,
  ISeriesPrimitive,
  Logical,
  SeriesAttachedParameter,
  SeriesType,
} from 'lightweight-charts';
import type { IndicatorSeries } from '#shared/indicators/indicator.ts';

export interface OverlayLine {
  colour: string;
  dashed: boolean;
  /** One value per candle of the whole series (index = the adapter's bar index). */
  values: IndicatorSeries;
}

type DrawTarget = Parameters<IPrimitivePaneRenderer['draw']>[0];

/** A line's visible points in media pixels: runs broken where the indicator has no value. */
export interface Path {
  colour: string;
  dashed: boolean;
  /** x, y pairs; NaN x starts a new run. */
  points: number[];
}

/**
 * The visible points of each line: logical index i is bar `offset + i`; `x` and `y` map a logical
 * index and a price to media pixels (null outside the drawable range). Pure, for tests.
 */
export function overlayPaths(
  lines: readonly OverlayLine[],
  offset: number,
  range: { from: number; to: number },
  x: (logical: number) => number | null,
  y: (price: number) => number | null,
): Path[] {
  return lines.map(({ colour, dashed, values }) => {
    const points: number[] = [];
    const last = values.length - offset - 1;
    const to = Math.min(last, Math.ceil(range.to) + 1);
    let broken = true;
    for (let i = Math.max(0, Math.floor(range.from) - 1); i <= to; i++) {
      const value = values[offset + i];
      const px = x(i);
      const py = value === undefined || !Number.isFinite(value) ? null : y(value);
      if (px === null || py === null) {
        if (!broken) points.push(Number.NaN, Number.NaN);
        broken = true;
        continue;
      }
      points.push(px, py);
      broken = false;
    }
    return { colour, dashed, points };
  });
}

/** Least and greatest value of the lines over logical indices [from, to], or null when none. */
export function overlayRange(lines: readonly OverlayLine[], offset: number, from: number, to: number): { minValue: number; maxValue: number } | null {
  let minValue = Infinity;
  let maxValue = -Infinity;
  for (const { values } of lines) {
    const end = Math.min(values.length - 1, offset + to);
    for (let i = Math.max(0, offset + from); i <= end; i++) {
      const value = values[i];
      if (value === undefined || !Number.isFinite(value)) continue;
      if (value < minValue) minValue = value;
      if (value > maxValue) maxValue = value;
    }
  }
  return minValue <= maxValue ? { minValue, maxValue } : null;
}

/**
 * Draws paths `thickness` device pixels (per media pixel) wide. The paths are worked out when they
 * are drawn, from the last view they were shown for: the library updates its views many times for
 * one draw (23 updates in a chart's first paint), and each update mapped every visible point.
 */
export class OverlayRenderer implements IPrimitivePaneRenderer {
  private paths: readonly Path[] = [];
  private pending: (() => readonly Path[]) | undefined;
  constructor(private readonly thickness = 1) {}
  /** The paths of the current view, to work out at the next draw. */
  show(paths: () => readonly Path[]): void {
    this.pending = paths;
  }
  /** Nothing to draw. */
  clear(): void {
    this.pending = undefined;
    this.paths = [];
  }
  /** The paths as drawn now (worked out once after each show). */
  currentPaths(): readonly Path[] {
    if (this.pending) {
      this.paths = this.pending();
      this.pending = undefined;
    }
    return this.paths;
  }
  draw(target: DrawTarget): void {
    const paths = this.currentPaths();
    target.useBitmapCoordinateSpace(({ context, horizontalPixelRatio: h, verticalPixelRatio: v }) => {
      const width = Math.max(1, Math.floor(h)) * this.thickness;
      context.lineWidth = width;
      context.lineJoin = 'round';
      for (const { colour, dashed, points } of paths) {
        context.strokeStyle = colour;
        context.setLineDash(dashed ? [2 * width, 2 * width] : []);
        context.beginPath();
        let moving = true;
        for (let p = 0; p < points.length; p += 2) {
          const px = points[p] as number;
          if (Number.isNaN(px)) {
            moving = true;
            continue;
          }
          const py = (points[p + 1] as number) * v;
          if (moving) context.moveTo(px * h, py);
          else context.lineTo(px * h, py);
          moving = false;
        }
        context.stroke();
      }
      context.setLineDash([]);
    });
  }
}

/** The primitive: attach once to the price series; `show` hands it new lines or a moved window. */
export class IndicatorOverlays implements ISeriesPrimitive {
  private lines: readonly OverlayLine[] = [];
  private offset = 0;
  private chart: IChartApiBase | undefined;
  private series: ISeriesApi<SeriesType> | undefined;
  private requestUpdate: (() => void) | undefined;
  private readonly renderer = new OverlayRenderer();
  private readonly view: IPrimitivePaneView = { renderer: () => this.renderer };

  attached({ chart, series, requestUpdate }: SeriesAttachedParameter): void {
    Object.assign(this, { chart, series, requestUpdate });
  }

  detached(): void {
    Object.assign(this, { chart: undefined, series: undefined, requestUpdate: undefined });
  }

  /** The lines (values over the whole series) and the bar index of the library's first candle. */
  show(lines: readonly OverlayLine[], offset: number): void {
    this.lines = lines;
    this.offset = offset;
    this.requestUpdate?.();
  }

  /** The values changed in place (the live candle). */
  redraw(): void {
    this.requestUpdate?.();
  }

  updateAllViews(): void {
    const { chart, series } = this;
    const range = chart?.timeScale().getVisibleLogicalRange();
    if (!chart || !series || !range || this.lines.length === 0) {
      this.renderer.clear();
      return;
    }
    const { lines, offset } = this;
    const timeScale = chart.timeScale();
    this.renderer.show(() =>
      overlayPaths(
        lines,
        offset,
        range,
        (logical) => timeScale.logicalToCoordinate(logical as Logical),
        (price) => series.priceToCoordinate(price),
      ),
    );
  }

  paneViews(): readonly IPrimitivePaneView[] {
    return [this.view];
  }

  autoscaleInfo(startTimePoint: Logical, endTimePoint: Logical): AutoscaleInfo | null {
    const priceRange = overlayRange(this.lines, this.offset, startTimePoint, endTimePoint);
    return priceRange && { priceRange };
  }
}
