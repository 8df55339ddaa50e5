/**
 * Price decimals of a series. Candles carry numbers, so the decimals the API wrote are read back
 * from the shortest text of each recent price ("187.5" for 187.50): the most any of them needs is
 * the symbol's precision, for all practical purposes.
 */
import type { Candle } from '#shared/candle.ts';
import { precisionOf } from './format';

const SAMPLE = 200;
export const DEFAULT_DECIMALS = 2;

export function candlePrecision(candles: readonly Candle[]): number {
  if (candles.length === 0) return DEFAULT_DECIMALS;
  const texts = candles.slice(-SAMPLE).flatMap((c) => [c.open, c.high, c.low, c.close].map(String));
  return precisionOf(texts);
}
