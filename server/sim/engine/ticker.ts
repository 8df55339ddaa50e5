/**
 * Quote figures of one instrument at `now`: last trade, best bid/ask around it, and the
 * statistics window — the trading day so far for exchange-traded products, a rolling 24 hours
 * for crypto.
 */
import { hash3 } from './hash.ts';
import { emptyCandle, foldBlock, type Candle } from './candle.ts';
import { dayToDate, locateLastTrade, tradesSoFar, type Position } from './forming.ts';
import { roundPrice, type InstrumentModel } from './instrument-model.ts';
import { computeMinuteBlock } from './minute-bars.ts';
import { pieceMinutes } from './day-blocks.ts';
import { MINUTE_MS } from './price-path.ts';
import { tradingDaysBackward } from '../calendar/venues.ts';
import { addDaysYmd } from '../../../src/lib/time-zone.ts';
import { tickSizeFor } from '../catalog/tick-size.ts';

export interface TickerFigures {
  last: number;
  timestamp: number;
  window: Candle;
  /** Reference price of the change: previous close, or the price 24 h ago for crypto. */
  reference: number;
  bid?: number;
  ask?: number;
}

const STREAM_SPREAD = 3_000;

/** Figures of a market that has shut do not change until it reopens: keep the last ones. */
const settled = new WeakMap<InstrumentModel, { minute: number; figures: TickerFigures }>();

export function tickerFigures(model: InstrumentModel, now: number): TickerFigures | undefined {
  const position = locateLastTrade(model, now);
  if (!position) return undefined;
  const cached = settled.get(model);
  if (!position.inProgress && cached?.minute === position.minute && model.instrument.type !== 'crypto') return cached.figures;
  const figures = computeFigures(model, position, now);
  if (figures && !position.inProgress) settled.set(model, { minute: position.minute, figures });
  return figures;
}

function computeFigures(model: InstrumentModel, position: Position, now: number): TickerFigures | undefined {
  const trades = tradesSoFar(model, position, now);
  const lastTrade = trades[trades.length - 1];
  if (!lastTrade) return undefined;
  const window = model.instrument.type === 'crypto' ? rolling24h(model, position, now) : dayToDate(model, position, now);
  const reference = model.instrument.type === 'crypto' ? window.open : previousClose(model, position) ?? window.open;
  const figures: TickerFigures = { last: lastTrade.price, timestamp: lastTrade.timestamp, window, reference };
  if (model.instrument.hasQuotes) {
    const tick = tickSizeFor(model.instrument, lastTrade.price);
    const below = hash3(model.seed, position.minute, STREAM_SPREAD) % 2;
    const bid = roundPrice(model, lastTrade.price - below * tick);
    figures.bid = bid;
    figures.ask = roundPrice(model, bid + tick * (1 + (hash3(model.seed, position.minute, STREAM_SPREAD + 1) % 2)));
  }
  return figures;
}

const previousCloses = new WeakMap<InstrumentModel, { day: string; close: number | undefined }>();

/** Close of the trading day before the position's day (cached per instrument and day). */
function previousClose(model: InstrumentModel, position: Position): number | undefined {
  const cached = previousCloses.get(model);
  if (cached?.day === position.day.day) return cached.close;
  const close = findPreviousClose(model, position);
  previousCloses.set(model, { day: position.day.day, close });
  return close;
}

function findPreviousClose(model: InstrumentModel, position: Position): number | undefined {
  const { venue, listedSince } = model.instrument;
  for (const day of tradingDaysBackward(venue, addDaysYmd(position.day.day, -1))) {
    if (day.day < listedSince) return undefined;
    const lastPiece = day.pieces[day.pieces.length - 1];
    if (!lastPiece) continue;
    const { first, end } = pieceMinutes(lastPiece);
    return computeMinuteBlock(model, end - 1, end, first, end).close[0];
  }
  return undefined;
}

/** Crypto trades around the clock: its statistics cover the 24 hours up to now. */
function rolling24h(model: InstrumentModel, position: Position, now: number): Candle {
  const current = position.minute;
  const firstMinute = current - 1_440;
  const candle = emptyCandle(firstMinute * MINUTE_MS, now);
  const block = computeMinuteBlock(model, firstMinute, current + 1, firstMinute, current + 1);
  foldBlock(candle, block, 0, block.count - 1);
  // The current minute counts only as far as its trades so far.
  const soFar = tradesSoFar(model, position, now);
  const minuteQuanta = block.quanta[block.count - 1] ?? 1;
  const minuteTurnover = block.turnover[block.count - 1] ?? 0;
  for (const trade of soFar) {
    candle.turnover += (minuteTurnover * trade.quanta) / minuteQuanta;
    candle.high = Math.max(candle.high, trade.price);
    candle.low = Math.min(candle.low, trade.price);
    candle.close = trade.price;
    candle.quanta += trade.quanta;
  }
  return candle;
}
