/** How long K-line periods last, for the code that counts bars on the clock. */
import type { Interval } from './contract.ts';

const MINUTE_MS = 60_000;

/** Intraday periods (fixed lengths): bars roll over and windows align on these. */
export const INTRADAY_INTERVAL_MS: Partial<Record<Interval, number>> = {
  '1m': MINUTE_MS,
  '3m': 3 * MINUTE_MS,
  '5m': 5 * MINUTE_MS,
  '15m': 15 * MINUTE_MS,
  '30m': 30 * MINUTE_MS,
  '1h': 60 * MINUTE_MS,
  '2h': 120 * MINUTE_MS,
  '4h': 240 * MINUTE_MS,
};

/** Every fixed-length period (none for 1M, whose months differ). */
export const INTERVAL_MS: Partial<Record<Interval, number>> = {
  ...INTRADAY_INTERVAL_MS,
  '1d': 1_440 * MINUTE_MS,
  '1w': 10_080 * MINUTE_MS,
};
