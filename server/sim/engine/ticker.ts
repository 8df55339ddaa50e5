/**
 * Quote figures of one instrument at `now`: last trade, best bid/ask around it, and the
 * statistics window — the trading day so far for exchange-traded products, a rolling 24 hours
 * for crypto.
 */
import { hash3 } from './hash.ts';
import { emptyCandle, foldBlock, type Candle } from './candle.ts';
import { dayToDate, locateLastTrade, printedSoFar, tradesSoFar, type Position } from './forming.ts';
import { roundPrice, type InstrumentModel } from './instrument-model.ts';
import { computeMinuteBlock } from './minute-bars.ts';
import { pieceMinutes } from './day-blocks.ts';
import { MINUTE_MS } from './price-path.ts';
import { tradingDaysBackward } from '../calendar/venues.ts';
import { addDaysYmd } from '#shared/time-zone.ts';
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

/**
 * The figures of an exchange-traded instrument change only with a trade: the same minute with the
 * same trades printed so far gives the same figures (a shut market's every poll; most HK stocks
 * between two polls a second apart, as the full-HK ticker of a live dashboard asks). Crypto's
 * window rolls with the clock itself, so it is computed every time.
 */
const lastFigures = new WeakMap<InstrumentModel, { minute: number; inProgress: boolean; printed: number; figures: TickerFigures }>();

export function tickerFigures(model: InstrumentModel, now: number): TickerFigures | undefined {
  const position = locateLastTrade(model, now);
  if (!position) return undefined;
  if (model.instrument.type === 'crypto') return computeFigures(model, position, now);
  const printed = printedSoFar(model, position, now);
  const last = lastFigures.get(model);
  if (last?.minute === position.minute && last.inProgress === position.inProgress && last.printed === printed) return last.figures;
  const figures = computeFigures(model, position, now);
  if (figures) lastFigures.set(model, { minute: position.minute, inProgress: position.inProgress, printed, figures });
  return figures;
}

/** The figures computed afresh, whatever was kept (what tickerFigures must always equal). */
export function freshTickerFigures(model: InstrumentModel, now: number): TickerFigures | undefined {
  const position = locateLastTrade(model, now);
  return position && computeFigures(model, position, now);
}

function computeFigures(model: InstrumentModel, position: Position, now: number): TickerFigures | undefined {
  const trades = tradesSoFar(model, position, now);
  const lastTrade = trades[trades.length - 1];
  if (!lastTrade) return undefined;
  const window = model.instrument.type === 'crypto' ? rolling24h(model, position, now) : dayToDate(model, position, now);
  const reference = model.instrument.type === 'crypto' ? window.open : (previousClose(model, position) ?? window.open);
  const figures: TickerFigures = { last: lastTrade.price, timestamp: lastTrade.timestamp, window, reference };
  if (model.instrument.hasQuotes) {
    // The quote brackets the last trade (bid < last <= ask), so the order book can sit on it.
    const tick = tickSizeFor(model.instrument, lastTrade.price);
    figures.bid = roundPrice(model, lastTrade.price - tick);
    figures.ask = roundPrice(model, lastTrade.price + tick * (hash3(model.seed, position.minute, STREAM_SPREAD + 1) % 2));
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

interface CompletedWindow {
  minute: number;
  /** The 1,440 completed minutes before `minute`. */
  candle: Candle;
  minuteQuanta: number;
  minuteTurnover: number;
}
/** Per crypto instrument, folded once a minute rather than at every ticker (realtime pushes each second). */
const completedWindows = new WeakMap<InstrumentModel, CompletedWindow>();

function completedWindow(model: InstrumentModel, current: number, now: number): CompletedWindow {
  let window = completedWindows.get(model);
  if (window?.minute !== current) {
    const firstMinute = current - 1_440;
    const candle = emptyCandle(firstMinute * MINUTE_MS, now);
    const block = computeMinuteBlock(model, firstMinute, current + 1, firstMinute, current + 1);
    foldBlock(candle, block, 0, block.count - 1);
    window = { minute: current, candle, minuteQuanta: block.quanta[block.count - 1] ?? 1, minuteTurnover: block.turnover[block.count - 1] ?? 0 };
    completedWindows.set(model, window);
  }
  return window;
}

/** Crypto trades around the clock: its statistics cover the 24 hours up to now. */
function rolling24h(model: InstrumentModel, position: Position, now: number): Candle {
  const { candle: completed, minuteQuanta, minuteTurnover } = completedWindow(model, position.minute, now);
  const candle = { ...completed, end: now };
  // The current minute counts only as far as its trades so far.
  const soFar = tradesSoFar(model, position, now);
  for (const trade of soFar) {
    candle.turnover += (minuteTurnover * trade.quanta) / minuteQuanta;
    candle.high = Math.max(candle.high, trade.price);
    candle.low = Math.min(candle.low, trade.price);
    candle.close = trade.price;
    candle.quanta += trade.quanta;
  }
  return candle;
}
