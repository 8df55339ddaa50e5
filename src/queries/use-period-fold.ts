/**
 * Adjusted weekly and monthly candles with an action inside, folded from adjusted days
 * (adjusted-period-fold.ts). The fold and its days load on demand, only for such a chart; its
 * first draw waits for them, so no cliff passes on screen.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { AdjustDirection, AdjustFactor } from '#shared/adjust.ts';
import type { Candle } from '#shared/candle.ts';
import type { Interval, ProductType } from '#shared/contract.ts';
import { useMarketFeed } from './app-services-context';
import type { SnapshotFeed } from './market-feed/market-feed';

export interface PeriodFoldParams {
  symbol: string;
  type: ProductType | undefined;
  interval: Interval;
  direction: AdjustDirection;
  factors: readonly AdjustFactor[];
  decimals: number;
}

const digests = new WeakMap<readonly AdjustFactor[], string>();

/**
 * The factors as one string, for the query key. As objects in the key, every render hashed each of
 * them with its keys sorted (TanStack's hashKey): 12 ms of the chart's first render on a desktop
 * here for a stock's ~90 factors, though the fold is used only by adjusted weeks and months.
 */
export function factorsDigest(factors: readonly AdjustFactor[]): string {
  let digest = digests.get(factors);
  if (digest === undefined) {
    digest = factors
      .map((factor) => `${String(factor.timestamp)}${factor.adjust === 'forward' ? 'f' : 'b'}${String(factor.factor_a)}/${String(factor.factor_b)}`)
      .join(' ');
    digests.set(factors, digest);
  }
  return digest;
}

function periodFoldQuery(feed: SnapshotFeed, { symbol, type, factors }: PeriodFoldParams, enabled: boolean) {
  return queryOptions({
    queryKey: ['api', 'klines', feed.source, 'period-fold', symbol, type ?? null, factorsDigest(factors)],
    queryFn: async ({ client }) => (await import('./period-dailies')).loadPeriodFold(client, feed, symbol, type, factors),
    enabled,
    staleTime: Infinity,
  });
}

/** `byRule` (adjusted candle by candle) with its action periods folded; pending until it can be. */
export function usePeriodFold(params: PeriodFoldParams, byRule: Candle[]): { candles: Candle[]; pending: boolean } {
  const feed = useMarketFeed();
  const { interval, direction, factors, decimals } = params;
  const folding = direction !== 'none' && (interval === '1w' || interval === '1M') && factors.length > 0 && byRule.length > 0;
  const { data: fold, isError } = useQuery(periodFoldQuery(feed, params, folding));
  const candles = useMemo(() => (folding && fold ? fold(byRule, direction, decimals) : byRule), [folding, fold, byRule, direction, decimals]);
  // A failed fold leaves the candles as the rule gives them rather than no chart.
  return { candles, pending: folding && !fold && !isError };
}
