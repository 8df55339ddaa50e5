/**
 * Stock information of several stocks, in requests of at most 500 symbols. The key is the set of
 * symbols, so entries come in sorted symbol order whatever order the caller gave: look them up by
 * `symbol`.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_STOCK_INFO_SYMBOLS } from '#shared/contract.ts';
import type { ApiClient } from '../api/client';
import { fetchStockInfo } from '../api/reference-endpoints';
import type { StockInfo } from '../api/reference-schemas';
import { useMarketFeed } from './app-services-context';
import type { SnapshotFeed } from './market-feed/market-feed';
import { queryKeys } from './query-keys';

export const STOCK_INFO_STALE_MS = 10 * 60_000;

async function fetchAll(api: ApiClient, symbols: readonly string[], signal: AbortSignal): Promise<StockInfo[]> {
  const unique = [...new Set(symbols)].sort();
  const chunks: string[][] = [];
  for (let start = 0; start < unique.length; start += MAX_STOCK_INFO_SYMBOLS) chunks.push(unique.slice(start, start + MAX_STOCK_INFO_SYMBOLS));
  const answers = await Promise.all(chunks.map((chunk) => fetchStockInfo(api, { symbols: chunk }, { signal })));
  return answers.flat();
}

export function stockInfoQueryOptions(feed: SnapshotFeed, symbols: readonly string[]) {
  return queryOptions({
    queryKey: queryKeys.stockInfo.list(feed.source, symbols),
    queryFn: ({ signal }) => fetchAll(feed.api, symbols, signal),
    enabled: symbols.length > 0,
    staleTime: STOCK_INFO_STALE_MS,
  });
}

export function useStockInfo(symbols: readonly string[]) {
  return useQuery(stockInfoQueryOptions(useMarketFeed(), symbols));
}
