/**
 * The present: where the last trade at or before `now` happened, the partial minute it belongs
 * to, the trading day so far and the forming candle of any interval. A minute still in progress
 * is the aggregate of its trades printed so far, so everything here agrees with the trade tape.
 */
import type { Interval } from '#shared/contract.ts';
import { tradingDayOf, tradingDaysBackward, venueTimeZone } from '../calendar/venues.ts';
import type { SessionPiece, TradingDay } from '../calendar/types.ts';
import type { VenueId } from '../catalog/types.ts';
import { emptyCandle, foldBar, foldBlock, foldCandle, type Candle } from './candle.ts';
import { dailyCandle, pieceCandle, pieceMinutes } from './day-blocks.ts';
import type { InstrumentModel } from './instrument-model.ts';
import { computeMinuteBlock, foldMinutes, openInterestAt, type MinuteBlock } from './minute-bars.ts';
import { bucketAt, groupKey, groupSpan, intradayMinutes } from './periods.ts';
import { MINUTE_MS } from './price-path.ts';
import { tradesOfMinute, type SimTrade } from './trades.ts';

export interface Position {
  day: TradingDay;
  piece: SessionPiece;
  /** Epoch minute of the last minute with a trade at or before now. */
  minute: number;
  /** True when now falls inside that minute (it is still forming). */
  inProgress: boolean;
}

/**
 * The minute of the last trade at or before `now`, or undefined before the first listing day.
 * Every instrument of a venue trades in its sessions: the venue's answer for the last `now` asked
 * serves them all (the full-HK ticker asks for 2,600 stocks of one venue at one instant).
 */
export function locateLastTrade(model: InstrumentModel, now: number): Position | undefined {
  const { venue, listedSince } = model.instrument;
  let last = venuePositions.get(venue);
  if (last?.now !== now) {
    last = { now, position: venueLastTrade(venue, now) };
    venuePositions.set(venue, last);
  }
  // Days are walked back from now: one listed after the venue's last trading day has none yet.
  return last.position && last.position.day.day >= listedSince ? last.position : undefined;
}

const venuePositions = new Map<VenueId, { now: number; position: Position | undefined }>();

/** Days before any listing: the walk back stops there. */
const EARLIEST_DAY = '19900101';

function venueLastTrade(venue: VenueId, now: number): Position | undefined {
  for (const day of tradingDaysBackward(venue, tradingDayOf(venue, now))) {
    if (day.day < EARLIEST_DAY) return undefined;
    for (let i = day.pieces.length - 1; i >= 0; i--) {
      const piece = day.pieces[i];
      if (!piece || piece.start > now) continue;
      if (now < piece.end) return { day, piece, minute: Math.floor(now / MINUTE_MS), inProgress: true };
      return { day, piece, minute: Math.floor(piece.end / MINUTE_MS) - 1, inProgress: false };
    }
  }
  return undefined;
}

interface CurrentMinute {
  minute: number;
  block: MinuteBlock;
  /** Shared by every caller: never changed in place. */
  trades: readonly SimTrade[];
}
/** The last minute asked about, per instrument: tickers, trades and candles all ask for it. */
const currentMinutes = new WeakMap<InstrumentModel, CurrentMinute>();

function currentMinute(model: InstrumentModel, position: Position): CurrentMinute {
  let current = currentMinutes.get(model);
  if (current?.minute !== position.minute) {
    const { first, end } = pieceMinutes(position.piece);
    const block = computeMinuteBlock(model, position.minute, position.minute + 1, first, end);
    current = { minute: position.minute, block, trades: tradesOfMinute(model, block, 0) };
    currentMinutes.set(model, current);
  }
  return current;
}

/** The one-minute block of the position's minute. */
export function minuteBlockAt(model: InstrumentModel, position: Position): MinuteBlock {
  return currentMinute(model, position).block;
}

/** Trades of the position's minute printed at or before now (the engine's own list once the minute is complete: copy it to change it). */
export function tradesSoFar(model: InstrumentModel, position: Position, now: number): readonly SimTrade[] {
  const { trades } = currentMinute(model, position);
  return position.inProgress ? trades.filter((trade) => trade.timestamp <= now) : trades;
}

/** How many of the position's minute's trades are printed at or before now (they are in time order). */
export function printedSoFar(model: InstrumentModel, position: Position, now: number): number {
  const { trades } = currentMinute(model, position);
  if (!position.inProgress) return trades.length;
  let count = 0;
  while (count < trades.length && (trades[count]?.timestamp ?? Infinity) <= now) count++;
  return count;
}

/** Folds the position's minute (partially, when in progress) into `candle`. */
function foldCurrentMinute(model: InstrumentModel, candle: Candle, position: Position, now: number): void {
  const block = minuteBlockAt(model, position);
  if (!position.inProgress) {
    foldBlock(candle, block, 0, 1);
    return;
  }
  const trades = tradesSoFar(model, position, now);
  const quanta = block.quanta[0] ?? 1;
  let openInterest = model.instrument.type === 'futures' ? openInterestAt(model, position.minute) : 0;
  for (const trade of trades) {
    openInterest += trade.openInterestChange ?? 0;
    const share = trade.quanta / quanta;
    foldBar(candle, trade.price, trade.price, trade.price, trade.price, trade.quanta, (block.turnover[0] ?? 0) * share, openInterest);
  }
  candle.turnover = Math.round(candle.turnover * 100) / 100;
}

interface DayProgressCache {
  day: string;
  /** Minutes before this epoch minute are folded into `candle`. */
  foldedUntil: number;
  candle: Candle;
}
const dayProgress = new WeakMap<InstrumentModel, DayProgressCache>();

/**
 * Candle of the completed minutes of the position's trading day before its current minute.
 * Cached per instrument and extended as the clock advances: the full-HK ticker asks this of
 * 2,600 instruments at every poll.
 */
function completedMinutesOfDay(model: InstrumentModel, position: Position): Candle {
  const { day } = position;
  const lastPiece = day.pieces[day.pieces.length - 1];
  let cache = dayProgress.get(model);
  if (cache?.day !== day.day || cache.foldedUntil > position.minute) {
    cache = { day: day.day, foldedUntil: 0, candle: emptyCandle(day.dayStart, lastPiece ? lastPiece.end : day.dayStart) };
    dayProgress.set(model, cache);
  }
  for (const piece of day.pieces) {
    const { first, end } = pieceMinutes(piece);
    const from = Math.max(first, cache.foldedUntil);
    const to = Math.min(end, position.minute);
    if (from >= to) continue;
    // A whole piece already over (HK's morning at the first call of the afternoon) is its frame.
    if (from === first && to === end) foldCandle(cache.candle, pieceCandle(model, first, end));
    else foldMinutes(cache.candle, model, from, to, first, end);
    cache.foldedUntil = to;
  }
  return cache.candle;
}

/**
 * Between sessions (the position is the last minute of a piece, complete) the day so far is
 * whole pieces: their frames, which equal the fold of their minutes, with no minute computed.
 */
function piecesSoFar(model: InstrumentModel, position: Position): Candle {
  const { day } = position;
  const lastPiece = day.pieces[day.pieces.length - 1];
  // After the close it is the whole day, whose candle is cached: a shut market's every poll asks.
  if (position.piece === lastPiece) return copyCandle(dailyCandle(model, day));
  const candle = emptyCandle(day.dayStart, lastPiece ? lastPiece.end : day.dayStart);
  for (const piece of day.pieces) {
    if (piece.start > position.piece.start) break;
    const { first, end } = pieceMinutes(piece);
    foldCandle(candle, pieceCandle(model, first, end));
  }
  return candle;
}

function copyCandle(candle: Candle): Candle {
  return { ...candle };
}

/** The trading day up to now: open, high, low, last, volume and turnover so far. */
export function dayToDate(model: InstrumentModel, position: Position, now: number): Candle {
  if (!position.inProgress) return piecesSoFar(model, position);
  const candle = copyCandle(completedMinutesOfDay(model, position));
  foldCurrentMinute(model, candle, position, now);
  return candle;
}

/** The forming (or, when the market is shut, the latest) candle of `interval`. */
export function formingCandle(model: InstrumentModel, interval: Interval, now: number): Candle | undefined {
  const position = locateLastTrade(model, now);
  if (!position) return undefined;
  const minutes = intradayMinutes(interval);
  if (minutes !== undefined) {
    const bucket = bucketAt(position.piece, minutes, position.minute * MINUTE_MS);
    const candle = emptyCandle(bucket.time, bucket.end);
    const { first, end } = pieceMinutes(position.piece);
    const from = Math.max(first, Math.floor(bucket.time / MINUTE_MS));
    if (from < position.minute) {
      foldMinutes(candle, model, from, position.minute, first, end);
    }
    foldCurrentMinute(model, candle, position, now);
    return candle;
  }
  const today = dayToDate(model, position, now);
  if (interval === '1d') return today;
  const group = interval === '1w' || interval === '1M' ? interval : '1M';
  const key = groupKey(group, position.day);
  const earlier: TradingDay[] = [];
  for (const day of tradingDaysBackward(model.instrument.venue, position.day.day)) {
    if (day.day === position.day.day) continue;
    if (groupKey(group, day) !== key || day.day < model.instrument.listedSince) break;
    earlier.push(day);
  }
  const span = groupSpan(group, key, venueTimeZone(model.instrument.venue));
  const candle = emptyCandle(span.time, span.end);
  for (let i = earlier.length - 1; i >= 0; i--) {
    const day = earlier[i];
    if (day) foldCandle(candle, dailyCandle(model, day));
  }
  foldCandle(candle, today);
  return candle;
}
