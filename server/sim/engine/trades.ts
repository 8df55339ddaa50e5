/**
 * Trades inside one minute, built to agree exactly with its bar: the first prints the open at
 * the minute's start, one prints the high, one the low, the last the close, and the quantities
 * sum to the bar's volume. A forming bar is the aggregate of the trades printed so far.
 */
import { hash3, unit } from './hash.ts';
import { MINUTE_MS } from './price-path.ts';
import { openInterestAt, type MinuteBlock } from './minute-bars.ts';
import { roundPrice, type InstrumentModel } from './instrument-model.ts';
import type { VenueId } from '../catalog/types.ts';

export type TradeSide = 'buy' | 'sell' | 'neutral';
export type PositionEffect = 'long_open' | 'short_open' | 'both_open' | 'long_close' | 'short_close' | 'both_close' | 'long_transfer' | 'short_transfer';

export interface SimTrade {
  id: string;
  timestamp: number;
  price: number;
  quanta: number;
  side: TradeSide;
  /** Futures only. */
  openInterestChange?: number;
  positionEffect?: PositionEffect;
}

const STREAM_COUNT = 2_000;
const STREAM_TIME = 2_001;
const STREAM_PRICE = 2_002;
const STREAM_SIZE = 2_003;
const STREAM_SIDE = 2_004;

/**
 * Trades a minute, least and most, by venue: a liquid crypto pair or a US stock prints many; an
 * A-share or a China future prints once per exchange snapshot at most (3 s and 500 ms: 20 and 120
 * a minute); a minute never prints more trades than it has quanta, nor fewer than four (the open,
 * high, low and close each need one).
 */
const TRADES_PER_MINUTE: Record<VenueId, readonly [least: number, most: number]> = {
  CRYPTO: [90, 300],
  US: [60, 240],
  HK: [25, 90],
  CN: [12, 20],
  CN_FUTURES: [40, 120],
  FOREX: [4, 24],
  JP: [4, 24],
  UK: [4, 24],
  EU: [4, 24],
};

function tradeCount(model: InstrumentModel, minute: number, quanta: number): number {
  const [least, most] = TRADES_PER_MINUTE[model.instrument.venue];
  return Math.min(quanta, least + (hash3(model.seed, minute, STREAM_COUNT) % (most - least + 1)));
}

/** All trades of bar `index` of `block`, ascending by time. */
export function tradesOfMinute(model: InstrumentModel, block: MinuteBlock, index: number): SimTrade[] {
  const minute = block.firstMinute + index;
  const { seed } = model;
  const open = block.open[index] ?? 0;
  const high = block.high[index] ?? open;
  const low = block.low[index] ?? open;
  const close = block.close[index] ?? open;
  const quanta = block.quanta[index] ?? 4;
  const count = tradeCount(model, minute, quanta);

  const prices = new Array<number>(count);
  const highAt = 1 + (hash3(seed, minute, STREAM_PRICE) % (count - 2));
  const lowAt = 1 + ((highAt + (hash3(seed, minute, STREAM_PRICE + 1) % (count - 3))) % (count - 2));
  for (let i = 0; i < count; i++) {
    if (i === 0) prices[i] = open;
    else if (i === count - 1) prices[i] = close;
    else if (i === highAt) prices[i] = high;
    else if (i === lowAt) prices[i] = low;
    else prices[i] = Math.min(high, Math.max(low, roundPrice(model, low + unit(seed, minute, STREAM_PRICE + 10 + i) * (high - low))));
  }

  const times = new Array<number>(count);
  times[0] = 0;
  for (let i = 1; i < count; i++) times[i] = 1 + Math.floor(unit(seed, minute, STREAM_TIME + i) * (MINUTE_MS - 1));
  times.sort((a, b) => a - b);

  const sizes = splitQuantity(seed, minute, quanta, count);
  const trades: SimTrade[] = [];
  const isFutures = model.instrument.type === 'futures';
  const oiChanges = isFutures ? splitOpenInterest(model, minute, count) : undefined;
  let previous = open;
  for (let i = 0; i < count; i++) {
    const price = prices[i] ?? open;
    const side = sideOf(price, previous, unit(seed, minute, STREAM_SIDE + i));
    previous = price;
    const timestamp = minute * MINUTE_MS + (times[i] ?? 0);
    const trade: SimTrade = { id: `${timestamp}_${i}`, timestamp, price, quanta: sizes[i] ?? 1, side };
    if (oiChanges) {
      const change = oiChanges[i] ?? 0;
      trade.openInterestChange = change;
      trade.positionEffect = positionEffectOf(side, change);
    }
    trades.push(trade);
  }
  return trades;
}

/** Tick rule: up-tick buys, down-tick sells, unchanged mostly neutral. */
function sideOf(price: number, previous: number, coin: number): TradeSide {
  if (price > previous) return 'buy';
  if (price < previous) return 'sell';
  return coin < 0.5 ? 'neutral' : coin < 0.75 ? 'buy' : 'sell';
}

/** Splits `total` quanta into `parts` positive integers with hashed weights. */
function splitQuantity(seed: number, minute: number, total: number, parts: number): number[] {
  const weights = Array.from({ length: parts }, (_, i) => 0.15 + unit(seed, minute, STREAM_SIZE + i));
  const weightSum = weights.reduce((sum, w) => sum + w, 0);
  const spare = total - parts;
  const sizes = weights.map((w) => 1 + Math.floor((spare * w) / weightSum));
  const assigned = sizes.reduce((sum, s) => sum + s, 0);
  sizes[parts - 1] = (sizes[parts - 1] ?? 1) + (total - assigned);
  return sizes;
}

/** The minute's open-interest change, spread over its trades. */
function splitOpenInterest(model: InstrumentModel, minute: number, parts: number): number[] {
  const change = openInterestAt(model, minute + 1) - openInterestAt(model, minute);
  const changes = new Array<number>(parts).fill(0);
  const step = Math.trunc(change / parts);
  for (let i = 0; i < parts; i++) changes[i] = step;
  changes[parts - 1] = change - step * (parts - 1);
  return changes;
}

function positionEffectOf(side: TradeSide, change: number): PositionEffect {
  if (change > 0) return side === 'buy' ? 'long_open' : side === 'sell' ? 'short_open' : 'both_open';
  if (change < 0) return side === 'buy' ? 'short_close' : side === 'sell' ? 'long_close' : 'both_close';
  return side === 'sell' ? 'short_transfer' : 'long_transfer';
}
