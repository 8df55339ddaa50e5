/**
 * The dashboard's realtime layer: one shared WebSocket to `/v1/realtime`, reference-counted
 * subscriptions, pushes dispatched per (channel, symbol). Consumers poll HTTP unless 'live'.
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
export { listenLive, readLiveTicker, useLiveChannel, useLiveDepth, useLiveTicker, useLiveTrades, useRealtimeStatus, watchLiveTicker } from './hooks';
export { mergeTicker } from './merge-ticker';
// For tests that drive the layer with a fake socket: `setRealtimeClient(new RealtimeClient({ createSocket, url }))`.
export { RealtimeClient, type RealtimeClientOptions } from './realtime-client';
export { setRealtimeClient } from './default-client';
export type { SocketEvents, SocketFactory, SocketHandle } from './socket';
export type { ChannelStatus, ConnectionState } from './types';
