/**
 * The live feeds of a realtime client: per-symbol slots that components read pushes from (the
 * latest ticker and book, the recent trades), made once per client by the live MarketFeed
 * (src/queries/market-feed/live-market-feed.ts).
 */
import type { ProductType } from '#shared/contract.ts';
import { LiveSlots } from './live-slots';
import type { Refusal } from './subscription-ledger';
import type { ChannelState, DepthPush, PushOf, RealtimeChannel, TickerPush, TradePush } from './types';

/** A market feed's live updates per (channel, type, symbol); the RealtimeClient is the live one. */
export interface LiveChannels {
  /** Holds the subscription until the returned function runs; `listener` gets every push. */
  subscribe<C extends RealtimeChannel>(channel: C, symbol: string, type: ProductType | undefined, listener?: (push: PushOf<C>) => void): () => void;
  /** 'live': pushes carry the data; otherwise its readers poll the snapshot. */
  channelState(channel: RealtimeChannel, symbol: string, type: ProductType | undefined): ChannelState;
  /** Calls `watcher` when that state changes while the subscription is held. */
  watchState(channel: RealtimeChannel, symbol: string, type: ProductType | undefined, watcher: () => void): () => void;
  /** Why the channel was refused for that instrument, while it is. */
  refusalOf(channel: RealtimeChannel, symbol: string, type: ProductType | undefined): Refusal | undefined;
}

export const MAX_LIVE_TRADES = 200;
const NO_TRADES: readonly TradePush[] = [];

export interface LiveFeeds {
  ticker: LiveSlots<'ticker', TickerPush | undefined>;
  depth: LiveSlots<'depth', DepthPush | undefined>;
  /** Newest first, at most MAX_LIVE_TRADES, only trades pushed since subscribing. */
  trade: LiveSlots<'trade', readonly TradePush[]>;
}

export function createLiveFeeds(client: LiveChannels): LiveFeeds {
  return {
    ticker: new LiveSlots<'ticker', TickerPush | undefined>(client, 'ticker', undefined, (_previous, push) => push),
    depth: new LiveSlots<'depth', DepthPush | undefined>(client, 'depth', undefined, (_previous, push) => push),
    trade: new LiveSlots<'trade', readonly TradePush[]>(client, 'trade', NO_TRADES, (trades, push) => [push, ...trades.slice(0, MAX_LIVE_TRADES - 1)]),
  };
}
