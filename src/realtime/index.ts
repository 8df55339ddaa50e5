/**
 * The dashboard's realtime layer: one shared WebSocket to `/v1/realtime` per client instance,
 * reference-counted subscriptions, pushes dispatched per (channel, type, symbol). Consumers poll
 * HTTP unless 'live'.
 */
export type {
  ChannelState,
  DepthPush,
  PushOf,
  RealtimeChannel,
  RealtimeStatus,
  TickerPush,
  TradePush,
} from './types';
export {
  useLiveChannel,
  useLiveFeed,
  useLiveTicker,
  useLiveTickerFeed,
  useRealtimeClient,
  useRealtimeStatus,
  type FeedValue,
  type LiveTickerFeed,
} from './hooks';
export { mergeTicker } from './merge-ticker';
export { RealtimeClient, type RealtimeClientOptions, type Refusal } from './realtime-client';
export { MAX_LIVE_TRADES, RealtimeProvider } from './realtime-context';
export { browserSocketFactory, inertSocketFactory, realtimeUrl, type SocketEvents, type SocketFactory, type SocketHandle } from './socket';
export type { ChannelStatus, ConnectionState } from './types';
