/**
 * How a new candle list differs from the one the chart holds, so the chart can take the cheap path:
 * a live tick changes only the forming candle (or completes it and opens the next one), which is a
 * `series.update`, while anything else (another symbol, interval, adjustment, an older page) is a
 * new dataset for `setData`.
 */
import type { Candle } from '#shared/candle.ts';

export type CandleDiff =
  | { kind: 'same' }
  /** Candles from index `from` on are new or changed; everything before is unchanged. */
  | { kind: 'tail'; from: number }
  | { kind: 'reset' };

/** How many trailing candles a live update may touch: the one completing and the one opening. */
const MAX_TAIL = 2;

export function sameCandle(a: Candle, b: Candle): boolean {
  return (
    a === b ||
    (a.time === b.time &&
      a.open === b.open &&
      a.high === b.high &&
      a.low === b.low &&
      a.close === b.close &&
      a.volume === b.volume &&
      a.quoteVolume === b.quoteVolume &&
      a.openInterest === b.openInterest)
  );
}

export function diffCandles(previous: readonly Candle[], next: readonly Candle[]): CandleDiff {
  if (previous === next) return { kind: 'same' };
  if (previous.length === 0 || next.length < previous.length || next.length - previous.length > MAX_TAIL) {
    return previous.length === 0 && next.length === 0 ? { kind: 'same' } : { kind: 'reset' };
  }
  let from = 0;
  while (from < previous.length && sameCandle(previous[from] as Candle, next[from] as Candle)) from++;
  if (from === previous.length && next.length === previous.length) return { kind: 'same' };
  if (from < previous.length - 1) return { kind: 'reset' };
  // Only the last held candle may change in place; any new candle must come after it in time.
  const changed = next[from] as Candle;
  const held = previous[from];
  if (held && held.time !== changed.time) return { kind: 'reset' };
  for (let i = Math.max(from, previous.length); i < next.length; i++) {
    if ((next[i] as Candle).time <= (next[i - 1] as Candle).time) return { kind: 'reset' };
  }
  return { kind: 'tail', from };
}
