/**
 * The simulator's realtime API as transports and the Chartroom relay see it: a connection is a
 * peer (what we send to) and a session (what it sends us); the service opens, lists and drops them.
 */
import type { RealtimeChannel } from '#shared/contract.ts';

export interface RealtimePeer {
  /** Sends one text frame to the client. */
  send(text: string): void;
  /** Closes the client's connection with a WebSocket close code and reason. */
  close(code: number, reason: string): void;
}

export interface RealtimeSession {
  /** One text frame from the client. */
  receive(text: string): void;
  /** The transport closed (either side): release subscriptions and timers. Idempotent. */
  closed(): void;
}

export interface RealtimeConnectionInfo {
  id: number;
  /** The key's plan name (never the key itself). */
  plan: string;
  subscriptions: Record<RealtimeChannel, string[]>;
}

export interface SimRealtime {
  /** A new connection that presented `apiKey` (undefined when none). May refuse at once (1001/1002/3003 then close 1008). */
  open(peer: RealtimePeer, apiKey: string | undefined, clientAddress?: string): RealtimeSession;
  /** Closes every connection (close 1012 "service restart"); returns how many. */
  dropAll(): number;
  connections(): RealtimeConnectionInfo[];
  /** Stops the push timer (tests, shutdown). */
  stop(): void;
}

export interface RealtimeSettings {
  /** Channels refused at run time (4003 depth, 4004 trade), to exercise the HTTP fallbacks. */
  refuse: { depth: boolean; trade: boolean };
  maxConnectionsPerKey: number;
  /** A (channel, symbol) pair counts one. */
  maxSubscriptionsPerConnection: number;
  pushIntervalMs: number;
  /** A connection with no client message for this long is closed (1000 "idle"). */
  idleTimeoutMs: number;
  /**
   * Test control: every connection sends nothing while on (no pushes, acknowledgements or pongs)
   * and stays open, like a socket whose network went away without a close.
   */
  silent: boolean;
}

/** What the simulator's control path needs beyond the relay's API. */
export interface SimRealtimeService extends SimRealtime {
  settings(): RealtimeSettings;
  /** Applies a partial settings body (validated: throws an Error with the reason). */
  update(body: unknown): RealtimeSettings;
  /** Computes and sends one push round now, off the timer (tests). */
  pushNow(): void;
}
