/**
 * When a price crosses a level, from a stream of prices that may have gaps (a poll every few
 * seconds, a socket that coalesces): the memory of a level is the side the price was last
 * strictly on, and whether the crossing toward the other side has already been reported (the
 * price reached the level exactly). A jump over the level is a crossing; touching the level is a
 * crossing; sitting on the level, or leaving it back to the side it came from, is not a second
 * one. A level with no memory learns its side from the first price and reports nothing.
 */
import type { Crossing } from './alert-model.ts';

export interface LevelMemory {
  /** The side the price was last strictly on. */
  side: 'above' | 'below';
  /** The price reached the level from `side` (that crossing was reported) and has not left it since. */
  touched: boolean;
}

export interface Step {
  /** undefined while the price has only been exactly on the level. */
  memory: LevelMemory | undefined;
  crossed: Crossing | undefined;
}

function toward(side: LevelMemory['side']): Crossing {
  return side === 'below' ? 'up' : 'down';
}

/** The next memory of a level, and the crossing `price` makes, if any. */
export function step(memory: LevelMemory | undefined, level: number, price: number): Step {
  const side = price > level ? 'above' : price < level ? 'below' : undefined;
  if (memory === undefined) {
    // The first price only tells the side (on the level exactly, not even that).
    return { memory: side && { side, touched: false }, crossed: undefined };
  }
  if (side === undefined) {
    // On the level: the crossing from the side it was on, once.
    if (memory.touched) return { memory, crossed: undefined };
    return { memory: { side: memory.side, touched: true }, crossed: toward(memory.side) };
  }
  if (side === memory.side) return { memory: memory.touched ? { side, touched: false } : memory, crossed: undefined };
  // The other side: a crossing, unless it was reported when the price touched the level.
  return { memory: { side, touched: false }, crossed: memory.touched ? undefined : toward(memory.side) };
}

/** Whether a crossing counts for an alert watching `direction`. */
export function counts(direction: 'up' | 'down' | 'either', crossed: Crossing): boolean {
  return direction === 'either' || direction === crossed;
}
