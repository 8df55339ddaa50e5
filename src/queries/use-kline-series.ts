/**
 * What the chart draws: the loaded history and the forming candle, merged, ascending, adjusted
 * (locally from ex-factors when the plan has them, by the service otherwise). When the forming
 * candle moves to a new period the previous one joins the history (see kline-history-cache).
 */
import { hashKey } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { AdjustMode, Interval, ProductType } from '#shared/contract.ts';
import type { AdjustFactor } from '#shared/adjust.ts';
import type { Candle } from '#shared/candle.ts';
import { adjustCandles, adjustSeries, mergeCandles } from '../lib/candles';
import { candlePrecision } from '../lib/candle-precision';
import { usePeriodFold } from './use-period-fold';
import { isStockSymbol } from '#shared/symbols.ts';
import { planAdjust, type AdjustSource } from './adjust-plan';
import { factorsStateOf } from './factors-state';
import type { KlineHistoryParams } from './kline-history-pages';
import { useAppServices } from './app-services-context';
import { historyKey, onFormingCandle } from './kline-history-cache';
import { factorsOf } from './ex-factors-query';
import { useExFactors } from './use-ex-factors';
import { useKlineHistory } from './use-kline-history';
import { useLatestKline } from './use-latest-kline';

export interface KlineSeriesParams {
  symbol: string;
  interval: Interval;
  adjust: AdjustMode;
  type?: ProductType;
}

export interface KlineSeriesResult {
  /** History and forming candle, ascending, adjusted as asked. */
  candles: Candle[];
  /** The forming (latest) candle, adjusted; also the last of `candles`. */
  forming: Candle | undefined;
  isLoading: boolean;
  /** The history's error, else the forming candle's. */
  error: Error | null;
  fetchOlder: () => void;
  hasOlder: boolean;
  isFetchingOlder: boolean;
  adjustSource: AdjustSource;
  /** The symbol's corporate-action factors (both directions), for markers; [] when unknown. */
  exFactors: AdjustFactor[];
  /**
   * The forming candle before local adjustment, for quotes (raw prices) to move; undefined while
   * there is none, or when the service adjusts the prices (quotes cannot be folded into those).
   */
  quoteBase: Candle | undefined;
  /** Price decimals of the instrument, read from the history (the forming candle without one). */
  decimals: number;
  /** The series' local adjustment, for a candle moved by quotes (identity when there is none). */
  adjustForming: (candle: Candle) => Candle;
  /** Asks the service for the forming candle again (reconcile, e.g. when pushes resume). */
  refetchForming: () => void;
}

const NO_FACTORS: AdjustFactor[] = [];
const NO_CANDLES: Candle[] = [];

export function useKlineSeries({ symbol, interval, adjust, type }: KlineSeriesParams): KlineSeriesResult {
  const isStock = type !== undefined ? type === 'stock' : isStockSymbol(symbol);
  const factorsQuery = useExFactors(isStock ? [symbol] : []);
  const plan = planAdjust(isStock, adjust, factorsStateOf(isStock, factorsQuery));
  const factors = factorsOf(factorsQuery.data, symbol) ?? NO_FACTORS;

  const requestAdjust = plan.requestAdjust;
  const params: KlineHistoryParams = useMemo(
    () => ({ symbol, interval, ...(requestAdjust && { adjust: requestAdjust }), ...(type && { type }) }),
    [symbol, interval, requestAdjust, type],
  );
  const history = useKlineHistory(params);
  const latest = useLatestKline(params);

  const rawHistory = history.data ?? NO_CANDLES;
  const rawForming = latest.data ?? undefined;
  const localAdjust = plan.source === 'local' ? adjust : 'none';

  // Adjusted prices keep the series' own decimals (two on a two-decimal stock, not the service's four).
  // The forming candle counts only without history: it moves at every tick, the history does not.
  const precisionFrom = rawHistory.length > 0 ? undefined : rawForming;
  const decimals = useMemo(() => candlePrecision(rawHistory.length > 0 ? rawHistory : precisionFrom ? [precisionFrom] : []), [rawHistory, precisionFrom]);
  const adjustedHistory = useMemo(() => adjustSeries(rawHistory, factors, localAdjust, decimals), [rawHistory, factors, localAdjust, decimals]);
  const adjustForming = useCallback((candle: Candle) => adjustCandles([candle], factors, localAdjust, decimals)[0] ?? candle, [factors, localAdjust, decimals]);
  const forming = useMemo(() => rawForming && adjustForming(rawForming), [rawForming, adjustForming]);
  // The render a new period's candle arrives in, the one it closed is not in the history yet
  // (useRollForming's effect puts it there after): drawn meanwhile, so no candle drops out of the
  // chart for one render and comes back in the next (each a whole redraw: at every bar of a replay).
  // Gated on data, not on success: a failed older page must not stop the history growing.
  const seen = history.data ? rawForming : undefined;
  const { feed } = useAppServices();
  const previousForming = usePreviousForming(hashKey(historyKey(feed.source, params)), seen);
  const rawClosed = closedAwaitingHistory(rawHistory, previousForming, seen);
  const closed = useMemo(() => rawClosed && adjustForming(rawClosed), [rawClosed, adjustForming]);
  const byRule = useMemo(
    () =>
      mergeCandles(
        adjustedHistory,
        [closed, forming].filter((candle) => candle !== undefined),
      ),
    [adjustedHistory, closed, forming],
  );
  const folded = usePeriodFold({ symbol, type, interval, direction: localAdjust, factors, decimals }, byRule);
  const candles = folded.candles;

  useRollForming(params, seen, previousForming);

  const { fetchNextPage, hasNextPage, isFetchingNextPage } = history;
  const fetchOlder = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [fetchNextPage, hasNextPage, isFetchingNextPage]);

  const { refetch: refetchLatest } = latest;
  const refetchForming = useCallback(() => {
    void refetchLatest();
  }, [refetchLatest]);
  const serviceAdjusted = plan.source === 'server' && adjust !== 'none';

  const isLoading = history.isPending || plan.waitingForFactors || folded.pending;
  return {
    candles: isLoading ? NO_CANDLES : candles,
    forming: isLoading ? undefined : forming,
    isLoading,
    error: history.error ?? latest.error ?? null,
    fetchOlder,
    hasOlder: hasNextPage,
    isFetchingOlder: isFetchingNextPage,
    adjustSource: plan.source,
    exFactors: factors,
    quoteBase: isLoading || serviceAdjusted ? undefined : rawForming,
    decimals,
    adjustForming,
    refetchForming,
  };
}

interface FormingSeen {
  key: string;
  forming: Candle | undefined;
  previous: Candle | undefined;
}

/** The forming candle seen before `forming` in the series `key` (its last value in its period, once a new period opened). */
function usePreviousForming(key: string, forming: Candle | undefined): Candle | undefined {
  const [seen, setSeen] = useState<FormingSeen>({ key, forming, previous: undefined });
  if (seen.key !== key) {
    setSeen({ key, forming, previous: undefined });
    return undefined;
  }
  if (forming && forming !== seen.forming) {
    const previous = seen.forming ?? seen.previous;
    setSeen({ key, forming, previous });
    return previous;
  }
  return seen.previous;
}

/** The candle `forming` closed, while the history does not hold it yet (onFormingCandle's roll rule). */
export function closedAwaitingHistory(history: readonly Candle[], previous: Candle | undefined, forming: Candle | undefined): Candle | undefined {
  const newest = history.at(-1)?.time;
  if (!previous || !forming || newest === undefined) return undefined;
  return previous.time > newest && previous.time < forming.time ? previous : undefined;
}

/** Hands every new forming candle, with the one seen before it in the same series, to the cache. */
function useRollForming(params: KlineHistoryParams, forming: Candle | undefined, previous: Candle | undefined): void {
  const services = useAppServices();
  useEffect(() => {
    if (forming) onFormingCandle(services, params, forming, previous);
  }, [services, params, forming, previous]);
}
