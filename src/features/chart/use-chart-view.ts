/**
 * What one chart of the layout shows and how its toolbar changes it. Without an index (or for the
 * active chart) that is the workspace, which mirrors the active chart; another chart reads and
 * writes its own slot of the layout.
 */
import { useCallback } from 'react';
import type { AdjustMode, Interval, ProductType } from '#shared/contract.ts';
import { useAppStore, type AppState } from '../../store/app-store';
import { setChartIndicators } from '../../store/chart-layout';
import type { IndicatorList } from '../../store/indicator-list';

export interface ChartViewControls {
  symbol: string;
  type: ProductType | undefined;
  interval: Interval;
  adjust: AdjustMode;
  setInterval: (interval: Interval) => void;
  setAdjust: (adjust: AdjustMode) => void;
  /** The chart's own list, else the preferences' (every chart's default). */
  indicators: IndicatorList;
  /**
   * In a layout of several charts a chart's indicators are its own; with one chart they are the
   * preferences' unless that chart was given its own in a layout.
   */
  setIndicators: (list: IndicatorList) => void;
}

export function useChartView(chartIndex: number | undefined): ChartViewControls {
  const view = (state: AppState) => (chartIndex === undefined ? state.workspace : (state.layout.charts[chartIndex] ?? state.workspace));
  const symbol = useAppStore((state) => view(state).symbol);
  const type = useAppStore((state) => view(state).type);
  const interval = useAppStore((state) => view(state).interval);
  const adjust = useAppStore((state) => view(state).adjust);
  const setChartInterval = useAppStore((state) => state.setChartInterval);
  const setChartAdjust = useAppStore((state) => state.setChartAdjust);
  const setActiveInterval = useAppStore((state) => state.setInterval);
  const setActiveAdjust = useAppStore((state) => state.setAdjust);
  const slot = useAppStore((state) => chartIndex ?? state.layout.active);
  const own = useAppStore((state) => state.layout.charts[slot]?.indicators);
  const shared = useAppStore((state) => state.preferences.indicators);
  const ownList = useAppStore((state) => state.layout.kind !== '1' || own !== undefined);
  const updateLayout = useAppStore((state) => state.updateLayout);
  const setPreferred = useAppStore((state) => state.setIndicators);
  // Stable while the chart's slot is: the toolbar's controls are memoized (chart-panel.tsx), and
  // a new function each render would render them again at every move of the forming candle.
  const setIndicators = useCallback(
    (list: IndicatorList) => {
      if (ownList) updateLayout((layout) => setChartIndicators(layout, slot, list));
      else setPreferred(list);
    },
    [ownList, updateLayout, slot, setPreferred],
  );
  const setInterval = useCallback(
    (next: Interval) => {
      if (chartIndex === undefined) setActiveInterval(next);
      else setChartInterval(chartIndex, next);
    },
    [chartIndex, setActiveInterval, setChartInterval],
  );
  const setAdjust = useCallback(
    (next: AdjustMode) => {
      if (chartIndex === undefined) setActiveAdjust(next);
      else setChartAdjust(chartIndex, next);
    },
    [chartIndex, setActiveAdjust, setChartAdjust],
  );
  return { symbol, type, interval, adjust, indicators: own ?? shared, setIndicators, setInterval, setAdjust };
}
