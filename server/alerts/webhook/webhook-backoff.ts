/**
 * When a webhook that failed for now is tried again: soon at first (a receiver restarting), then
 * further apart (an outage), six attempts over about 36 minutes in all; jittered so that the
 * deliveries a receiver's outage piled up do not all come back at the same instant.
 */

/** The first attempt and five retries. */
export const MAX_WEBHOOK_ATTEMPTS = 6;

const DELAYS_MS = [2_000, 10_000, 60_000, 5 * 60_000, 30 * 60_000];
const JITTER = 0.2;

/**
 * The wait after the `attempt`-th attempt failed (1 = the first), ±20 %. `random` is in [0, 1),
 * as Math.random; past the table the last delay repeats.
 */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const index = Math.min(Math.max(Math.floor(attempt), 1), DELAYS_MS.length) - 1;
  const base = DELAYS_MS[index] ?? 0;
  return Math.round(base * (1 + JITTER * (2 * random() - 1)));
}
