/**
 * A deterministic order book around the present price: ten levels a side stepping by the
 * instrument's tick (HK stocks across the spread table's bands), the best bid and ask being the
 * ticker's quote (bid < last <= ask). Level sizes are hashed from the instrument, the level and
 * the second, so they move while the market trades and hold still once it has shut.
 */
import { tickSizeFor } from '../catalog/tick-size.ts';
import type { Instrument } from '../catalog/types.ts';
import { locateLastTrade } from './forming.ts';
import { unit } from './hash.ts';
import { roundPrice, type InstrumentModel } from './instrument-model.ts';
import { tickerFigures } from './ticker.ts';

export const DEPTH_LEVELS = 10;

/** One level: price and size in quanta of the instrument (lots for stocks). */
export type DepthLevel = readonly [price: number, quanta: number];

export interface DepthBook {
  /** The instant the book describes (the clock's reading). */
  timestamp: number;
  /** Descending by price. */
  bids: DepthLevel[];
  /** Ascending by price. */
  asks: DepthLevel[];
}

/** Stocks, China futures and crypto have a book; forex, metals and indices have none. */
export function hasDepth(instrument: Pick<Instrument, 'type'>): boolean {
  return instrument.type === 'stock' || instrument.type === 'futures' || instrument.type === 'crypto';
}

const STREAM_BID_SIZE = 4_000;
const STREAM_ASK_SIZE = 4_100;

/** The book at `now`, or undefined before the instrument's first trade. */
export function depthBook(model: InstrumentModel, now: number): DepthBook | undefined {
  const figures = tickerFigures(model, now);
  const position = locateLastTrade(model, now);
  if (!figures || !position) return undefined;
  const tick = tickSizeFor(model.instrument, figures.last);
  const bestBid = Math.min(figures.bid ?? figures.last - tick, roundPrice(model, figures.last - tick, 'down'));
  const bestAsk = Math.max(figures.ask ?? figures.last, figures.last);
  // Sizes follow the clock while the session runs and keep their last state when it has shut.
  const second = Math.floor((position.inProgress ? now : position.piece.end - 1) / 1_000);
  return {
    timestamp: now,
    bids: ladder(model, bestBid, -1, second, STREAM_BID_SIZE),
    asks: ladder(model, bestAsk, 1, second, STREAM_ASK_SIZE),
  };
}

function ladder(model: InstrumentModel, best: number, direction: 1 | -1, second: number, stream: number): DepthLevel[] {
  const levels: DepthLevel[] = [];
  let price = best;
  for (let level = 0; level < DEPTH_LEVELS; level++) {
    levels.push([price, levelQuanta(model, level, second, stream)]);
    const next = step(model, price, direction);
    if (next <= 0 || (direction < 0 ? next >= price : next <= price)) break; // no price below one tick
    price = next;
  }
  return levels;
}

/**
 * The neighbouring price. Going down, the tick of the band the price ends (an HK band includes
 * its upper bound); going up, the tick of the band above it.
 */
function step(model: InstrumentModel, price: number, direction: 1 | -1): number {
  const tick = tickSizeFor(model.instrument, direction < 0 ? price : price * (1 + 1e-9));
  return roundPrice(model, price + direction * tick, direction < 0 ? 'down' : 'up');
}

/**
 * Size of a level: a fraction of a minute's volume, larger further from the touch. Inner levels
 * are redrawn every second, outer ones every few seconds, as a real book churns near the price.
 */
function levelQuanta(model: InstrumentModel, level: number, second: number, stream: number): number {
  const minuteQuanta = Math.max(1, Math.round(model.instrument.minuteVolume / model.volumeQuantum));
  const epoch = Math.floor(second / (1 + (level % 4)));
  const draw = unit(model.seed, epoch, stream + level);
  return Math.max(1, Math.round(minuteQuanta * (0.04 + 0.36 * draw) * (1 + 0.2 * level)));
}
