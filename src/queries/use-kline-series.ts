/**
 * What the chart draws: the loaded history and the forming candle, merged, ascending, adjusted
 * (locally from ex-factors when the plan has them, by the service otherwise). When the forming
 * candle moves to a new period the previous one joins the history (see kline-history-cache).
 */
import { hashKey } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { AdjustMode, Interval, ProductType } from '#shared/contract.ts';
import type { AdjustFactor } from '#shared/adjust.ts';
import type { Candle } from '#shared/candle.ts';
import { adjustCandles, mergeCandles } from '../lib/candles';
import { candlePrecision } from '../lib/candle-precision';
import { usePeriodFold } from './use-period-fold';
import { isStockSymbol } from '#shared/symbols.ts';
import { planAdjust, type AdjustSource, type FactorsState } from './adjust-plan';
import type { KlineHistoryParams } from './kline-history-pages';
import { useAppServices } from './app-services-context';
import { historyKey, onFormingCandle } from './kline-history-cache';
import { factorsOf, useExFactors } from './use-ex-factors';
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
  const factorsState: FactorsState = !isStock ? 'not-needed' : factorsQuery.isError ? 'failed' : factorsQuery.isSuccess ? 'ready' : 'pending';
  const plan = planAdjust(isStock, adjust, factorsState);
  const factors = factorsOf(factorsQuery.data, symbol) ?? NO_FACTORS;

  const params: KlineHistoryParams = {
    symbol,
    interval,
    ...(plan.requestAdjust && { adjust: plan.requestAdjust }),
    ...(type && { type }),
  };
  const history = useKlineHistory(params);
  const latest = useLatestKline(params);

  const rawHistory = history.data ?? NO_CANDLES;
  const rawForming = latest.data ?? undefined;
  const localAdjust = plan.source === 'local' ? adjust : 'none';

  // Adjusted prices keep the series' own decimals (two on a two-decimal stock, not the service's four).
  const decimals = useMemo(() => candlePrecision(rawHistory.length > 0 ? rawHistory : rawForming ? [rawForming] : []), [rawHistory, rawForming]);
  const adjustedHistory = useMemo(() => adjustCandles(rawHistory, factors, localAdjust, decimals), [rawHistory, factors, localAdjust, decimals]);
  const forming = useMemo(
    () => (rawForming ? adjustCandles([rawForming], factors, localAdjust, decimals)[0] : undefined),
    [rawForming, factors, localAdjust, decimals],
  );
  const byRule = useMemo(() => mergeCandles(adjustedHistory, forming ? [forming] : []), [adjustedHistory, forming]);
  const folded = usePeriodFold({ symbol, type, interval, direction: localAdjust, factors, decimals }, byRule);
  const candles = folded.candles;

  // Gated on data, not on success: a failed older page must not stop the history growing.
  useRollForming(symbol, interval, plan.requestAdjust, type, history.data ? rawForming : undefined);

  const { fetchNextPage, hasNextPage, isFetchingNextPage } = history;
  const fetchOlder = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [fetchNextPage, hasNextPage, isFetchingNextPage]);

  const adjustForming = useCallback((candle: Candle) => adjustCandles([candle], factors, localAdjust, decimals)[0] ?? candle, [factors, localAdjust, decimals]);
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
    adjustForming,
    refetchForming,
  };
}

/** Hands every new forming candle, with the one seen before it in the same series, to the cache. */
function useRollForming(symbol: string, interval: Interval, adjust: AdjustMode | undefined, type: ProductType | undefined, forming: Candle | undefined): void {
  const services = useAppServices();
  const previous = useRef<{ key: string; candle: Candle } | undefined>(undefined);
  useEffect(() => {
    if (!forming) return;
    const params: KlineHistoryParams = { symbol, interval, ...(adjust && { adjust }), ...(type && { type }) };
    const key = hashKey(historyKey(services.feed.source, params));
    const before = previous.current?.key === key ? previous.current.candle : undefined;
    previous.current = { key, candle: forming };
    onFormingCandle(services, params, forming, before);
  }, [services, symbol, interval, adjust, type, forming]);
}
