/**
 * The latest trades of a symbol (time and sales): polled every 3 s, or fetched once as the
 * snapshot under the pushed trades while the trade channel is live (useTape).
 */
import { queryOptions } from '@tanstack/react-query';
import type { ProductType } from '#shared/contract.ts';
import { fetchTrades } from '../../../api/quote-endpoints';
import type { Trades } from '../../../api/quote-schemas';
import { useMarketFeed } from '../../../queries/app-services-context';
import { useLiveOrPoll } from '../../../queries/live-or-poll';
import type { SnapshotFeed } from '../../../queries/market-feed/market-feed';
import { pollEvery } from '../../../queries/query-client';
import { queryKeys } from '../../../queries/query-keys';
import type { TradePush } from '../../../realtime/types';
import { mergeTape } from './live-tape';

export const TRADES_POLL_MS = 3_000;
export const TAPE_LIMIT = 100;

/** The trades as polled. */
export function tradesQueryOptions(feed: SnapshotFeed, symbol: string, limit = TAPE_LIMIT, type?: ProductType) {
  return queryOptions({
    queryKey: queryKeys.trades.list(feed.source, symbol, limit, type),
    queryFn: ({ signal }) => fetchTrades(feed.api, { symbol, limit, ...(type && { type }) }, { signal }),
    enabled: symbol.trim() !== '',
    staleTime: TRADES_POLL_MS,
    refetchInterval: pollEvery(TRADES_POLL_MS),
  });
}

/** While live, the pushed trades ahead of the snapshot (newest first, TAPE_LIMIT at most); otherwise the polled ones. */
function currentTape(snapshot: Trades | undefined, pushed: readonly TradePush[], live: boolean) {
  return live && snapshot ? mergeTape(pushed, snapshot.trades, TAPE_LIMIT) : snapshot?.trades;
}

/** The tape of one symbol, from the trade channel while it is live, from HTTP polling otherwise. */
export function useTape(symbol: string, type: ProductType | undefined) {
  return useLiveOrPoll({
    channel: 'trade',
    symbol,
    type,
    query: tradesQueryOptions(useMarketFeed(), symbol, TAPE_LIMIT, type),
    whileLive: 'snapshot',
    merge: currentTape,
  });
}
