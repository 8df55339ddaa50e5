/**
 * Loaded on demand by use-period-fold.ts: the raw daily candles that adjusted weekly and monthly
 * candles are folded from, with the fold itself. Each window is its own query (completed days
 * never change); all of a symbol's windows load at once, so older history asks for nothing more.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { AdjustDirection, AdjustFactor } from '#shared/adjust.ts';
import type { Candle } from '#shared/candle.ts';
import type { ProductType } from '#shared/contract.ts';
import { mergeCandles } from '../lib/candles';
import { actionPeriods, dailyWindows, foldActionPeriods } from './adjusted-period-fold';
import { fetchTail } from './kline-history-pages';
import type { SnapshotFeed } from './market-feed/market-feed';
import { queryKeys } from './query-keys';

/** Raw daily candles of every period holding an action, ascending, one per day. */
async function loadPeriodDailies(
  queryClient: QueryClient,
  feed: SnapshotFeed,
  symbol: string,
  type: ProductType | undefined,
  factors: readonly AdjustFactor[],
): Promise<Candle[]> {
  const answers = await Promise.all(
    dailyWindows(factors).map(({ startTime, endTime }) =>
      queryClient.query({
        queryKey: queryKeys.klines.tail(feed.source, symbol, '1d', 'none', type, startTime, endTime),
        queryFn: ({ signal }) => fetchTail(feed.api, { symbol, interval: '1d', adjust: 'none', ...(type && { type }) }, startTime, endTime, signal),
        staleTime: Infinity,
      }),
    ),
  );
  // Windows overlap by their tails: one candle per day.
  return mergeCandles(
    [],
    answers.flatMap((answer) => (answer.kind === 'candles' ? answer.candles : [])),
  );
}

/** The fold of `symbol`'s adjusted candles (adjusted candle by candle) once its days are loaded. */
export async function loadPeriodFold(
  queryClient: QueryClient,
  feed: SnapshotFeed,
  symbol: string,
  type: ProductType | undefined,
  factors: readonly AdjustFactor[],
) {
  const dailies = await loadPeriodDailies(queryClient, feed, symbol, type, factors);
  return (byRule: readonly Candle[], direction: AdjustDirection, decimals: number): Candle[] =>
    foldActionPeriods(byRule, actionPeriods(byRule, factors), dailies, factors, direction, decimals);
}
