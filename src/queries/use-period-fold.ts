/**
 * Adjusted weekly and monthly candles with an action inside, folded from adjusted days
 * (adjusted-period-fold.ts). The fold and its days load on demand, only for such a chart; its
 * first draw waits for them, so no cliff passes on screen.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { AdjustDirection, AdjustFactor } from '#shared/adjust.ts';
import type { Candle } from '#shared/candle.ts';
import type { Interval, ProductType } from '#shared/contract.ts';
import type { ApiClient } from '../api/client';
import { useAppServices } from './app-services-context';

export interface PeriodFoldParams {
  symbol: string;
  type: ProductType | undefined;
  interval: Interval;
  direction: AdjustDirection;
  factors: readonly AdjustFactor[];
  decimals: number;
}

interface FoldSource {
  symbol: string;
  type: ProductType | undefined;
  factors: readonly AdjustFactor[];
  /** The oldest candle's time: days are loaded for the actions after it. */
  from: number;
}

function periodFoldQuery(api: ApiClient, { symbol, type, factors, from }: FoldSource, enabled: boolean) {
  return queryOptions({
    queryKey: ['api', 'klines', 'period-fold', symbol, type ?? null, factors, from],
    queryFn: async ({ client }) => {
      const fold = await import('./period-dailies');
      return { fold, dailies: await fold.loadPeriodDailies(client, api, symbol, type, factors, from) };
    },
    enabled,
    staleTime: Infinity,
    // Older history asks for more days: the periods already folded stay folded meanwhile.
    placeholderData: keepPreviousData,
  });
}

/** `byRule` (adjusted candle by candle) with its action periods folded; pending until it can be. */
export function usePeriodFold({ symbol, type, interval, direction, factors, decimals }: PeriodFoldParams, byRule: Candle[]): { candles: Candle[]; pending: boolean } {
  const { api } = useAppServices();
  const from = byRule[0]?.time ?? 0;
  const folding = direction !== 'none' && (interval === '1w' || interval === '1M') && factors.some((factor) => factor.timestamp > from);
  const query = useQuery(periodFoldQuery(api, { symbol, type, factors, from }, folding && byRule.length > 0));
  const data = folding ? query.data : undefined;
  const candles = useMemo(() => {
    if (!data) return byRule;
    const { fold, dailies } = data;
    return fold.foldActionPeriods(byRule, fold.actionPeriods(byRule, factors), dailies, factors, direction, decimals);
  }, [data, byRule, factors, direction, decimals]);
  // A failed fold leaves the candles as the rule gives them rather than no chart.
  return { candles, pending: folding && byRule.length > 0 && query.data === undefined && !query.isError };
}
