/**
 * Crosshair and view sync: the candle under the crosshair for the legend, and the moments (shared
 * points in time) another chart's crosshair and visible range are handed over in (layout/chart-sync).
 */
import type { IChartApi, ISeriesApi, MouseEventParams, UTCTimestamp } from 'lightweight-charts';
import { createEmitter } from '../../lib/observable';
import type { ChartAdapter } from './chart-adapter';
import { msOfChartTime, type ChartMoment, type ChartState, type CrosshairCandle } from './chart-state';
import { indexAtChartTime, indexAtOrBefore } from './series-data';

/** The adapter's crosshair and sync members (documented there), and the part's teardown. */
export interface ChartCrosshair extends Pick<
  ChartAdapter,
  'onCrosshair' | 'showCrosshairAt' | 'visibleMoments' | 'showMoments' | 'onVisibleRange' | 'momentOf'
> {
  destroy: () => void;
}

/** `badgeAt` gives the corporate actions of the badge at a point of the price pane. */
export function createChartCrosshair(
  chart: IChartApi,
  price: ISeriesApi<'Candlestick'>,
  state: ChartState,
  badgeAt: (point: { x: number; y: number }) => CrosshairCandle['actions'],
): ChartCrosshair {
  let destroyed = false;
  const crosshair = createEmitter<[CrosshairCandle | undefined]>();

  /** Index in the bars of the candle under the crosshair; over empty space, the nearest candle. */
  function indexUnder(param: MouseEventParams): number {
    const { bars } = state;
    if (!param.point || bars.length === 0) return -1;
    if (param.time !== undefined) return indexAtChartTime(state.times, param.time as number);
    if (param.logical === undefined) return -1;
    return Math.max(0, Math.min(bars.length - 1, state.offset + Math.round(param.logical)));
  }

  /** This chart's time of a moment: a daily chart takes another daily chart's date as it is. */
  const chartTimeOfMoment = (moment: ChartMoment): number => (!state.axis.intraday && moment.day !== undefined ? moment.day : state.timeOf(moment.ms));

  const momentOf = (chartTime: number): ChartMoment => {
    const ms = msOfChartTime(state, chartTime);
    return state.axis.intraday ? { ms } : { ms, day: chartTime };
  };

  const onCrosshairMove = (param: MouseEventParams): void => {
    const index = indexUnder(param);
    const candle = state.bars[index];
    const previous = state.bars[index - 1];
    const actions = param.point && param.paneIndex === 0 ? badgeAt(param.point) : undefined;
    crosshair.emit(candle ? { candle, ...(previous && { previous }), ...(actions && { actions }) } : undefined);
  };
  chart.subscribeCrosshairMove(onCrosshairMove);

  return {
    onCrosshair: crosshair.subscribe,
    showCrosshairAt(moment) {
      if (destroyed) return;
      const index = moment === undefined ? -1 : indexAtOrBefore(state.times, chartTimeOfMoment(moment));
      const candle = state.bars[index];
      if (!candle || index < state.offset) {
        chart.clearCrosshairPosition();
        crosshair.emit(undefined);
        return;
      }
      chart.setCrosshairPosition(candle.close, candle.time, price);
      const previous = state.bars[index - 1];
      crosshair.emit({ candle, ...(previous && { previous }) });
    },
    visibleMoments() {
      const range = chart.timeScale().getVisibleRange();
      return range ? { from: momentOf(range.from as number), to: momentOf(range.to as number) } : undefined;
    },
    showMoments(range) {
      if (destroyed || state.bars.length === 0) return;
      const from = chartTimeOfMoment(range.from);
      const to = chartTimeOfMoment(range.to);
      if (from < to) chart.timeScale().setVisibleRange({ from: from as UTCTimestamp, to: to as UTCTimestamp });
    },
    onVisibleRange(callback) {
      chart.timeScale().subscribeVisibleTimeRangeChange(callback);
      return () => {
        if (!destroyed) chart.timeScale().unsubscribeVisibleTimeRangeChange(callback);
      };
    },
    momentOf,
    destroy: () => {
      destroyed = true;
      crosshair.clear();
      chart.unsubscribeCrosshairMove(onCrosshairMove);
    },
  };
}
