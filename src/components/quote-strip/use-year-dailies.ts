/**
 * The last year of daily candles for the quote strip's 52-week range: one request (260 trading
 * days, forward-adjusted for stocks, so a split inside the year draws no false low), kept for an
 * hour. Not the chart's series hook: the strip needs no live candle, no paging and no merging.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductType } from '#shared/contract.ts';
import type { Candle } from '#shared/candle.ts';
import { fetchKlines } from '../../api/kline-endpoints';
import { toCandle } from '../../lib/candles';
import { useMarketFeed } from '../../queries/app-services-context';
import type { SnapshotFeed } from '../../queries/market-feed/market-feed';
import { queryKeys } from '../../queries/query-keys';

/** e2e/first-page-carried.spec.ts tells this request from the chart's history by it. */
const TRADING_DAYS = 260;
const STALE_MS = 60 * 60_000;

export function yearDailiesQueryOptions(feed: SnapshotFeed, symbol: string, type: ProductType | undefined, stock: boolean) {
  return queryOptions({
    // Under the K-lines' domain: whatever refreshes K-lines (a reconnect) refreshes it.
    queryKey: [...queryKeys.klines.all, feed.source, 'year', symbol, stock ? 'forward' : null, type ?? null],
    queryFn: async ({ signal }): Promise<Candle[]> => {
      const series = await fetchKlines(
        feed.api,
        { symbol, interval: '1d', limit: TRADING_DAYS, ...(stock && { adjust: 'forward' }), ...(type && { type }) },
        { signal },
      );
      return series.klines.map(toCandle);
    },
    staleTime: STALE_MS,
  });
}

export function useYearDailies(symbol: string, type: ProductType | undefined, stock: boolean): Candle[] | undefined {
  return useQuery(yearDailiesQueryOptions(useMarketFeed(), symbol, type, stock)).data;
}
