/**
 * The intraday minute line of one stock; null when the service has none. Polled every 15 s, or
 * once a minute while ticker pushes move its last point (the poll then only settles the minutes).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductType } from '#shared/contract.ts';
import type { ApiClient } from '../../../api/client';
import { fetchIntraday } from '../../../api/quote-endpoints';
import type { IntradaySeries } from '../../../api/quote-schemas';
import { normalizeSymbol } from '#shared/symbols.ts';
import { useMarketFeed } from '../../../queries/app-services-context';
import type { SnapshotFeed } from '../../../queries/market-feed/market-feed';
import { pollEvery } from '../../../queries/query-client';
import { queryKeys } from '../../../queries/query-keys';

export const INTRADAY_POLL_MS = 15_000;
export const INTRADAY_LIVE_POLL_MS = 60_000;

async function fetchOne(api: ApiClient, symbol: string, type: ProductType | undefined, signal: AbortSignal): Promise<IntradaySeries | null> {
  const series = await fetchIntraday(api, { symbols: [symbol], ...(type && { type }) }, { signal });
  const wanted = normalizeSymbol(symbol);
  return series.find((entry) => normalizeSymbol(entry.symbol) === wanted) ?? series[0] ?? null;
}

/** `live`: the ticker channel is live for this symbol. */
export function intradayQueryOptions(feed: SnapshotFeed, symbol: string, type?: ProductType, live = false) {
  const every = live ? INTRADAY_LIVE_POLL_MS : INTRADAY_POLL_MS;
  return queryOptions({
    queryKey: queryKeys.intraday.one(feed.source, symbol, type),
    queryFn: ({ signal }) => fetchOne(feed.api, symbol, type, signal),
    enabled: symbol.trim() !== '',
    staleTime: every,
    refetchInterval: pollEvery(every),
  });
}

export function useIntraday(symbol: string, type?: ProductType, live = false) {
  return useQuery(intradayQueryOptions(useMarketFeed(), symbol, type, live));
}
