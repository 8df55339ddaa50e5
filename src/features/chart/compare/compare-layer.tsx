/**
 * The comparisons of one chart (loaded on demand while it has any): each compared symbol's candles
 * from the same queries the chart uses (cached and shared), moved by its quotes like the chart's
 * forming candle; the lines drawn over the candles by a primitive of the price series; and their
 * percents from the first visible candle in the legend, at the candle under the crosshair (or the
 * last one). Rendered inside the chart's legend box: only the legend rows show.
 */
import { t } from '../../../i18n/t';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { MouseEventParams } from 'lightweight-charts';
import type { Candle } from '#shared/candle.ts';
import type { AdjustMode, Interval, ProductType } from '#shared/contract.ts';
import { isStockInstrument, normalizeSymbol } from '#shared/symbols.ts';
import { useDisplayZone } from '../../../components/use-display-zone';
import { formatPercent } from '../../../lib/format';
import { createCell } from '../../../lib/observable';
import { useInstrumentTimeZone } from '../../../queries/use-instrument-type';
import { useKlineSeries } from '../../../queries/use-kline-series';
import { useAppStore } from '../../../store/app-store';
import type { Theme } from '../../../store/preferences-slice';
import { chartDataset } from '../chart-identity';
import type { ChartSurface } from '../chart-surface';
import { createLiveCandle, withLive } from '../live-candle';
import { useLiveForming } from '../use-live-forming';
import { alignmentOf, type Alignment } from './compare-align';
import { CompareOverlay, type CompareSource } from './compare-overlay';

interface Feed {
  candles: readonly Candle[];
  alignment: Alignment;
  failed: boolean;
}

const NONE: readonly string[] = [];
/** A compared history stops growing here (a 24-hour market's minutes behind a stock's months would be pages on pages). */
const MAX_COMPARED_CANDLES = 20_000;
/** Media px from the legend's left edge past the collapsed drawing tools' button (drawings/ui-style's column at left-2). */
const DRAWING_BUTTON_CLEARANCE = 36;
const COLOURS = {
  dark: ['#facc15', '#c084fc', '#fb923c', '#f9a8d4', '#f1f5f9'],
  light: ['#ca8a04', '#9333ea', '#ea580c', '#db2777', '#0f172a'],
} as const;

/** The compared lines' colours by position (the order they were added), apart from the indicators' and the candles'. */
export function compareColour(theme: Theme, index: number): string {
  const list = COLOURS[theme];
  return list[index % list.length] ?? list[0];
}
const NO_CANDLES: readonly Candle[] = [];

/**
 * The comparisons of chart `chartId` over its symbol, interval and adjustment (compared
 * stocks are adjusted alike); daily candles meet by the dates of the chart's market.
 */
export interface ComparedChart {
  chartId: string;
  /** The chart's own surface (a layout's chart, active or not). */
  surface: ChartSurface | undefined;
  symbol: string;
  type: ProductType | undefined;
  interval: Interval;
  adjust: AdjustMode;
}

/**
 * A scale chosen while symbols are compared is kept for afterwards; meanwhile the chart stays on
 * percent, and says why (the choice seemed to do nothing).
 */
function useScaleNotice(): void {
  useEffect(
    () =>
      useAppStore.subscribe((state, previous) => {
        const { scale } = state.preferences;
        if (scale === previous.preferences.scale || scale === 'percent') return;
        state.pushNotice('info', () => t('The scale stays on percent while symbols are compared; yours comes back when they are removed.'));
      }),
    [],
  );
}

export function CompareLayer({ chartId, surface, symbol, type, interval, adjust }: ComparedChart) {
  useScaleNotice();
  const theme = useAppStore((state) => state.preferences.theme);
  const { marketTimeZone } = useDisplayZone(symbol, type);
  const stored = useAppStore((state) => state.comparisons[chartId] ?? NONE);
  // The chart's own symbol is not compared with itself (the chart switched to a compared symbol):
  // it is left out while the chart shows it and comes back when the chart moves on; each keeps the
  // colour of its place in the list.
  const compared = useMemo(
    () => stored.map((item, index) => ({ item, colour: compareColour(theme, index) })).filter(({ item }) => normalizeSymbol(item) !== normalizeSymbol(symbol)),
    [stored, symbol, theme],
  );
  // The chart's first candle (ms): the compared histories are loaded back to it.
  const mainStart = useSyncExternalStore(
    useCallback((listener: () => void) => surface?.onDataChange(listener) ?? (() => undefined), [surface]),
    () => surface?.candles()[0]?.time,
  );
  const overlay = useMemo(() => surface && new CompareOverlay(surface), [surface]);
  useEffect(() => {
    if (!surface || !overlay) return undefined;
    surface.priceSeries.attachPrimitive(overlay);
    return () => {
      surface.priceSeries.detachPrimitive(overlay);
    };
  }, [surface, overlay]);

  const [feeds, setFeeds] = useState<Record<string, Feed | undefined>>({});
  const onFeed = useCallback((key: string, feed: Feed | undefined) => {
    setFeeds((current) => ({ ...current, [key]: feed }));
  }, []);
  const sources = useMemo(
    (): CompareSource[] =>
      compared.map(({ item, colour }) => {
        const feed = feeds[item];
        return { colour, candles: feed?.candles ?? NO_CANDLES, alignment: feed?.alignment };
      }),
    [compared, feeds],
  );
  useEffect(() => {
    overlay?.show(sources);
  }, [overlay, sources]);

  return (
    <>
      {compared.map(({ item }) => (
        <ComparedFeed key={item} symbol={item} interval={interval} adjust={adjust} mainZone={marketTimeZone} mainStart={mainStart} onFeed={onFeed} />
      ))}
      {overlay && surface && (
        <CompareLegend
          overlay={overlay}
          surface={surface}
          symbol={symbol}
          rows={compared.map(({ item, colour }) => ({ symbol: item, colour, feed: feeds[item] }))}
        />
      )}
    </>
  );
}

interface ComparedFeedProps {
  symbol: string;
  interval: Interval;
  adjust: AdjustMode;
  mainZone: string;
  /** The chart's first candle (ms): older pages are loaded until the compared history reaches it. */
  mainStart: number | undefined;
  onFeed: (symbol: string, feed: Feed | undefined) => void;
}

/** One compared symbol's candles (history, forming, quotes), handed up as they change. */
function ComparedFeed({ symbol, interval, adjust, mainZone, mainStart, onFeed }: ComparedFeedProps) {
  // The type chosen for a symbol listed under several (BTCUSD), as a watchlist's symbols open.
  const type = useAppStore((state) => state.symbolTypes[symbol]);
  const series = useKlineSeries({ symbol, interval, adjust: isStockInstrument(symbol, type) ? adjust : 'none', ...(type && { type }) });
  const zone = useInstrumentTimeZone(symbol, type);
  const dataset = chartDataset(symbol, type, interval);
  const [live] = useState(createLiveCandle);
  useLiveForming({ live, dataset, symbol, type, interval, base: series.quoteBase, adjustForming: series.adjustForming, refetchForming: series.refetchForming });
  const liveValue = useSyncExternalStore(live.subscribe, live.get);
  const candles = useMemo(() => withLive(series.candles, liveValue, dataset), [series.candles, liveValue, dataset]);
  const alignment = useMemo(() => alignmentOf(interval, mainZone, zone), [interval, mainZone, zone]);
  const { fetchOlder } = series;
  const first = series.candles[0]?.time;
  const count = series.candles.length;
  useEffect(() => {
    if (mainStart !== undefined && first !== undefined && first > mainStart && count < MAX_COMPARED_CANDLES) fetchOlder();
  }, [mainStart, first, count, fetchOlder]);
  const failed = series.error !== null && series.candles.length === 0;
  useEffect(() => {
    onFeed(symbol, { candles, alignment, failed });
  }, [onFeed, symbol, candles, alignment, failed]);
  useEffect(
    () => () => {
      onFeed(symbol, undefined);
    },
    [onFeed, symbol],
  );
  return null;
}

interface LegendRow {
  symbol: string;
  colour: string;
  feed: Feed | undefined;
}

/**
 * The percents of the chart's symbol and of each compared one, at the candle under the crosshair
 * (or the last), from the first visible candle: read again whenever the lines are drawn.
 */
function CompareLegend({ overlay, surface, symbol, rows }: { overlay: CompareOverlay; surface: ChartSurface; symbol: string; rows: readonly LegendRow[] }) {
  const [hovered] = useState(() => createHover(surface));
  const subscribe = useCallback(
    (listener: () => void) => {
      const offDrawn = overlay.onDrawn(listener);
      const offHover = hovered.subscribe(listener);
      return () => {
        offDrawn();
        offHover();
      };
    },
    [overlay, hovered],
  );
  // A string, so that a drawing that changed no percent renders nothing.
  const snapshot = useSyncExternalStore(subscribe, () => JSON.stringify(overlay.percentsAt(hovered.index())));
  useEffect(() => hovered.start(), [hovered]);
  const percents = JSON.parse(snapshot) as { main?: number | null; lines: (number | null | undefined)[] };
  // A line with candles but no value here (its market's hours never meet the chart's): a dash; none loaded yet: an ellipsis.
  const text = (value: number | null | undefined, feed?: Feed) => {
    if (feed?.failed) return t('No data');
    if (value !== null && value !== undefined) return formatPercent(value);
    return feed && feed.candles.length > 0 ? formatPercent(Number.NaN) : '…';
  };
  return (
    // Indented past the drawing tools' button, which sits at the chart's left edge below the candle's legend.
    <dl
      aria-label={t('Compared symbols')}
      data-testid="compare-legend"
      style={{ paddingLeft: DRAWING_BUTTON_CLEARANCE }}
      className="flex flex-wrap items-center gap-x-3 gap-y-0.5 text-xs text-slate-800 dark:text-slate-200"
    >
      <div className="flex gap-1" data-testid="compare-legend-row" data-symbol={symbol}>
        <dt>{symbol}</dt>
        <dd className="tabular-nums">{text(percents.main)}</dd>
      </div>
      {rows.map((row, i) => (
        <div key={row.symbol} className="flex gap-1" data-testid="compare-legend-row" data-symbol={row.symbol} style={{ color: row.colour }}>
          <dt>{row.symbol}</dt>
          <dd className="tabular-nums">{text(percents.lines[i], row.feed)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The chart bar under the crosshair (undefined: away, the last bar), as a small external store. */
function createHover(surface: ChartSurface) {
  const index = createCell<number | undefined>(undefined);
  const onMove = (param: MouseEventParams): void => {
    index.set(
      param.point && param.logical !== undefined
        ? Math.min(surface.candles().length - 1, Math.max(0, surface.firstIndex() + Math.round(param.logical)))
        : undefined,
    );
  };
  return {
    index: index.get,
    subscribe: index.subscribe,
    start() {
      surface.chart.subscribeCrosshairMove(onMove);
      return () => {
        surface.chart.unsubscribeCrosshairMove(onMove);
      };
    },
  };
}
