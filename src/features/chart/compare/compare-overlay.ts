/**
 * The compared symbols' lines over the main chart: a primitive of the price series (as the
 * indicator overlays are), not line series of their own. lightweight-charts would rebase each line
 * series' percent to its own first visible value, and a series that starts later (a market closed
 * on the first visible date) would be measured from another bar than the candles. Here each line's
 * value v is drawn at the price the candles would have at the same percent from the same bar:
 * mainBase × v / lineBase, through the price series' priceToCoordinate, so on the percent scale
 * every line reads its own percent from the first visible bar, as the candles do.
 *
 * The lines are aligned to the chart's bars (compare-align) when their candles or the chart's
 * change; the legend reads the same percents (percentsAt).
 *
 * Types only from the library: the chart is reached through the surface.
 */
import type {
  AutoscaleInfo,
  IChartApiBase,
  IPrimitivePaneView,
  ISeriesApi,
  ISeriesPrimitive,
  Logical,
  SeriesAttachedParameter,
  SeriesType,
} from 'lightweight-charts';
import type { Candle } from '#shared/candle.ts';
import { createEmitter } from '../../../lib/observable';
import type { ChartSurface, SurfaceCandle } from '../chart-surface';
import { OverlayRenderer, overlayPaths, overlayRange, type OverlayLine, type Path } from '../indicator-overlays';
import { alignCloses, type Aligned, type Alignment } from './compare-align';
import { baseBarIndex, lineBase, percentFrom } from './compare-percent';

export interface CompareSource {
  colour: string;
  /** The compared symbol's candles, ascending (the live one last). */
  candles: readonly Candle[];
  /** How they meet the chart's bars; undefined while unknown (nothing drawn). */
  alignment: Alignment | undefined;
}

/** Percent from the first visible bar of the chart's own close and of each line's, at one bar. */
export interface ComparePercents {
  main: number | undefined;
  lines: (number | undefined)[];
}

interface AlignedLine {
  source: CompareSource;
  main: readonly SurfaceCandle[];
  length: number;
  values: Aligned;
}

export class CompareOverlay implements ISeriesPrimitive {
  private sources: readonly CompareSource[] = [];
  private aligned: AlignedLine[] = [];
  private chart: IChartApiBase | undefined;
  private series: ISeriesApi<SeriesType> | undefined;
  private requestUpdate: (() => void) | undefined;
  private readonly drawn = createEmitter();
  // Twice the indicators' width: a compared symbol is not read as one of the moving averages.
  private readonly renderer = new OverlayRenderer(2);
  private readonly view: IPrimitivePaneView = { renderer: () => this.renderer };

  constructor(private readonly surface: Pick<ChartSurface, 'candles' | 'firstIndex'>) {}

  attached({ chart, series, requestUpdate }: SeriesAttachedParameter): void {
    Object.assign(this, { chart, series, requestUpdate });
  }

  detached(): void {
    Object.assign(this, { chart: undefined, series: undefined, requestUpdate: undefined });
  }

  /** The compared lines, in legend order. */
  show(sources: readonly CompareSource[]): void {
    this.sources = sources;
    this.requestUpdate?.();
    this.notify();
  }

  /** Called after every drawing of the lines (the chart moved, a candle or a line changed). Returns the unsubscribe. */
  onDrawn(listener: () => void): () => void {
    return this.drawn.subscribe(listener);
  }

  /** The percents at bar `index` of the chart (default: the last bar). */
  percentsAt(index?: number): ComparePercents {
    const main = this.surface.candles();
    const lines = this.lineValues();
    const base = this.baseIndex();
    const at = index ?? main.length - 1;
    if (base === undefined || at < 0) return { main: undefined, lines: lines.map(() => undefined) };
    return {
      main: percentFrom(main[at]?.close, main[base]?.close),
      lines: lines.map((values) => percentFrom(values[at], lineBase(values, base))),
    };
  }

  updateAllViews(): void {
    const { chart, series } = this;
    const range = chart?.timeScale().getVisibleLogicalRange();
    const scale = this.scales();
    if (!chart || !series || !range || !scale) {
      this.renderer.clear();
      this.notify();
      return;
    }
    const timeScale = chart.timeScale();
    const offset = this.surface.firstIndex();
    const x = (logical: number) => timeScale.logicalToCoordinate(logical as Logical);
    this.renderer.show(() =>
      scale.flatMap(({ line, factor }): Path[] =>
        factor === undefined ? [] : overlayPaths([line], offset, range, x, (value) => series.priceToCoordinate(value * factor)),
      ),
    );
    this.notify();
  }

  paneViews(): readonly IPrimitivePaneView[] {
    return [this.view];
  }

  autoscaleInfo(start: Logical, end: Logical): AutoscaleInfo | null {
    let minValue = Infinity;
    let maxValue = -Infinity;
    const offset = this.surface.firstIndex();
    for (const { line, factor } of this.scales() ?? []) {
      const range = factor === undefined ? null : overlayRange([line], offset, start, end);
      if (!range || factor === undefined) continue;
      minValue = Math.min(minValue, range.minValue * factor);
      maxValue = Math.max(maxValue, range.maxValue * factor);
    }
    return minValue <= maxValue ? { priceRange: { minValue, maxValue } } : null;
  }

  private notify(): void {
    this.drawn.emit();
  }

  /** The bar percent mode measures from (the first visible one). */
  private baseIndex(): number | undefined {
    const range = this.chart?.timeScale().getVisibleLogicalRange();
    return range ? baseBarIndex(range.from, this.surface.firstIndex(), this.surface.candles().length) : undefined;
  }

  /**
   * Each line with the factor that turns its values into prices of the candles at the same
   * percent (mainBase / lineBase); factor undefined: nothing to measure from in view.
   */
  private scales(): { line: OverlayLine; factor: number | undefined }[] | undefined {
    const base = this.baseIndex();
    if (base === undefined) return undefined;
    const mainBase = this.surface.candles()[base]?.close;
    return this.lineValues().map((values, i) => {
      const own = lineBase(values, base);
      const factor = mainBase === undefined || own === undefined ? undefined : mainBase / own;
      return { line: { colour: this.sources[i]?.colour ?? '', dashed: false, values }, factor };
    });
  }

  /** The lines' values on the chart's bars, aligned again only when their candles or the bars changed. */
  private lineValues(): Aligned[] {
    const main = this.surface.candles();
    this.aligned = this.sources.map((source, i) => {
      const known = this.aligned[i];
      if (known?.source.candles === source.candles && known.source.alignment === source.alignment && known.main === main && known.length === main.length) {
        return known.source === source ? known : { ...known, source };
      }
      const times = main.map((candle) => candle.time);
      return { source, main, length: main.length, values: source.alignment ? alignCloses(times, source.candles, source.alignment) : [] };
    });
    return this.aligned.map((line) => line.values);
  }
}
