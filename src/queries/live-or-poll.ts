/**
 * "The socket channel while it is live, else HTTP polling", written once for every panel whose
 * data has both paths (the ticker, the order book, the trades). While the symbol's channel is
 * live the query stops polling: it fetches its snapshot once ('snapshot': the ticker's name and
 * previous close, the trades before the first push; asked again only after a failure) or nothing
 * at all ('off': a pushed book is the whole book). As soon as the channel is not live the query
 * polls at its own cadence again, the first request at once. The caller's merge makes one value
 * of the snapshot and the pushes.
 */
import { hashKey, useQuery, useQueryClient, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import type { ProductType } from '#shared/contract.ts';
import { type FeedValue, useLiveChannel, useLiveFeed } from '../realtime/hooks';
import type { Refusal } from '../realtime/subscription-ledger';
import { type ChannelState, type RealtimeChannel } from '../realtime/types';
import { useMarketFeed } from './app-services-context';
import { errorRefetchInterval } from './query-client';

/** What the query does while pushes are live: fetch its snapshot once, or nothing. */
export type WhileLive = 'snapshot' | 'off';

/** The options of a polled query as they stand while its channel is live (as given otherwise). */
export function liveOrPollOptions<TData, TKey extends QueryKey>(
  options: UseQueryOptions<TData, Error, TData, TKey>,
  live: boolean,
  whileLive: WhileLive,
): UseQueryOptions<TData, Error, TData, TKey> {
  if (!live) return options;
  if (whileLive === 'off') return { ...options, enabled: false, refetchInterval: false };
  // Pushes carry the data: only a failed snapshot is asked again, and not on focus or reconnect.
  return { ...options, staleTime: Infinity, refetchInterval: errorRefetchInterval, refetchOnWindowFocus: false, refetchOnReconnect: false };
}

export interface LiveOrPollQuery<TData> {
  query: UseQueryResult<TData>;
  /** The channel's state for this symbol: the query polls unless it is 'live'. */
  state: ChannelState;
}

/**
 * The query alone, polled while `channel` is not live for the symbol; for a caller that takes the
 * pushes itself, outside React state (the watchlist's cells).
 */
export function useLiveOrPollQuery<TData, TKey extends QueryKey>(
  channel: RealtimeChannel,
  symbol: string,
  type: ProductType | undefined,
  options: UseQueryOptions<TData, Error, TData, TKey>,
  whileLive: WhileLive,
): LiveOrPollQuery<TData> {
  const state = useLiveChannel(channel, symbol, type);
  return { query: usePollUnlessLive(options, state === 'live', whileLive), state };
}

export interface LiveOrPollSpec<C extends RealtimeChannel, TData, TKey extends QueryKey, R> {
  channel: C;
  symbol: string;
  type: ProductType | undefined;
  /** The HTTP query as it polls while the channel is not live. */
  query: UseQueryOptions<TData, Error, TData, TKey>;
  whileLive: WhileLive;
  /**
   * One value of the HTTP snapshot and what was pushed (the latest ticker or book, the recent
   * trades); `live`: the pushes are current. A stable function (module level): the value is
   * recomputed only when one of its inputs changes.
   */
  merge: (snapshot: TData | undefined, pushed: FeedValue<C>, live: boolean) => R;
}

export interface LiveOrPoll<TData, R> extends LiveOrPollQuery<TData> {
  data: R;
  /** Why the service refused this symbol's channel, while it is refused. */
  refusal: Refusal | undefined;
}

export function useLiveOrPoll<C extends RealtimeChannel, TData, TKey extends QueryKey, R>(spec: LiveOrPollSpec<C, TData, TKey, R>): LiveOrPoll<TData, R> {
  const { channel, symbol, type, merge } = spec;
  const { pushed, state } = useLiveFeed(channel, symbol, type);
  const live = state === 'live';
  const query = usePollUnlessLive(spec.query, live, spec.whileLive);
  const snapshot = query.data;
  const data = useMemo(() => merge(snapshot, pushed, live), [merge, snapshot, pushed, live]);
  const { channels } = useMarketFeed();
  const refusal = state === 'refused' ? channels.refusalOf(channel, symbol, type) : undefined;
  return { query, state, data, refusal };
}

/**
 * The query, in its live form while `live`. Polling resumes on its own schedule; the first
 * request after the channel stops being live goes at once. (Through the client, not
 * `query.refetch`: reading a field of the result would narrow what the caller's render is
 * notified about.)
 */
function usePollUnlessLive<TData, TKey extends QueryKey>(
  options: UseQueryOptions<TData, Error, TData, TKey>,
  live: boolean,
  whileLive: WhileLive,
): UseQueryResult<TData> {
  const query = useQuery(liveOrPollOptions(options, live, whileLive));
  const queryClient = useQueryClient();
  const wasLive = useRef(live);
  const hash = hashKey(options.queryKey);
  useEffect(() => {
    if (wasLive.current && !live) void queryClient.refetchQueries({ predicate: (candidate) => candidate.queryHash === hash }, { cancelRefetch: false });
    wasLive.current = live;
  }, [live, queryClient, hash]);
  return query;
}
