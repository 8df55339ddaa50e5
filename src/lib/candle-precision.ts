/**
 * Price decimals of a series. Candles carry numbers, so the decimals the API wrote are read back
 * from the shortest text of each recent price ("187.5" for 187.50): the most any of them needs is
 * the symbol's precision, for all practical purposes.
 */
import type { Candle } from '#shared/candle.ts';
import { precisionOf } from './format';

const SAMPLE = 200;
export const DEFAULT_DECIMALS = 2;

/**
 * Each candle's own decimals, read once: a chart asks again at every update of its forming candle
 * (ten a second on each chart of a replay), and candles are immutable, so the 200 it samples are
 * read from here instead of writing 800 prices as text again.
 */
const decimalsOfCandle = new WeakMap<Candle, number>();

function candleDecimals(candle: Candle): number {
  let decimals = decimalsOfCandle.get(candle);
  if (decimals === undefined) {
    decimals = precisionOf([candle.open, candle.high, candle.low, candle.close].map(String));
    decimalsOfCandle.set(candle, decimals);
  }
  return decimals;
}

export function candlePrecision(candles: readonly Candle[]): number {
  if (candles.length === 0) return DEFAULT_DECIMALS;
  let max = 0;
  for (let i = Math.max(0, candles.length - SAMPLE); i < candles.length; i++) max = Math.max(max, candleDecimals(candles[i] as Candle));
  return max;
}
