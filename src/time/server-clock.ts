/**
 * The data's clock: the browser's plus the offset the server reports (X-Chartroom-Clock on API
 * answers: the simulator's clock, which tests freeze or shift; or the clock stamped into the page
 * at load). One per app services object, not module state.
 */
import { clockListeners, wallClock, type Clock } from './clock';
import type { InstantMs } from './time-types';

/** An offset change beyond this is a jump (the clock was moved), not a request's latency. */
export const JUMP_MS = 1_000;

export interface ServerClock extends Clock {
  /** Records that the server's clock read `serverMs` when the browser's read `browserMs`. */
  note(serverMs: number, browserMs: number): void;
}

export function isServerClock(clock: Clock): clock is ServerClock {
  return 'note' in clock;
}

/** `browserNow`: the browser's clock (a test's may stand still). */
export function createServerClock(browserNow: () => number = wallClock.now): ServerClock {
  let offsetMs = 0;
  let known = false;
  const { subscribe, notify } = clockListeners();
  return {
    now: () => (browserNow() + offsetMs) as InstantMs,
    rate: () => 1,
    known: () => known,
    subscribe,
    note(serverMs, browserMs) {
      const jumped = Math.abs(serverMs - browserMs - offsetMs) > JUMP_MS;
      offsetMs = serverMs - browserMs;
      known = true;
      if (jumped) notify();
    },
  };
}
