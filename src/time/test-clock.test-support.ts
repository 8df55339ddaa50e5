/**
 * Clocks for tests: a test clock stands still until the test sets or steps it (each move is a
 * jump); a server clock set to a given instant, as the page's stamp would set it.
 */
import { clockListeners, type Clock } from './clock';
import { createServerClock, type ServerClock } from './server-clock';
import { instantMs, type InstantMs } from './time-types';

export interface TestClock extends Clock {
  /** Moves the clock to `ms`. */
  set(ms: number): void;
  /** Moves the clock on by `ms`. */
  advance(ms: number): void;
  /** Sets the reported pace (the clock still moves only when set or stepped). */
  setRate(rate: number): void;
}

export function createTestClock(startMs: number): TestClock {
  let now: InstantMs = instantMs(startMs);
  let rate = 0;
  const { subscribe, notify } = clockListeners();
  return {
    now: () => now,
    rate: () => rate,
    known: () => true,
    subscribe,
    set(ms) {
      now = instantMs(ms);
      notify();
    },
    advance(ms) {
      now = instantMs(now + ms);
      notify();
    },
    setRate(next) {
      rate = next;
      notify();
    },
  };
}

/** A server clock that reads `serverMs` now (as the page's stamp or an answer would set it). */
export function serverClockAt(serverMs: number): ServerClock {
  const clock = createServerClock();
  clock.note(serverMs, Date.now());
  return clock;
}
