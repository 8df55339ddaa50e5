/**
 * What the app asks of the realtime layer: the live channels (subscriptions, their states and
 * refusals: live-feeds.ts), the connection's status and counts. The RealtimeClient is it; the page
 * reaches it through deferred-realtime.ts, which holds what is asked until the client's code has
 * loaded after the first candle.
 */
import type { LiveChannels } from './live-feeds';
import type { RealtimeStatus } from './types';

export interface RealtimeStats {
  /** Messages that failed to parse or validate (dropped). */
  invalidMessages: number;
  /** Wall-clock ms of the latest push that reached a subscription held here. */
  lastPushAt: number | undefined;
}

export interface Realtime extends LiveChannels {
  readonly stats: Readonly<RealtimeStats>;
  /** The connection and each channel's worst state: one object until something changes. */
  status(): RealtimeStatus;
  watchStatus(watcher: () => void): () => void;
  /** Calls `watcher` after each push that reached a subscription. */
  watchPushes(watcher: () => void): () => void;
  /** Closes now, timers and all (tests, page teardown). */
  dispose(): void;
}
