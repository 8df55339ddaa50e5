/**
 * What the chart's legend lists below the candle's: the indicators' legends, once the first
 * candle is drawn (their code loads then, on its own), and the comparisons'. In the beside-chart
 * chunk, reading the chart's view itself: the first page carries only the one lazy import of it.
 */
import { Suspense } from 'react';
import { lazyWithPreload } from '../../components/lazy-with-preload';
import { useAppStore } from '../../store/app-store';
import { comparisonsId } from '../../store/compare-slice';
import type { ChartAdapter } from './chart-adapter';
import { CompareSlot } from './compare-button';
import { useChartView } from './use-chart-view';

const IndicatorLegends = lazyWithPreload(() => import('./indicator-legends').then((module) => module.IndicatorLegends)).Component;

interface LegendExtrasProps {
  /** Which chart of the layout (ChartPanel's). */
  chartIndex: number | undefined;
  adapter: ChartAdapter | undefined;
  /** The page has drawn its first candle. */
  ready: boolean;
}

export function LegendExtras({ chartIndex, adapter, ready }: LegendExtrasProps) {
  const { symbol, type, interval, adjust, indicators, setIndicators } = useChartView(chartIndex);
  const chartId = useAppStore((state) => comparisonsId(chartIndex ?? state.layout.active));
  return (
    <>
      <Suspense fallback={null}>{ready && adapter && <IndicatorLegends adapter={adapter} list={indicators} onChange={setIndicators} />}</Suspense>
      <CompareSlot chartId={chartId} surface={adapter?.surface} symbol={symbol} type={type} interval={interval} adjust={adjust} />
    </>
  );
}
