/**
 * Adjustment factors of stocks, keyed by symbol (§4.12); they change only with corporate actions.
 * The query without its hook: the boot prefetches it and the early chart waits for it (a stock's
 * first candles are drawn adjusted, as the app will draw them), before React is there.
 */
import { queryOptions } from '@tanstack/react-query';
import { fetchExFactors } from '../api/kline-endpoints';
import type { AdjustFactor } from '#shared/adjust.ts';
import { normalizeSymbol } from '#shared/symbols.ts';
import type { SnapshotFeed } from './market-feed/market-feed';
import { queryKeys } from './query-keys';

export type ExFactorsBySymbol = Record<string, AdjustFactor[]>;

export const EX_FACTORS_STALE_MS = 60 * 60_000;

export function exFactorsQueryOptions(feed: SnapshotFeed, symbols: readonly string[]) {
  return queryOptions({
    queryKey: queryKeys.exFactors.list(feed.source, symbols),
    queryFn: ({ signal }): Promise<ExFactorsBySymbol> => fetchExFactors(feed.api, { symbols }, { signal }),
    enabled: symbols.length > 0,
    staleTime: EX_FACTORS_STALE_MS,
  });
}

/** The factors of `symbol` in an answer that may spell it differently ('00700.HK' / '700.HK'). */
export function factorsOf(bySymbol: ExFactorsBySymbol | undefined, symbol: string): AdjustFactor[] | undefined {
  if (!bySymbol) return undefined;
  const exact = bySymbol[symbol];
  if (exact) return exact;
  const wanted = normalizeSymbol(symbol);
  return Object.entries(bySymbol).find(([key]) => normalizeSymbol(key) === wanted)?.[1];
}
