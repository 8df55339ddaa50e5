/**
 * The main chart panel: interval bar, adjust toggle (stocks), display options and the candlestick
 * chart of the workspace's symbol, with its own loading and error states so a failure here leaves
 * the rest of the dashboard alone.
 */
import { memoTranslated, memoWithoutText } from '../../i18n/memo-translated';
import { t } from '../../i18n/t';
import { useLanguage } from '../../i18n/use-language';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { lazyWithPreload } from '../../components/lazy-with-preload';
import { ErrorNotice } from '../../components/ui/error-notice';
import type { Candle } from '#shared/candle.ts';
import { isStockInstrument } from '#shared/symbols.ts';
import { useDisplayZone } from '../../components/use-display-zone';
import { queryKeys } from '../../queries/query-keys';
import { useKlineIntervals } from './api/use-kline-intervals';
import { useKlineSeries } from '../../queries/use-kline-series';
import { useAppStore } from '../../store/app-store';
import { comparisonsId } from '../../store/compare-slice';
import { CandleChart, type CandleChartProps } from './candle-chart';
import type { ChartAdapter } from './chart-adapter';
import { ChartStatus as ChartStatusView } from './chart-status';
import { chartDataset } from './chart-identity';
import type { ChartExportRequest } from './export-button';
import type { Interval } from '#shared/contract.ts';
import { chartIntervals, IntervalBar } from './interval-bar';
import { ToolbarRow } from './toolbar-row';
import { createLiveCandle, withLive } from './live-candle';
import { useChartView } from './use-chart-view';
import { useLiveForming, type LiveFormingParams } from './use-live-forming';
import { createViewToolsHold } from './view-tools-hold';
import { wallClock } from '../../time/clock';

// The drawing tools load on demand after the first candle: nothing of them is on the first page.
const drawingLayer = lazyWithPreload(() => import('./drawings/drawing-layer').then((module) => module.DrawingLayer));
// A layout's other charts show the symbol's drawings too, without the tools.
const drawingsView = lazyWithPreload(() => import('./drawings/drawings-view').then((module) => module.DrawingsView));

// The comparisons' seams (button, legend slot) join the beside-chart chunk (vite.config.ts).
const CompareButton = memoTranslated(lazyWithPreload(() => import('./compare-button').then((module) => module.CompareButton)).Component);
// The legend's lines below the candle's (the indicators', the comparisons') join it too.
const LegendExtras = memoTranslated(lazyWithPreload(() => import('./legend-extras').then((module) => module.LegendExtras)).Component);
// The workspace symbol's open, ranges, turnover…: its own chunk, after the first candle, in a row kept from the first paint.
const QuoteStrip = lazyWithPreload(() => import('../../components/quote-strip/quote-strip').then((module) => module.QuoteStrip)).Component;
// The way back to the latest bar, go to date and reset, the older-history status (chart-view-tools): after the first candle too.
const ChartViewTools = memoTranslated(lazyWithPreload(() => import('./chart-view-tools').then((module) => module.ChartViewTools)).Component);
// The full-screen button, the adjustment, time zone and price scale controls: after the first
// candle (the header names the adjustment meanwhile); they pay for the side columns' folding on the first page.
const ChartToolbar = memoTranslated(lazyWithPreload(() => import('./chart-toolbar').then((module) => module.ChartToolbar)).Component);
const AdjustToggle = memoTranslated(lazyWithPreload(() => import('./adjust-toggle').then((module) => module.AdjustToggle)).Component);
const FullscreenButton = lazyWithPreload(() => import('./fullscreen-button').then((module) => module.FullscreenButton)).Component;
// Export: nothing to export before the first candle (it comes with the panels beside the chart).
const ExportButton = memoTranslated(lazyWithPreload(() => import('./export-button').then((module) => module.ExportButton)).Component);

// The panel renders at every move of the forming candle (each tick, each bar of a replay); its
// toolbar and status do not change with it. Memoized, they render only when their props do (a
// 2 × 2 replay at ten bars a second rendered 273 components a step before, 178 after).
const ChartStatus = memoTranslated(ChartStatusView);

// Leaves that hold what the panel itself does not draw: the intervals endpoint's answer and the
// quote feed's state render them alone, not the whole panel (a query's or a store's update is
// rendered synchronously, in one task: on a phone slowed 4×, 15–60 ms each while the page loads).

/** The interval bar, on the periods the intervals endpoint lists. */
const ListedIntervalBar = memoTranslated(function ListedIntervalBar({ value, onChange }: { value: Interval; onChange: (interval: Interval) => void }) {
  const listed = useKlineIntervals().data?.intervals;
  const intervals = useMemo(() => chartIntervals(listed), [listed]);
  return <IntervalBar intervals={intervals} value={value} onChange={onChange} />;
});

/** Moves the chart's forming candle with quotes (useLiveForming); draws nothing. */
const LiveForming = memoWithoutText(function LiveForming(params: LiveFormingParams) {
  useLiveForming(params);
  return null;
});

const NO_CANDLES: Candle[] = [];

export interface ChartPanelProps {
  /** The page has drawn its first candle (the drawing tools load then). */
  afterFirstCandle?: boolean;
  /** Which chart of the layout this is; without it, the workspace's (the active chart). */
  chartIndex?: number;
  /** The layout's active chart: it carries the workbench (drawings, alert lines, export). */
  active?: boolean;
  /** Hears the chart's adapter (a layout syncs its charts through it). */
  onAdapter?: CandleChartProps['onAdapter'];
}

export function ChartPanel({ afterFirstCandle = false, chartIndex, active = true, onAdapter }: ChartPanelProps) {
  useLanguage();
  // This chart's own surface, for the drawings of a chart that is not the active one.
  const [chartAdapter, setChartAdapter] = useState<ChartAdapter | undefined>(undefined);
  const surface = chartAdapter?.surface;
  const hearAdapter = useCallback(
    (adapter: ChartAdapter | undefined) => {
      setChartAdapter(adapter);
      onAdapter?.(adapter);
    },
    [onAdapter],
  );
  const { symbol, type, interval, adjust, setInterval, setAdjust, indicators, setIndicators } = useChartView(chartIndex);
  const theme = useAppStore((state) => state.preferences.theme);
  const colors = useAppStore((state) => state.preferences.colors);
  const scale = useAppStore((state) => state.preferences.scale);
  const setZone = useAppStore((state) => state.setZone);
  const setScale = useAppStore((state) => state.setScale);
  // The chart's comparisons are kept with its slot of the layout.
  const chartId = useAppStore((state) => comparisonsId(chartIndex ?? state.layout.active));
  const compared = useAppStore((state) => state.comparisons[chartId]?.length ?? 0);
  // While symbols are compared the scale is percent; the user's own choice comes back after.
  const shownScale = compared > 0 ? 'percent' : scale;
  // A bare code opened without its type (a link to AU2612) takes its market from the ticker.
  const { zone, marketTimeZone, timeZone } = useDisplayZone(symbol, type);

  const series = useKlineSeries({ symbol, interval, adjust, ...(type && { type }) });
  const { error, isLoading, fetchOlder, hasOlder, isFetchingOlder } = series;
  // Without history (its request failed) a lone forming candle is no chart: show the error instead.
  const historyFailed = error !== null && series.candles.length <= (series.forming ? 1 : 0);
  const candles = historyFailed ? NO_CANDLES : series.candles;
  const isStock = isStockInstrument(symbol, type);
  // The series' own: read again only when its history changes, not at every move of the forming candle.
  const { decimals } = series;
  const dataset = chartDataset(symbol, type, interval);

  // The forming candle moved by quotes between reconciles, outside React state.
  const [live] = useState(createLiveCandle);

  const queryClient = useQueryClient();
  const retry = useCallback(() => {
    void queryClient.refetchQueries({ queryKey: queryKeys.klines.all, type: 'active' });
  }, [queryClient]);
  // Read when an export runs: the candles as drawn at that moment (the forming one as quotes left it).
  const exportRequest = useCallback(
    (): ChartExportRequest => ({
      description: { symbol, interval, adjust: isStock ? adjust : undefined, timeZone, exportedAt: wallClock.now() },
      candles: withLive(candles, live.get(), dataset),
      theme,
      colors,
    }),
    [symbol, interval, isStock, adjust, timeZone, candles, live, dataset, theme, colors],
  );
  const drawingProps = { symbol, exFactors: series.exFactors, adjust, adjustedLocally: series.adjustSource === 'local', theme, decimals };
  const [viewToolsHold] = useState(createViewToolsHold);
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => (panel.current ? viewToolsHold.listen(panel.current, active) : undefined), [active, viewToolsHold]);
  const needOlder = useCallback(() => {
    if (hasOlder && !isFetchingOlder) fetchOlder();
  }, [fetchOlder, hasOlder, isFetchingOlder]);

  return (
    // The panel's, toolbar's and chart box's classes are in src/app/layout.css: index.html's static
    // shell lays out the same boxes, and the early chart is drawn into its chart box.
    <div ref={panel} className="chart-panel" data-main={active || undefined}>
      <ToolbarRow>
        <ListedIntervalBar value={interval} onChange={setInterval} />
        {afterFirstCandle && (
          <Suspense fallback={null}>
            {isStock && <AdjustToggle value={adjust} onChange={setAdjust} source={series.adjustSource} />}
            <ChartToolbar
              zone={zone}
              onZoneChange={setZone}
              scale={shownScale}
              onScaleChange={setScale}
              indicators={indicators}
              onIndicatorsChange={setIndicators}
            />
          </Suspense>
        )}
        <Suspense fallback={null}>
          <CompareButton chartId={chartId} symbol={symbol} compared={compared} />
        </Suspense>
        {afterFirstCandle && (
          <Suspense fallback={null}>
            <ExportButton request={exportRequest} />
            {active && <FullscreenButton />}
          </Suspense>
        )}
      </ToolbarRow>
      {chartIndex === undefined && (
        <div className="h-4 shrink-0 overflow-hidden">
          <Suspense fallback={null}>{afterFirstCandle && <QuoteStrip />}</Suspense>
        </div>
      )}
      {error && candles.length > 0 && <ErrorNotice error={error} onRetry={retry} compact />}
      {/* The active chart's drawing tools get a column of their own, left of the chart box. */}
      <div className="chart-stage" data-tools={active || undefined}>
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
            main={active}
            onAdapter={hearAdapter}
            legendExtra={
              <Suspense fallback={null}>
                <LegendExtras chartIndex={chartIndex} adapter={chartAdapter} ready={afterFirstCandle} />
              </Suspense>
            }
          />
          {afterFirstCandle && candles.length > 0 && surface && (
            <Suspense fallback={null}>
              <ChartViewTools surface={surface} active={active} loadingOlder={isFetchingOlder} held={viewToolsHold} />
            </Suspense>
          )}
          <ChartStatus isLoading={isLoading} error={error} isEmpty={candles.length === 0} onRetry={retry} />
        </div>
        {afterFirstCandle && candles.length > 0 && (
          <Suspense fallback={null}>
            {active ? <drawingLayer.Component {...drawingProps} /> : surface && <drawingsView.Component surface={surface} {...drawingProps} />}
          </Suspense>
        )}
      </div>
      <LiveForming
        live={live}
        dataset={dataset}
        symbol={symbol}
        type={type}
        interval={interval}
        base={historyFailed ? undefined : series.quoteBase}
        adjustForming={series.adjustForming}
        refetchForming={series.refetchForming}
      />
    </div>
  );
}
