/**
 * The main chart panel: interval bar, adjust toggle (stocks), display options and the candlestick
 * chart of the workspace's symbol, with its own loading and error states so a failure here leaves
 * the rest of the dashboard alone.
 */
import { t } from '../../i18n/t';
import { useLanguage } from '../../i18n/use-language';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useCallback, useMemo, useState } from 'react';
import { lazyWithPreload } from '../../components/lazy-with-preload';
import { ErrorNotice } from '../../components/ui/error-notice';
import type { Candle } from '#shared/candle.ts';
import { isStockInstrument } from '#shared/symbols.ts';
import { useDisplayZone } from '../../components/use-display-zone';
import { queryKeys } from '../../queries/query-keys';
import { useKlineIntervals } from './api/use-kline-intervals';
import { useKlineSeries } from '../../queries/use-kline-series';
import { useAppStore } from '../../store/app-store';
import { MAIN_CHART } from '../../store/compare-slice';
import { AdjustToggle } from './adjust-toggle';
import { CandleChart } from './candle-chart';
import { candlePrecision } from './candle-precision';
import { ChartStatus } from './chart-status';
import { chartDataset } from './chart-identity';
import { ChartToolbar } from './chart-toolbar';
import { ExportButton, type ChartExportRequest } from './export-button';
import { chartIntervals, IntervalBar } from './interval-bar';
import { ToolbarRow } from './toolbar-row';
import { createLiveCandle, withLive } from './live-candle';
import { useLiveForming } from './use-live-forming';

// The drawing tools load on demand after the first candle: nothing of them is on the first page.
const drawingLayer = lazyWithPreload(() => import('./drawings/drawing-layer').then((module) => module.DrawingLayer));

// The comparisons' seams (button, legend slot) join the beside-chart chunk (vite.config.ts).
const CompareButton = lazyWithPreload(() => import('./compare-button').then((module) => module.CompareButton)).Component;
const CompareSlot = lazyWithPreload(() => import('./compare-button').then((module) => module.CompareSlot)).Component;

const NO_CANDLES: Candle[] = [];

/** `afterFirstCandle`: the page has drawn its first candle (the drawing tools load then). */
export function ChartPanel({ afterFirstCandle = false }: { afterFirstCandle?: boolean }) {
  useLanguage();
  const symbol = useAppStore((state) => state.workspace.symbol);
  const type = useAppStore((state) => state.workspace.type);
  const interval = useAppStore((state) => state.workspace.interval);
  const adjust = useAppStore((state) => state.workspace.adjust);
  const theme = useAppStore((state) => state.preferences.theme);
  const colors = useAppStore((state) => state.preferences.colors);
  const scale = useAppStore((state) => state.preferences.scale);
  const indicators = useAppStore((state) => state.preferences.indicators);
  const compared = useAppStore((state) => state.comparisons[MAIN_CHART]?.length ?? 0);
  // While symbols are compared the scale is percent; the user's own choice comes back after.
  const shownScale = compared > 0 ? 'percent' : scale;
  const { setInterval, setAdjust, setZone, setScale, setIndicators } = useActions();
  // A bare code opened without its type (a link to AU2612) takes its market from the ticker.
  const { zone, marketTimeZone, timeZone } = useDisplayZone(symbol, type);

  const listed = useKlineIntervals().data?.intervals;
  const intervals = useMemo(() => chartIntervals(listed), [listed]);
  const series = useKlineSeries({ symbol, interval, adjust, ...(type && { type }) });
  const { error, isLoading, fetchOlder, hasOlder, isFetchingOlder } = series;
  // Without history (its request failed) a lone forming candle is no chart: show the error instead.
  const historyFailed = error !== null && series.candles.length <= (series.forming ? 1 : 0);
  const candles = historyFailed ? NO_CANDLES : series.candles;
  const isStock = isStockInstrument(symbol, type);
  const decimals = useMemo(() => candlePrecision(candles), [candles]);
  const dataset = chartDataset(symbol, type, interval);

  // The forming candle moved by quotes between reconciles, outside React state.
  const [live] = useState(createLiveCandle);
  useLiveForming({
    live,
    dataset,
    symbol,
    type,
    interval,
    base: historyFailed ? undefined : series.quoteBase,
    adjustForming: series.adjustForming,
    refetchForming: series.refetchForming,
  });

  const queryClient = useQueryClient();
  const retry = useCallback(() => {
    void queryClient.refetchQueries({ queryKey: queryKeys.klines.all, type: 'active' });
  }, [queryClient]);
  // Read when an export runs: the candles as drawn at that moment (the forming one as quotes left it).
  const exportRequest = useCallback(
    (): ChartExportRequest => ({
      description: { symbol, interval, adjust: isStock ? adjust : undefined, timeZone, exportedAt: Date.now() },
      candles: withLive(candles, live.get(), dataset),
      theme,
      colors,
    }),
    [symbol, interval, isStock, adjust, timeZone, candles, live, dataset, theme, colors],
  );
  const needOlder = useCallback(() => {
    if (hasOlder && !isFetchingOlder) fetchOlder();
  }, [fetchOlder, hasOlder, isFetchingOlder]);

  return (
    // The panel's, toolbar's and chart box's classes are in src/app/layout.css: index.html's static
    // shell lays out the same boxes, and the early chart is drawn into its chart box.
    <div className="chart-panel">
      <ToolbarRow>
        <IntervalBar intervals={intervals} value={interval} onChange={setInterval} />
        {isStock && <AdjustToggle value={adjust} onChange={setAdjust} source={series.adjustSource} />}
        <ChartToolbar
          zone={zone}
          onZoneChange={setZone}
          scale={shownScale}
          onScaleChange={setScale}
          indicators={indicators}
          onIndicatorsChange={setIndicators}
        />
        <Suspense fallback={null}>
          <CompareButton chartId={MAIN_CHART} symbol={symbol} compared={compared} />
        </Suspense>
        <ExportButton request={exportRequest} />
      </ToolbarRow>
      {error && candles.length > 0 && <ErrorNotice error={error} onRetry={retry} compact />}
      <div className="chart-box">
        <CandleChart
          dataset={dataset}
          label={t('{symbol} {interval} candlestick chart', { symbol, interval })}
          candles={candles}
          exFactors={series.exFactors}
          interval={interval}
          zone={zone}
          marketTimeZone={marketTimeZone}
          decimals={decimals}
          theme={theme}
          colors={colors}
          scale={shownScale}
          indicators={indicators}
          onNeedOlder={needOlder}
          historyComplete={!isLoading && !hasOlder && candles.length > 0}
          live={live}
          legendExtra={
            <Suspense fallback={null}>
              <CompareSlot chartId={MAIN_CHART} />
            </Suspense>
          }
        />
        {isFetchingOlder && (
          <span role="status" className="pointer-events-none absolute bottom-9 left-2 z-10 rounded bg-white/70 px-1 text-xs text-slate-500 dark:bg-slate-900/70 dark:text-slate-400">
            {t('Loading older candles…')}
          </span>
        )}
        {afterFirstCandle && candles.length > 0 && (
          <Suspense fallback={null}>
            <drawingLayer.Component
              symbol={symbol}
              exFactors={series.exFactors}
              adjust={adjust}
              adjustedLocally={series.adjustSource === 'local'}
              theme={theme}
              decimals={decimals}
            />
          </Suspense>
        )}
        <ChartStatus isLoading={isLoading} error={error} isEmpty={candles.length === 0} onRetry={retry} />
      </div>
    </div>
  );
}

function useActions() {
  return {
    setInterval: useAppStore((state) => state.setInterval),
    setAdjust: useAppStore((state) => state.setAdjust),
    setZone: useAppStore((state) => state.setZone),
    setScale: useAppStore((state) => state.setScale),
    setIndicators: useAppStore((state) => state.setIndicators),
  };
}
