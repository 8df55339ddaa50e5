/**
 * The chart canvas: owns the adapter (created once per container through a callback ref, destroyed
 * with it), keeps it in step with the settings, feeds it the candles and shows the legend of the
 * candle under the crosshair (or of the last one).
 */
import { t } from '../../i18n/t';
import { useLanguage } from '../../i18n/use-language';
import { startTransition, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { AdjustFactor } from '#shared/adjust.ts';
import type { Candle } from '#shared/candle.ts';
import type { Interval } from '#shared/contract.ts';
import { chartTimeMapper, displayTimeZone, fromChartTime, toChartSeries, toChartTime, type DisplayZone } from '../../lib/time-mapper';
import { zoneLabel } from '../../lib/zone-label';
import type { ColorConvention, IndicatorList, PriceScaleMode, Theme } from '../../store/preferences-slice';
import { createChartAdapter, type ChartAdapter, type CrosshairCandle, type TimeAxis } from './chart-adapter';
import { timeAxisOf } from './chart-identity';
import { ChartLegend } from './chart-legend';
import type { ActionMarker } from './corporate-actions';
import type { LegendAction } from './legend-actions';
import { chartPalette } from './chart-palette';
import { mainChartSurface, publishMainChartSurface } from './chart-surface';
import { adoptEarlyChart } from './early-chart';
import { indicatorSummary } from './indicator-data';
import { lastWithLive, type LiveCandle, type LiveValue } from './live-candle';
import { formatChartTime } from './series-data';
import { HIDDEN_DATE } from '../../lib/hidden-date';
import { useDatesHidden } from '../../queries/use-dates-hidden';
import { axisKeyOf, useCandleFeed, type DrawnCandles } from './use-candle-feed';
import { withOnDemandStyles } from '../../styles/on-demand-styles';

export interface CandleChartProps {
  /** Identity of the series (symbol, type, interval): a change opens a fresh view. */
  dataset: string;
  /** Accessible name of the chart, e.g. "AAPL.US 1d candlestick chart". */
  label: string;
  candles: readonly Candle[];
  exFactors: readonly AdjustFactor[];
  interval: Interval;
  zone: DisplayZone;
  /** IANA zone of the symbol's market. */
  marketTimeZone: string;
  decimals: number;
  theme: Theme;
  colors: ColorConvention;
  scale: PriceScaleMode;
  indicators: IndicatorList;
  /** Called when the view reaches the oldest loaded candle (the caller decides whether to load). */
  onNeedOlder: () => void;
  /** The oldest loaded candle is the instrument's first: the view stops there. */
  historyComplete?: boolean;
  /** The forming candle as quotes move it (drawn and shown in the legend without re-rendering the chart). */
  live?: LiveCandle;
  /** The chart the workbench works on (drawings, alert lines, export): the layout's active one. */
  main?: boolean;
  /** Hears the adapter once made and undefined when gone (a layout syncs its charts through it). */
  onAdapter?: (adapter: ChartAdapter | undefined) => void;
  /** More legend lines below the candle's (the comparisons'). */
  legendExtra?: ReactNode;
}

export function CandleChart(props: CandleChartProps) {
  const { candles, interval, zone, marketTimeZone, decimals, theme, colors, scale, indicators, onNeedOlder } = props;
  const axis = useMemo<TimeAxis>(() => timeAxisOf(interval, zone, marketTimeZone), [zone, marketTimeZone, interval]);
  const [adapter, setAdapter] = useState<ChartAdapter | undefined>(undefined);
  const language = useLanguage();
  const [hit, setHit] = useState<CrosshairCandle | undefined>(undefined);
  // A candle hovered in another series is no longer on the chart.
  const [hitDataset, setHitDataset] = useState(props.dataset);
  if (hitDataset !== props.dataset) {
    setHitDataset(props.dataset);
    setHit(undefined);
  }

  // The dataset the canvas first shows: an early chart of it (drawn before React) is taken over.
  const firstDataset = useRef(props.dataset);
  const [drawnEarly, setDrawnEarly] = useState<DrawnCandles | undefined>(undefined);
  // Created with neutral settings: the effects below apply the real ones as soon as it exists.
  const containerRef = useCallback((element: HTMLDivElement | null) => {
    if (!element) return undefined;
    const early = adoptEarlyChart(firstDataset.current, element);
    const created =
      early?.adapter ??
      createChartAdapter(element, {
        zone: 'utc',
        marketTimeZone: 'UTC',
        intraday: false,
        periodic: false,
        theme: 'dark',
        colors: 'green-up',
        scale: 'normal',
        indicators: [],
        decimals: 2,
      });
    const handOver = () => {
      if (early) setDrawnEarly({ adapter: early.adapter, dataset: firstDataset.current, axisKey: axisKeyOf(early.axis), candles: early.candles });
      setAdapter(created);
    };
    // An update made in a ref callback is synchronous (React commits at a discrete priority), and
    // React then runs every passive effect of the commit and renders again inside the commit's own
    // task: for the app's first commit, a 100 ms task on a phone slowed 4×. An adopted early chart
    // already shows its candles with the user's settings, so React takes it over as a transition,
    // in tasks of its own. A new chart is set up at once (its real settings and candles come with
    // that render: no frame of a neutral chart).
    if (early) startTransition(handOver);
    else handOver();
    return () => {
      if (mainChartSurface() === created.surface) publishMainChartSurface(undefined);
      created.destroy();
      early?.element.remove();
      setAdapter(undefined);
    };
  }, []);

  const main = props.main ?? true;
  useEffect(() => {
    if (!adapter || !main) return undefined;
    publishMainChartSurface(adapter.surface);
    return () => {
      if (mainChartSurface() === adapter.surface) publishMainChartSurface(undefined);
    };
  }, [adapter, main]);
  const { onAdapter } = props;
  useEffect(() => {
    if (!adapter || !onAdapter) return undefined;
    onAdapter(adapter);
    return () => {
      onAdapter(undefined);
    };
  }, [adapter, onAdapter]);
  useEffect(() => {
    adapter?.setColors(theme, colors);
  }, [adapter, theme, colors]);
  useEffect(() => {
    adapter?.setLocale(language === 'en' || language === 'pseudo' ? 'en-US' : language);
  }, [adapter, language]);
  const datesHidden = useDatesHidden();
  useEffect(() => {
    adapter?.setDatesHidden(datesHidden);
  }, [adapter, datesHidden]);
  useEffect(() => {
    adapter?.setScaleMode(scale);
  }, [adapter, scale]);
  useEffect(() => {
    adapter?.setIndicators(indicators);
  }, [adapter, indicators]);
  useEffect(() => {
    adapter?.setPrecision(decimals);
  }, [adapter, decimals]);
  const historyComplete = props.historyComplete ?? false;
  useEffect(() => {
    adapter?.setHistoryComplete(historyComplete);
  }, [adapter, historyComplete]);
  useEffect(() => {
    if (!adapter) return undefined;
    const offCrosshair = adapter.onCrosshair((next) => {
      setHit((current) => (current?.candle === next?.candle ? current : next));
    });
    const offOlder = adapter.onNeedOlder(onNeedOlder);
    return () => {
      offCrosshair();
      offOlder();
    };
  }, [adapter, onNeedOlder]);
  useCandleFeed({ adapter, dataset: props.dataset, candles, axis, exFactors: props.exFactors, live: props.live, drawnBefore: drawnEarly });

  const palette = chartPalette(theme, colors);
  const style = interval === '1M' ? 'month' : axis.intraday ? 'minute' : 'day';
  const summary = indicatorSummary(indicators);
  const actionsCode = useActionsCode(props.exFactors.length > 0);
  // The markers read the candles' times only: a moving forming candle (each tick, each replay
  // step) leaves them; a new candle, an older page or another series changes one of these three.
  const candleCount = candles.length;
  const firstTime = candles[0]?.time;
  const lastTime = candles.at(-1)?.time;
  const markers = useMemo(() => {
    // Without actions there is nothing to map: the first picture need not wait for every candle's time.
    if (props.exFactors.length === 0 || !actionsCode) return NO_MARKERS;
    // One Intl lookup per quarter hour of the zone's offsets, not per candle (as the adapter maps them).
    const timeOf = chartTimeMapper(zone, marketTimeZone);
    const times = toChartSeries(candles, zone, marketTimeZone).map((candle) => candle.time);
    return actionsCode.actionMarkers(props.exFactors, times, axis.periodic, timeOf);
    // The language too: the markers carry their words ("Split 4:1"), which t reads in the active one.
  }, [actionsCode, props.exFactors, candleCount, firstTime, lastTime, zone, marketTimeZone, axis.periodic, language]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <div className="absolute inset-0">
      <div
        ref={containerRef}
        data-testid="main-chart"
        role="img"
        aria-label={summary ? t('{label} with {summary}', { label: props.label, summary }) : props.label}
        className="absolute inset-0"
      />
      {/* Below the toolbar's More while it lies unfolded over the chart's top. */}
      <div
        className="pointer-events-none absolute left-2 z-10 max-w-[calc(100%-5.5rem)] rounded bg-white/70 px-1 dark:bg-slate-900/70"
        style={{ top: 'calc(.25rem + var(--toolbar-overhang, 0px))' }}
      >
        <CandleLegend
          hit={hit}
          candles={candles}
          live={props.live}
          dataset={props.dataset}
          zone={zone}
          marketTimeZone={marketTimeZone}
          markers={markers}
          actionsCode={actionsCode}
          decimals={decimals}
          style={style}
          upColor={palette.up}
          downColor={palette.down}
          datesHidden={datesHidden}
        />
        {props.legendExtra}
      </div>
    </div>
  );
}

/** The candle's time as the axis reads it; a clock time names its zone ("2026-11-25 10:30 UTC+8"). */
function legendTime(seconds: number, style: 'minute' | 'day' | 'month', zone: DisplayZone, marketTimeZone: string, datesHidden: boolean): string {
  if (datesHidden && style !== 'minute') return HIDDEN_DATE;
  // While dates are hidden (a blind replay), the clock time alone.
  const text = datesHidden ? formatChartTime(seconds, style).slice(-5) : formatChartTime(seconds, style);
  if (style !== 'minute') return text;
  return `${text} ${zoneLabel(fromChartTime(seconds, zone, marketTimeZone), displayTimeZone(zone, marketTimeZone))}`;
}

type ActionsCode = typeof import('./legend-actions');
const NO_MARKERS: readonly ActionMarker[] = [];

/**
 * The corporate actions' code (their badges' and the legend's words), loaded once a chart has
 * actions to show: after the first candle, in the chunk beside the chart with the badges, not on
 * the first page.
 */
function useActionsCode(needed: boolean): ActionsCode | undefined {
  const [code, setCode] = useState<ActionsCode | undefined>(undefined);
  useEffect(() => {
    if (!needed || code) return;
    withOnDemandStyles(import('./legend-actions')).then(
      (loaded) => {
        setCode(loaded);
      },
      () => undefined,
    );
  }, [needed, code]);
  return code;
}

function legendAction(marker: ActionMarker, factorText: ActionsCode['factorText'] | undefined, date?: string): LegendAction {
  return { ...(date !== undefined && { date }), text: marker.text, factors: factorText ? marker.factors.map(factorText) : [] };
}

const NO_LIVE = (): LiveValue | undefined => undefined;
const NO_SUBSCRIPTION = () => () => undefined;

interface CandleLegendProps {
  hit: CrosshairCandle | undefined;
  candles: readonly Candle[];
  live: LiveCandle | undefined;
  dataset: string;
  zone: DisplayZone;
  marketTimeZone: string;
  markers: readonly ActionMarker[];
  /** How a factor reads and the legend's lines of actions, once the actions' code is here. */
  actionsCode: ActionsCode | undefined;
  decimals: number;
  style: 'minute' | 'day' | 'month';
  upColor: string;
  downColor: string;
  datesHidden: boolean;
}

/**
 * The legend of the candle under the crosshair, or of the last one, live: only this small part
 * re-renders when quotes move the forming candle, never the chart.
 */
function CandleLegend({
  hit,
  candles,
  live,
  dataset,
  zone,
  marketTimeZone,
  markers,
  actionsCode,
  decimals,
  style,
  upColor,
  downColor,
  datesHidden,
}: CandleLegendProps) {
  const factorText = actionsCode?.factorText;
  const liveValue = useSyncExternalStore(live?.subscribe ?? NO_SUBSCRIPTION, live?.get ?? NO_LIVE);
  const { last, previous } = hit ? {} : lastWithLive(candles, liveValue, dataset);
  const shown = hit ?? (last && { candle: { ...last, time: toChartTime(last.time, zone, marketTimeZone) }, previous });
  // The badge under the crosshair lists its events, dated; otherwise the shown candle's own action.
  const marker = shown ? markers.find((item) => item.time === shown.candle.time) : undefined;
  const actions = hit?.actions
    ? hit.actions.map((item) => legendAction(item, factorText, datesHidden ? undefined : formatChartTime(item.time, style)))
    : marker && [legendAction(marker, factorText)];
  return (
    <ChartLegend
      candle={shown?.candle}
      previous={shown?.previous}
      decimals={decimals}
      {...(shown && { timeLabel: legendTime(shown.candle.time, style, zone, marketTimeZone, datesHidden) })}
      upColor={upColor}
      downColor={downColor}
    >
      {actions && actionsCode && <actionsCode.LegendActions actions={actions} />}
    </ChartLegend>
  );
}
