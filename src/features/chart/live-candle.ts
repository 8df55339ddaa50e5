/**
 * The forming candle as quotes move it between K-line requests, outside React: the fold writes
 * it, the candle feed draws it through the adapter (one batch per frame) and the legend reads it.
 * Tagged with its dataset so a candle of the previous symbol or interval is never drawn.
 */
import type { Candle } from '#shared/candle.ts';
import { createCell, type Cell } from '../../lib/observable';

export interface LiveValue {
  dataset: string;
  candle: Candle;
}

export type LiveCandle = Cell<LiveValue | undefined>;

export function createLiveCandle(): LiveCandle {
  return createCell<LiveValue | undefined>(undefined);
}

/**
 * `candles` with the live candle of `dataset` over its last one (same period) or after it (the
 * next period); an older live candle, or one of another dataset, changes nothing.
 */
export function withLive(candles: readonly Candle[], live: LiveValue | undefined, dataset: string): readonly Candle[] {
  const candle = live?.dataset === dataset ? live.candle : undefined;
  const last = candles.at(-1);
  if (!candle || !last || candle.time < last.time) return candles;
  if (candle.time === last.time) return [...candles.slice(0, -1), candle];
  return [...candles, candle];
}

/** The last candle of withLive(candles, live, dataset) and the one before it, without copying the list. */
export function lastWithLive(candles: readonly Candle[], live: LiveValue | undefined, dataset: string): { last?: Candle; previous?: Candle } {
  const candle = live?.dataset === dataset ? live.candle : undefined;
  const last = candles.at(-1);
  const before = candles.at(-2);
  if (!candle || !last || candle.time < last.time) return { ...(last && { last }), ...(before && { previous: before }) };
  if (candle.time === last.time) return { last: candle, ...(before && { previous: before }) };
  return { last: candle, previous: last };
}
