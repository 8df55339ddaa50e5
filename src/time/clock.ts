/**
 * What "now" is. The market's time (market status, K-line windows, alert expiry, "now" lines)
 * is read from the app services' Clock, never from the browser's clock directly: the live page's
 * clock follows the server's (createServerClock), a test's is set and stepped by hand
 * (createTestClock), and a replay would be one more implementation. `wallClock` is the browser's
 * own clock, named so, for what truly means wall time (request timing, rate-limit pauses,
 * reconnect backoff, ids and export names, the age of what arrived).
 */
import type { InstantMs } from './time-types';

export interface Clock {
  /** The instant this clock reads now. */
  now(): InstantMs;
  /** How fast this clock runs against real time: 1 live, 0 paused, more in a fast replay. */
  rate(): number;
  /** False while the clock still guesses (the server's clock before any answer told it). */
  known(): boolean;
  /** Calls `listener` when the clock jumps (is set or corrected) or changes pace; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

/** The browser's clock: wall time. Only a reading: it is never moved, paused or sped up. */
export const wallClock: { readonly now: () => InstantMs } = {
  now: () => Date.now() as InstantMs,
};

/** Listeners to a clock's jumps and pace changes. */
export function clockListeners(): { subscribe: Clock['subscribe']; notify: () => void } {
  const listeners = new Set<() => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    notify() {
      for (const listener of [...listeners]) listener();
    },
  };
}
