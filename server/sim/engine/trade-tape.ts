/** The most recent trades at or before now, walking back across minutes, sessions and days. */
import { tradingDaysBackward } from '../calendar/venues.ts';
import { locateLastTrade, tradesSoFar } from './forming.ts';
import type { InstrumentModel } from './instrument-model.ts';
import { computeMinuteBlock } from './minute-bars.ts';
import { pieceMinutes } from './day-blocks.ts';
import { tradesOfMinute, type SimTrade } from './trades.ts';

const CHUNK_MINUTES = 30;

/** Up to `limit` trades, ascending by time. */
export function recentTrades(model: InstrumentModel, limit: number, now: number): SimTrade[] {
  const position = locateLastTrade(model, now);
  if (!position) return [];
  // A copy: reversed in place, the engine's list of a complete minute flipped for every other caller.
  const newestFirst: SimTrade[] = [...tradesSoFar(model, position, now)].reverse();
  const { listedSince, venue } = model.instrument;
  let cursor = position.minute; // minutes before this one are complete
  outer: for (const day of tradingDaysBackward(venue, position.day.day)) {
    if (day.day < listedSince) break;
    for (let p = day.pieces.length - 1; p >= 0; p--) {
      const piece = day.pieces[p];
      if (!piece || piece.start > position.piece.start) continue;
      const { first, end } = pieceMinutes(piece);
      let to = Math.min(end, cursor);
      while (to > first && newestFirst.length < limit) {
        const from = Math.max(first, to - CHUNK_MINUTES);
        const block = computeMinuteBlock(model, from, to, first, end);
        for (let i = block.count - 1; i >= 0 && newestFirst.length < limit; i--) {
          const trades = tradesOfMinute(model, block, i);
          for (let t = trades.length - 1; t >= 0 && newestFirst.length < limit; t--) {
            const trade = trades[t];
            if (trade) newestFirst.push(trade);
          }
        }
        to = from;
      }
      cursor = first;
      if (newestFirst.length >= limit) break outer;
    }
  }
  return newestFirst.slice(0, limit).reverse();
}
