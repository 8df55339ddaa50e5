/**
 * The intraday line: one point per minute of the trading day so far, with the cumulative
 * average price (turnover ÷ volume) that the dashboard draws beside it.
 */
import { locateLastTrade, tradesSoFar } from './forming.ts';
import type { InstrumentModel } from './instrument-model.ts';
import { pieceBlock, pieceMinutes } from './day-blocks.ts';
import { MINUTE_MS } from './price-path.ts';

export interface IntradayPoint {
  timestamp: number;
  price: number;
  volume: number;
  turnover: number;
  avgPrice: number;
}

export function intradayPoints(model: InstrumentModel, now: number): IntradayPoint[] {
  const position = locateLastTrade(model, now);
  if (!position) return [];
  const points: IntradayPoint[] = [];
  let totalVolume = 0;
  let totalTurnover = 0;
  const push = (minute: number, price: number, volume: number, turnover: number): void => {
    totalVolume += volume;
    totalTurnover += turnover;
    points.push({ timestamp: minute * MINUTE_MS, price, volume, turnover, avgPrice: totalVolume > 0 ? totalTurnover / totalVolume : price });
  };
  const quantum = model.volumeQuantum;
  for (const piece of position.day.pieces) {
    if (piece.start > position.piece.start) break;
    const block = pieceBlock(model, piece);
    const { first } = pieceMinutes(piece);
    const until = piece === position.piece ? position.minute - first : block.count;
    for (let i = 0; i < until; i++) {
      push(first + i, block.close[i] ?? 0, (block.quanta[i] ?? 0) * quantum, block.turnover[i] ?? 0);
    }
    if (piece === position.piece) {
      const index = position.minute - first;
      const trades = tradesSoFar(model, position, now);
      const last = trades[trades.length - 1];
      if (last) {
        const quanta = trades.reduce((sum, trade) => sum + trade.quanta, 0);
        const turnover = Math.round((((block.turnover[index] ?? 0) * quanta) / (block.quanta[index] ?? 1)) * 100) / 100;
        push(position.minute, last.price, quanta * quantum, turnover);
      }
    }
  }
  return points;
}
