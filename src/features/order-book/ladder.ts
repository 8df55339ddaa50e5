/**
 * The depth ladder's numbers: levels sorted best first, cumulative sizes from the best price
 * outwards, bar widths relative to the deeper side's total, and the spread with its mid price.
 * Pure: the panel only renders what this returns.
 */
import { t } from '../../i18n/t';
import { formatPrice, precisionOf } from '../../lib/format';

/** [price, quantity] as decimal strings, as the API and the realtime pushes carry them. */
export type RawLevel = readonly [string, string];

export interface RawBook {
  bids: readonly RawLevel[];
  asks: readonly RawLevel[];
}

export type BookSide = 'bid' | 'ask';

export interface LadderLevel {
  /** Stable across updates: side and price (what a flash compares sizes by). */
  key: string;
  side: BookSide;
  price: number;
  size: number;
  /** Sum of the sizes from the best price up to this level, inclusive. */
  cumulative: number;
  /** Cumulative size as a percentage (0..100) of the deeper side's total. */
  barPercent: number;
  priceText: string;
  sizeText: string;
  cumulativeText: string;
}

export interface Spread {
  absolute: number;
  /** Spread over mid, in basis points. */
  bps: number;
  mid: number;
  absoluteText: string;
  bpsText: string;
  midText: string;
}

export interface Ladder {
  /** Highest price first: the order on screen, the best ask last (next to the spread). */
  asks: LadderLevel[];
  /** Best (highest) bid first. */
  bids: LadderLevel[];
  /** Undefined when a side is empty. */
  spread: Spread | undefined;
  priceDecimals: number;
  bidTotal: number;
  askTotal: number;
  bidTotalText: string;
  askTotalText: string;
}

interface Parsed {
  price: number;
  size: number;
  priceRaw: string;
  sizeRaw: string;
}

/** Levels with a finite price and a positive size, best first for their side. */
function bestFirst(levels: readonly RawLevel[], side: BookSide): Parsed[] {
  const parsed: Parsed[] = [];
  for (const [priceRaw, sizeRaw] of levels) {
    const price = Number(priceRaw);
    const size = Number(sizeRaw);
    if (Number.isFinite(price) && Number.isFinite(size) && size > 0) parsed.push({ price, size, priceRaw, sizeRaw });
  }
  // The API promises the order; sorting again costs nothing at 10 levels and guards the maths.
  return parsed.sort((a, b) => (side === 'bid' ? b.price - a.price : a.price - b.price));
}

/** Running totals, best first. */
export function cumulativeSizes(sizes: readonly number[]): number[] {
  let total = 0;
  return sizes.map((size) => (total += size));
}

/** `value` as a share of `max`, in percent (0 when there is nothing to compare to). */
export function barPercent(value: number, max: number): number {
  return max > 0 ? Math.min(100, (value / max) * 100) : 0;
}

/** Decimals for the mid: the price's own, one more when the mid falls between two ticks. */
export function midDecimals(mid: number, priceDecimals: number): number {
  const scale = 10 ** priceDecimals;
  const onTick = Math.abs(Math.round(mid * scale) - mid * scale) < 1e-6;
  return onTick ? priceDecimals : Math.min(priceDecimals + 1, 8);
}

/** '19.8 bps', '0.45 bps'; a crypto spread of one tick on a large price reads '< 0.01 bps'. */
export function bpsText(bps: number): string {
  if (bps > 0 && bps < 0.01) return t('< 0.01 bps');
  return t('{n} bps', { n: formatPrice(bps, bps < 10 ? 2 : 1) });
}

export function spreadOf(bestBid: number, bestAsk: number, priceDecimals: number): Spread {
  const absolute = bestAsk - bestBid;
  const mid = (bestAsk + bestBid) / 2;
  const bps = mid > 0 ? (absolute / mid) * 10_000 : Number.NaN;
  return {
    absolute,
    bps,
    mid,
    absoluteText: formatPrice(absolute, priceDecimals),
    bpsText: bpsText(bps),
    midText: formatPrice(mid, midDecimals(mid, priceDecimals)),
  };
}

function sideLevels(levels: readonly Parsed[], side: BookSide, maxTotal: number, priceDecimals: number, sizeDecimals: number): LadderLevel[] {
  const cumulative = cumulativeSizes(levels.map((level) => level.size));
  return levels.map((level, index) => {
    const total = cumulative[index] ?? 0;
    return {
      key: `${side}:${level.priceRaw}`,
      side,
      price: level.price,
      size: level.size,
      cumulative: total,
      barPercent: barPercent(total, maxTotal),
      priceText: formatPrice(level.price, priceDecimals),
      sizeText: formatPrice(level.size, sizeDecimals),
      cumulativeText: formatPrice(total, sizeDecimals),
    };
  });
}

/** The ladder of a book, at most `depth` levels a side. */
export function buildLadder(book: RawBook, depth = 10): Ladder {
  const bids = bestFirst(book.bids, 'bid').slice(0, depth);
  const asks = bestFirst(book.asks, 'ask').slice(0, depth);
  const all = [...bids, ...asks];
  const priceDecimals = precisionOf(all.map((level) => level.priceRaw));
  const sizeDecimals = precisionOf(all.map((level) => level.sizeRaw));
  const bidTotal = bids.reduce((sum, level) => sum + level.size, 0);
  const askTotal = asks.reduce((sum, level) => sum + level.size, 0);
  const maxTotal = Math.max(bidTotal, askTotal);
  const bestBid = bids[0];
  const bestAsk = asks[0];
  return {
    asks: sideLevels(asks, 'ask', maxTotal, priceDecimals, sizeDecimals).reverse(),
    bids: sideLevels(bids, 'bid', maxTotal, priceDecimals, sizeDecimals),
    spread: bestBid && bestAsk ? spreadOf(bestBid.price, bestAsk.price, priceDecimals) : undefined,
    priceDecimals,
    bidTotal,
    askTotal,
    bidTotalText: formatPrice(bidTotal, sizeDecimals),
    askTotalText: formatPrice(askTotal, sizeDecimals),
  };
}

export type SizeChange = 'up' | 'down';

/**
 * Levels (by key) whose size differs from the previous book at the same price. A price new to the
 * book is not a size change: when the whole ladder moves one tick, nothing should flash.
 */
export function sizeChanges(previous: Ladder | undefined, next: Ladder): ReadonlyMap<string, SizeChange> {
  const changes = new Map<string, SizeChange>();
  if (!previous) return changes;
  const before = new Map<string, number>();
  for (const level of [...previous.asks, ...previous.bids]) before.set(level.key, level.size);
  for (const level of [...next.asks, ...next.bids]) {
    const old = before.get(level.key);
    if (old === undefined || old === level.size) continue;
    changes.set(level.key, level.size > old ? 'up' : 'down');
  }
  return changes;
}
