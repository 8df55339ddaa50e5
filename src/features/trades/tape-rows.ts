/** The tape's rows: newest first, formatted at the symbol's precision. */
import type { Trade } from '../../api/quote-schemas';
import { formatPrice, formatSignedChange, precisionOf } from '../../lib/format';
import { positionEffectLabel, sideStyle, type SideStyle } from './trade-labels';
import { formatClock, formatFullTime } from './trade-time';

export interface TapeRow {
  id: string;
  timestampMs: number;
  time: string;
  fullTime: string;
  price: string;
  quantity: string;
  side: SideStyle;
  /** Futures only. */
  openInterestChange?: string;
  positionEffect?: string;
}

/** Newest first; equal times keep the API's order reversed (later id first). */
export function newestFirst(trades: readonly Trade[]): Trade[] {
  return trades
    .map((trade, index) => ({ trade, index }))
    .sort((a, b) => b.trade.timestamp - a.trade.timestamp || b.index - a.index)
    .map(({ trade }) => trade);
}

/** Whether the tape needs the futures columns. */
export function hasFuturesColumns(trades: readonly Trade[], type: string | undefined): boolean {
  return type === 'futures' || trades.some((trade) => trade.open_interest_change !== undefined || trade.position_effect !== undefined);
}

export function tapeRows(trades: readonly Trade[], timeZone: string): TapeRow[] {
  const priceDecimals = precisionOf(trades.map((trade) => trade.price));
  const quantityDecimals = precisionOf(trades.map((trade) => trade.quantity));
  return newestFirst(trades).map((trade) => ({
    id: trade.id,
    timestampMs: trade.timestamp,
    time: formatClock(trade.timestamp, timeZone),
    fullTime: formatFullTime(trade.timestamp, timeZone),
    price: formatPrice(Number(trade.price), priceDecimals),
    quantity: formatPrice(Number(trade.quantity), quantityDecimals),
    side: sideStyle(trade.side),
    ...(trade.open_interest_change !== undefined && { openInterestChange: formatSignedChange(trade.open_interest_change, 0) }),
    ...(trade.position_effect !== undefined && { positionEffect: positionEffectLabel(trade.position_effect) }),
  }));
}

/** Ids of `next` that `previous` did not hold; none on the first load. */
export function newTradeIds(previous: readonly Trade[] | undefined, next: readonly Trade[]): ReadonlySet<string> {
  if (previous === undefined) return new Set();
  const seen = new Set(previous.map((trade) => trade.id));
  return new Set(next.filter((trade) => !seen.has(trade.id)).map((trade) => trade.id));
}
