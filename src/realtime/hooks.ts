/**
 * React bindings of the live updates of the tree's market feed (src/queries/market-feed): each
 * hook holds its subscription while mounted and reads a per-symbol slot through
 * useSyncExternalStore, so a push re-renders only that symbol's readers. The connection's status
 * is the realtime client's own.
 */
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { ProductType } from '#shared/contract.ts';
import { useAppServices, useMarketFeed } from '../queries/app-services-context';
import type { LiveFeeds } from './live-feeds';
import type { LiveSlots } from './live-slots';
import type { Realtime } from './realtime';
import type { ChannelState, RealtimeChannel, RealtimeStatus, TickerPush } from './types';

/** The tree's realtime client: the socket's status and counts (market data: useMarketFeed). */
export function useRealtimeClient(): Realtime {
  return useAppServices().realtime;
}

export interface LiveTickerFeed {
  /**
   * A symbol's ticker pushes without React state, for cells written directly (the watchlist's
   * rows): holds the subscription until the returned function runs and calls `onChange` at most
   * once a frame with the newest push.
   */
  watch(symbol: string, type: ProductType | undefined, onChange: (push: TickerPush) => void): () => void;
  /** The newest push (undefined before one). */
  read(symbol: string, type: ProductType | undefined): TickerPush | undefined;
}

export function useLiveTickerFeed(): LiveTickerFeed {
  const slots = useMarketFeed().slots.ticker;
  return useMemo(
    () => ({
      watch: (symbol, type, onChange) =>
        slots.watch(symbol, type, () => {
          const push = slots.read(symbol, type);
          if (push) onChange(push);
        }),
      read: (symbol, type) => slots.read(symbol, type),
    }),
    [slots],
  );
}

const usable = (symbol: string | undefined): string | undefined => (symbol === undefined || symbol.trim() === '' ? undefined : symbol);

/** Holds the subscription while mounted; consumers poll HTTP unless this is 'live'. */
export function useLiveChannel(channel: RealtimeChannel, symbol: string | undefined, type?: ProductType): ChannelState {
  const client = useMarketFeed().channels;
  const held = usable(symbol);
  const subscribe = useCallback(
    (notify: () => void) => {
      if (held === undefined) return () => undefined;
      const release = client.subscribe(channel, held, type);
      const unwatch = client.watchState(channel, held, type, notify);
      return () => {
        unwatch();
        release();
      };
    },
    [client, channel, held, type],
  );
  const read = () => (held === undefined ? 'down' : client.channelState(channel, held, type));
  return useSyncExternalStore(subscribe, read, read);
}

function useSlot<C extends RealtimeChannel, V>(slots: LiveSlots<C, V>, symbol: string | undefined, type: ProductType | undefined): V {
  const held = usable(symbol);
  const subscribe = useCallback((notify: () => void) => slots.watch(held, type, notify), [slots, held, type]);
  // One reader per subscription, not a new closure on every render (and every push).
  const read = useCallback(() => slots.read(held, type), [slots, held, type]);
  return useSyncExternalStore(subscribe, read, read);
}

/** What a channel's feed holds for one symbol: the latest ticker or book, the recent trades (newest first). */
export type FeedValue<C extends RealtimeChannel> = LiveFeeds[C] extends LiveSlots<C, infer V> ? V : never;

/** A channel's pushes of one symbol as React state, and the channel's state for it. */
export function useLiveFeed<C extends RealtimeChannel>(
  channel: C,
  symbol: string | undefined,
  type?: ProductType,
): { pushed: FeedValue<C>; state: ChannelState } {
  const slots = useMarketFeed().slots[channel] as unknown as LiveSlots<C, FeedValue<C>>;
  const pushed = useSlot(slots, symbol, type);
  const state = useLiveChannel(channel, symbol, type);
  return { pushed, state };
}

export function useLiveTicker(symbol: string | undefined, type?: ProductType): { ticker: TickerPush | undefined; state: ChannelState } {
  const { pushed, state } = useLiveFeed('ticker', symbol, type);
  return { ticker: pushed, state };
}

export function useRealtimeStatus(): RealtimeStatus {
  const client = useRealtimeClient();
  const watch = useCallback((notify: () => void) => client.watchStatus(notify), [client]);
  const read = useCallback(() => client.status(), [client]);
  return useSyncExternalStore(watch, read, read);
}
