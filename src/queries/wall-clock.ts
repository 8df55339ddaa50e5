/** Polling aligned to the wall clock, so that every poller of one period fires together. */
import { wallClock } from '../time/clock';

/** Below this, the next boundary is too close to be worth its own request: skip to the one after. */
const MIN_GAP_MS = 250;

/** Milliseconds from `now` to the next multiple of `periodMs` since the epoch. */
export function msToNextBoundary(periodMs: number, now: number = wallClock.now()): number {
  const remaining = periodMs - (now % periodMs);
  return remaining < MIN_GAP_MS ? remaining + periodMs : remaining;
}
