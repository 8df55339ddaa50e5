/**
 * A K-line in numbers, as the dashboard computes and draws it. The API carries prices as decimal
 * strings; `src/api` keeps them as strings and the query layer converts them here. And the folding
 * of candles into longer buckets (3m from 1m), for the chart and the server's alerts alike.
 */
export interface Candle {
  /** Period start, ms UTC (the API's `time`). */
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  /** Traded value; absent for futures. */
  quoteVolume?: number;
  /** Open interest; futures only. */
  openInterest?: number;
}

/** Whether each item's time is later than the one before it (sorted, one per time). */
export function isStrictlyAscending(items: readonly { time: number }[]): boolean {
  for (let i = 1; i < items.length; i++) {
    if ((items[i]?.time ?? 0) <= (items[i - 1]?.time ?? 0)) return false;
  }
  return true;
}

/** Start of the epoch-aligned bucket of `bucketMs` holding `time`. */
export function bucketStart(time: number, bucketMs: number): number {
  return Math.floor(time / bucketMs) * bucketMs;
}

function fold(into: Candle, next: Candle): void {
  into.high = Math.max(into.high, next.high);
  into.low = Math.min(into.low, next.low);
  into.close = next.close;
  into.volume += next.volume;
  if (next.quoteVolume !== undefined) into.quoteVolume = (into.quoteVolume ?? 0) + next.quoteVolume;
  if (next.openInterest !== undefined) into.openInterest = next.openInterest;
}

/**
 * Folds ascending candles into epoch-aligned buckets of `bucketMs`: open of the first, highest
 * high, lowest low, close of the last, summed volumes, last open interest. Every market's sessions
 * open on multiples of 3 minutes from midnight, so 3m buckets of 1m bars match the API's 3m bars.
 */
export function aggregateCandles(candles: readonly Candle[], bucketMs: number): Candle[] {
  const result: Candle[] = [];
  let current: Candle | undefined;
  for (const candle of candles) {
    const start = bucketStart(candle.time, bucketMs);
    if (current?.time === start) {
      fold(current, candle);
    } else {
      current = { ...candle, time: start };
      result.push(current);
    }
  }
  return result;
}
