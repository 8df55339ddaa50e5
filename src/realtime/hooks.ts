/**
 * React bindings of the realtime client: each hook holds its subscription while mounted and reads
 * a per-symbol slot through useSyncExternalStore, so a push re-renders only that symbol's readers.
 */
import { useCallback, useSyncExternalStore } from 'react';
import type { ProductType } from '#shared/contract.ts';
import { realtimeClient } from './default-client';
import { LiveSlots } from './live-slots';
import type { ChannelState, DepthPush, PushOf, RealtimeChannel, RealtimeStatus, TickerPush, TradePush } from './types';

export const MAX_LIVE_TRADES = 200;
const NO_TRADES: readonly TradePush[] = [];

const tickerSlots = new LiveSlots<'ticker', TickerPush | undefined>(realtimeClient, 'ticker', undefined, (_previous, push) => push);
const depthSlots = new LiveSlots<'depth', DepthPush | undefined>(realtimeClient, 'depth', undefined, (_previous, push) => push);
const tradeSlots = new LiveSlots<'trade', readonly TradePush[]>(realtimeClient, 'trade', NO_TRADES, (trades, push) =>
  [push, ...trades.slice(0, MAX_LIVE_TRADES - 1)],
);

/** Imperative, no React state (the chart): `listener` gets every push until the returned function runs. */
export function listenLive<C extends RealtimeChannel>(channel: C, symbol: string, listener: (push: PushOf<C>) => void, type?: ProductType): () => void {
  return realtimeClient().subscribe(channel, symbol, type, listener);
}

/**
 * A symbol's ticker pushes without React state, for cells written directly (the watchlist's rows):
 * holds the subscription until the returned function runs and calls `onChange` at most once a
 * frame with the newest push. `readLiveTicker` gives that push at any time (undefined before one).
 */
export function watchLiveTicker(symbol: string, type: ProductType | undefined, onChange: (push: TickerPush) => void): () => void {
  return tickerSlots.watch(symbol, type, () => {
    const push = tickerSlots.read(symbol, type);
    if (push) onChange(push);
  });
}

export function readLiveTicker(symbol: string, type: ProductType | undefined): TickerPush | undefined {
  return tickerSlots.read(symbol, type);
}

/** Holds the subscription while mounted; consumers poll HTTP unless this is 'live'. */
export function useLiveChannel(channel: RealtimeChannel, symbol: string | undefined, type?: ProductType): ChannelState {
  const subscribe = useCallback(
    (notify: () => void) => {
      if (symbol === undefined || symbol.trim() === '') return () => undefined;
      const client = realtimeClient();
      const release = client.subscribe(channel, symbol, type);
      const unwatch = client.watchState(channel, symbol, type, notify);
      return () => {
        unwatch();
        release();
      };
    },
    [channel, symbol, type],
  );
  const read = () => (symbol === undefined || symbol.trim() === '' ? 'down' : realtimeClient().channelState(channel, symbol, type));
  return useSyncExternalStore(subscribe, read, read);
}

function useSlot<C extends RealtimeChannel, V>(slots: LiveSlots<C, V>, symbol: string | undefined, type: ProductType | undefined): V {
  const usable = symbol === undefined || symbol.trim() === '' ? undefined : symbol;
  const subscribe = useCallback((notify: () => void) => slots.watch(usable, type, notify), [slots, usable, type]);
  // One reader per subscription, not a new closure on every render (and every push).
  const read = useCallback(() => slots.read(usable, type), [slots, usable, type]);
  return useSyncExternalStore(subscribe, read, read);
}

export function useLiveTicker(symbol: string | undefined, type?: ProductType): { ticker: TickerPush | undefined; state: ChannelState } {
  const ticker = useSlot(tickerSlots, symbol, type);
  const state = useLiveChannel('ticker', symbol, type);
  return { ticker, state };
}

/** Newest first, at most 200, only trades pushed since subscribing. */
export function useLiveTrades(symbol: string | undefined, type?: ProductType): { trades: readonly TradePush[]; state: ChannelState } {
  const trades = useSlot(tradeSlots, symbol, type);
  const state = useLiveChannel('trade', symbol, type);
  return { trades, state };
}

export function useLiveDepth(symbol: string | undefined, type?: ProductType): { book: DepthPush | undefined; state: ChannelState } {
  const book = useSlot(depthSlots, symbol, type);
  const state = useLiveChannel('depth', symbol, type);
  return { book, state };
}

const watchStatus = (notify: () => void) => realtimeClient().watchStatus(notify);
const readStatus = () => realtimeClient().status();

export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(watchStatus, readStatus, readStatus);
}
