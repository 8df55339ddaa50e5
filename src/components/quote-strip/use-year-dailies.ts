/**
 * The completed daily candles of the last year for the quote strip's 52-week range: one request
 * (260 trading days) ending where the chart's newest history page ends (newestPageEnd), so every
 * browser asks the identical window all day and the server answers all but the first from its
 * cache. Today's part of the range comes from the ticker (quote-figures.ts). A stock's candles are
 * raw and adjusted forward here with the factors the chart reads too (the same query), so a split
 * inside the year draws no false low; without factors the service adjusts, as on the chart
 * (adjust-plan.ts). Not the chart's series hook: the strip needs no live candle, no paging and no
 * merging.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { AdjustMode, ProductType } from '#shared/contract.ts';
import type { Candle } from '#shared/candle.ts';
import { newestPageEnd } from '#shared/kline-window-policy.ts';
import { instrumentTimeZone } from '#shared/symbols.ts';
import { fetchKlines } from '../../api/kline-endpoints';
import { adjustCandles, toCandle } from '../../lib/candles';
import { planAdjust } from '../../queries/adjust-plan';
import { factorsStateOf } from '../../queries/factors-state';
import { useAppServices } from '../../queries/app-services-context';
import type { SnapshotFeed } from '../../queries/market-feed/market-feed';
import { queryKeys } from '../../queries/query-keys';
import { factorsOf } from '../../queries/ex-factors-query';
import { useExFactors } from '../../queries/use-ex-factors';
import { latestKlineQueryOptions } from '../../queries/use-latest-kline';

/** e2e/quote-strip-request.ts tells this request from the chart's history by it. */
const TRADING_DAYS = 260;
/** A completed window changes only with a corporate action (and then only when the service adjusts). */
const STALE_MS = 60 * 60_000;
const NO_SYMBOLS: string[] = [];

export interface YearWindow {
  symbol: string;
  type: ProductType | undefined;
  /** `end_time`: newestPageEnd of 1d at the data's clock, in the instrument's zone. */
  endTime: number;
  /** `adjust=` sent (stocks only): 'none' when the factors adjust here. */
  adjust: AdjustMode | undefined;
}

export function yearDailiesQueryOptions(feed: SnapshotFeed, { symbol, type, endTime, adjust }: YearWindow) {
  return queryOptions({
    // Under the K-lines' domain: whatever refreshes K-lines (a reconnect) refreshes it.
    queryKey: [...queryKeys.klines.all, feed.source, 'year', symbol, adjust ?? null, type ?? null, endTime],
    queryFn: async ({ signal }): Promise<Candle[]> => {
      const series = await fetchKlines(
        feed.api,
        { symbol, interval: '1d', limit: TRADING_DAYS, endTime, ...(adjust && { adjust }), ...(type && { type }) },
        { signal },
      );
      return series.klines.map(toCandle);
    },
    staleTime: STALE_MS,
  });
}

/** The completed dailies of the last year, forward-adjusted for stocks; undefined until known. */
export function useYearDailies(symbol: string, type: ProductType | undefined, stock: boolean): Candle[] | undefined {
  const { feed, clock } = useAppServices();
  const factorsQuery = useExFactors(stock ? [symbol] : NO_SYMBOLS);
  const plan = planAdjust(stock, 'forward', factorsStateOf(stock, factorsQuery));
  // Read at each render (the strip renders at every quote): a new day asks the new window.
  const endTime = newestPageEnd('1d', clock.now(), instrumentTimeZone(symbol, type));
  const raw = useQuery(yearDailiesQueryOptions(feed, { symbol, type, endTime, adjust: plan.requestAdjust })).data;
  const factors = plan.source === 'local' ? factorsOf(factorsQuery.data, symbol) : undefined;
  return useMemo(() => {
    if (!raw || plan.waitingForFactors) return undefined;
    return factors ? adjustCandles(raw, factors, 'forward') : raw;
  }, [raw, factors, plan.waitingForFactors]);
}

/**
 * The forming daily candle, for a future's live open interest (`wanted`): the chart's own query
 * when it shows 1d, else the same reconcile once a minute.
 */
export function useFormingDaily(symbol: string, type: ProductType | undefined, wanted: boolean): Candle | undefined {
  const { feed, clock } = useAppServices();
  const options = latestKlineQueryOptions(feed, clock, { symbol, interval: '1d', ...(type && { type }) });
  return useQuery({ ...options, enabled: wanted && symbol.trim() !== '' }).data ?? undefined;
}
