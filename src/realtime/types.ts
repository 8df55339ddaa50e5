/**
 * The vocabulary of the realtime layer: channels, per-subscription states, the connection status
 * and the push shapes (decimals stay strings, as in HTTP).
 */
import { EXTENDED_SESSIONS, type ExtendedSession, type ProductType, type RealtimeChannel } from '#shared/contract.ts';

export { REALTIME_CHANNELS, type RealtimeChannel } from '#shared/contract.ts';

/**
 * What one subscription is to: the server keys on (channel, symbol); `type` tells apart the
 * instruments one code names (BTCUSD as crypto and as forex). `symbol` is normalised.
 */
export interface SubscriptionKey {
  readonly channel: RealtimeChannel;
  readonly type: ProductType | undefined;
  readonly symbol: string;
}

/** live: socket open and this subscription acknowledged (code 0). connecting: waiting for socket or ack.
 *  refused: the service refused this channel/symbol (4003/4004, 1004, 3004, 2001/2002…): use HTTP.
 *  down: the socket is not available (reconnecting, or unavailable). Consumers poll HTTP unless 'live'. */
export type ChannelState = 'live' | 'connecting' | 'refused' | 'down';

export type ConnectionState = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'unavailable';

export interface ChannelStatus {
  state: ChannelState | 'unused';
  code?: number;
  message?: string;
}

/** The socket's side of the status (connection.ts). */
export interface ConnectionSnapshot {
  connection: ConnectionState;
  /** No answer by a deadline (open or ping): nothing is live until a socket speaks again. */
  silent?: true;
  /** When reconnecting: ms until the next attempt. */
  retryInMs?: number;
  /** When reconnecting or unavailable: the service's reason (1001/1002/3003, 5001…). */
  code?: number;
  message?: string;
}

export interface RealtimeStatus extends ConnectionSnapshot {
  /** Per channel: the worst state among its subscriptions, with the refusal code/message if any. */
  channels: Record<RealtimeChannel, ChannelStatus>;
}

export interface TickerPush {
  symbol: string;
  type?: string;
  last_price: string;
  timestamp: number;
  bid_price?: string;
  ask_price?: string;
  spread?: string;
  volume_24h?: string;
  high_24h?: string;
  low_24h?: string;
  price_change_24h?: string;
  price_change_percent_24h?: string;
  open?: string;
  prev_close?: string;
  quote_volume_24h?: string;
  name?: string;
  /**
   * A US stock's extended session (`pre_market`, `post_market`, `overnight`): price, volume, high
   * and low are that session's, not the regular day's.
   */
  trade_session?: string;
  /** Turnover of the extended session. */
  quote_volume?: string;
}

/** A push of an extended session: one rule for the browser and the server (#shared/contract.ts). */
export { isExtendedPush } from '#shared/contract.ts';

/** The extended session a push belongs to, when it is one this client knows. */
export function extendedSessionOf(push: Pick<TickerPush, 'trade_session'>): ExtendedSession | undefined {
  return EXTENDED_SESSIONS.find((session) => session === push.trade_session);
}

/** One trade; array-form messages are flattened, one push per trade. */
export interface TradePush {
  id?: string;
  symbol: string;
  price: string;
  quantity: string;
  side: string;
  timestamp: number;
  open_interest_change?: number | null;
  position_effect?: string;
}

export interface DepthPush {
  symbol: string;
  timestamp: number;
  bids: [string, string][];
  asks: [string, string][];
}

export type PushOf<C> = C extends 'ticker' ? TickerPush : C extends 'trade' ? TradePush : DepthPush;
