/**
 * The adapter's chart as the workbench reads it (chart-surface: drawings, alert lines, export):
 * instrument time (ms UTC) ↔ x, between and beyond candles too (time-position), and the candles
 * in ms, built on first ask after each dataset and moved with the live candle.
 */
import type { IChartApi, ISeriesApi, Logical } from 'lightweight-charts';
import { createEmitter } from '../../lib/observable';
import type { ChartCandle } from '../../lib/time-mapper';
import type { ChartSurface, SurfaceCandle } from './chart-surface';
import { msOfChartTime, type ChartState } from './chart-state';
import { coordinateOfLogical, indexOfTime, logicalOfCoordinate, timeOfIndex, typicalSpacing } from './time-position';

export interface SurfaceOfChart {
  readonly surface: ChartSurface;
  /** The candles were replaced: positions computed before are stale (the data listeners hear it). */
  dataChanged(): void;
  /** The last candle moved (`opened`: a new one). */
  lastCandleChanged(bar: ChartCandle, opened: boolean): void;
  destroy(): void;
}

export function createSurfaceOfChart(chart: IChartApi, price: ISeriesApi<'Candlestick'>, container: HTMLElement, state: ChartState): SurfaceOfChart {
  const dataChange = createEmitter();
  /** The candles as the workbench reads them (ms times), built on first ask after each dataset. */
  let candles: SurfaceCandle[] | undefined;
  let spacing = 60;
  const candleOf = (bar: ChartCandle): SurfaceCandle => ({
    time: msOfChartTime(state, bar.time),
    open: bar.open,
    high: bar.high,
    low: bar.low,
    close: bar.close,
  });
  // Between and beyond candles: the library maps whole logical indexes only (time-position).
  const wholeToX = (whole: number): number | null => chart.timeScale().logicalToCoordinate(whole as Logical);
  const logicalAtX = (x: number): number | null => {
    const near = chart.timeScale().coordinateToLogical(x);
    return near === null ? null : logicalOfCoordinate(x, near, wholeToX);
  };
  const surface: ChartSurface = {
    chart,
    priceSeries: price,
    element: container,
    timeToX(ms) {
      const index = indexOfTime(state.times, state.timeOf(ms), spacing);
      return index === undefined ? null : coordinateOfLogical(index - state.offset, wholeToX);
    },
    xToTime(x) {
      const logical = logicalAtX(x);
      if (logical === null) return null;
      const seconds = timeOfIndex(state.times, logical + state.offset, spacing);
      return seconds === undefined ? null : msOfChartTime(state, seconds);
    },
    candleNear(x) {
      const logical = logicalAtX(x);
      const { bars } = state;
      if (logical === null || bars.length === 0) return undefined;
      const bar = bars[Math.max(0, Math.min(bars.length - 1, Math.round(logical) + state.offset))];
      return bar && candleOf(bar);
    },
    candles() {
      candles ??= state.bars.map(candleOf);
      return candles;
    },
    latestCandle() {
      if (candles) return candles[candles.length - 1];
      const bar = state.bars[state.bars.length - 1];
      return bar && candleOf(bar);
    },
    firstIndex: () => state.offset,
    onDataChange: dataChange.subscribe,
  };

  return {
    surface,
    dataChanged() {
      candles = undefined;
      spacing = typicalSpacing(state.times);
      dataChange.emit();
    },
    lastCandleChanged(bar, opened) {
      if (!candles) return;
      if (opened) candles.push(candleOf(bar));
      else candles[candles.length - 1] = candleOf(bar);
    },
    destroy: dataChange.clear,
  };
}
