/**
 * What one chart of the layout shows and how its toolbar changes it. Without an index (or for the
 * active chart) that is the workspace, which mirrors the active chart; another chart reads and
 * writes its own slot of the layout.
 */
import type { AdjustMode, Interval, ProductType } from '#shared/contract.ts';
import { useAppStore, type AppState } from '../../store/app-store';

export interface ChartViewControls {
  symbol: string;
  type: ProductType | undefined;
  interval: Interval;
  adjust: AdjustMode;
  setInterval: (interval: Interval) => void;
  setAdjust: (adjust: AdjustMode) => void;
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
  return {
    symbol,
    type,
    interval,
    adjust,
    setInterval: chartIndex === undefined ? setActiveInterval : (next) => { setChartInterval(chartIndex, next); },
    setAdjust: chartIndex === undefined ? setActiveAdjust : (next) => { setChartAdjust(chartIndex, next); },
  };
}
