/**
 * Completed K-lines of any interval over any window, produced by walking the trading calendar
 * from the window's edge, never from the beginning of history.
 */
import type { Interval } from '#shared/contract.ts';
import { tradingDayOf, tradingDaysBackward, tradingDaysForward, venueTimeZone } from '../calendar/venues.ts';
import type { TradingDay } from '../calendar/types.ts';
import { emptyCandle, foldBlock, foldCandle, type Candle } from './candle.ts';
import { dailyCandle, pieceBlock, pieceMinutes } from './day-blocks.ts';
import type { InstrumentModel } from './instrument-model.ts';
import { groupKey, groupSpan, intradayMinutes, piecesBuckets } from './periods.ts';
import { MINUTE_MS } from './price-path.ts';

export interface Window {
  startTime?: number;
  endTime?: number;
  limit: number;
}

/** Every candle of one trading day for an intraday interval (complete or not). */
export function intradayCandlesOfDay(model: InstrumentModel, day: TradingDay, minutes: number): Candle[] {
  const candles: Candle[] = [];
  for (const piece of day.pieces) {
    const block = pieceBlock(model, piece);
    const { first } = pieceMinutes(piece);
    for (const bucket of piecesBuckets(piece, minutes)) {
      const candle = emptyCandle(bucket.time, bucket.end);
      const from = Math.max(0, Math.floor(bucket.time / MINUTE_MS) - first);
      const to = Math.min(block.count, Math.floor(bucket.end / MINUTE_MS) - first);
      foldBlock(candle, block, from, to);
      if (!candle.empty) candles.push(candle);
    }
  }
  return candles;
}

/** Candles contributed by one trading day: intraday buckets, or the day itself for >= 1d. */
function candlesOfDay(model: InstrumentModel, day: TradingDay, interval: Interval): Candle[] {
  const minutes = intradayMinutes(interval);
  if (minutes !== undefined) return intradayCandlesOfDay(model, day, minutes);
  return [dailyCandle(model, day)];
}

/** Groups consecutive trading days into weeks or months, in the order the days come. */
function* groupDays(model: InstrumentModel, days: Iterable<TradingDay>, interval: '1w' | '1M', newestFirst: boolean): Generator<Candle> {
  const timeZone = venueTimeZone(model.instrument.venue);
  let key: string | undefined;
  let members: TradingDay[] = [];
  const flush = (): Candle | undefined => {
    if (key === undefined || members.length === 0) return undefined;
    const span = groupSpan(interval, key, timeZone);
    const candle = emptyCandle(span.time, span.end);
    const chronological = newestFirst ? [...members].reverse() : members;
    for (const member of chronological) foldCandle(candle, dailyCandle(model, member));
    return candle;
  };
  for (const day of days) {
    const dayKey = groupKey(interval, day);
    if (dayKey !== key) {
      const done = flush();
      if (done) yield done;
      key = dayKey;
      members = [];
    }
    members.push(day);
  }
  const last = flush();
  if (last) yield last;
}

function* listedDaysBackward(model: InstrumentModel, fromMs: number): Generator<TradingDay> {
  const { venue, listedSince } = model.instrument;
  for (const day of tradingDaysBackward(venue, tradingDayOf(venue, fromMs))) {
    if (day.day < listedSince) return;
    yield day;
  }
}

function* listedDaysForward(model: InstrumentModel, fromMs: number): Generator<TradingDay> {
  const { venue, listedSince } = model.instrument;
  const startDay = tradingDayOf(venue, fromMs);
  for (const day of tradingDaysForward(venue, startDay < listedSince ? listedSince : startDay)) yield day;
}

/** Candles newest first, walking back from `fromMs`. */
function* candlesBackward(model: InstrumentModel, interval: Interval, fromMs: number): Generator<Candle> {
  if (interval === '1w' || interval === '1M') {
    yield* groupDays(model, listedDaysBackward(model, fromMs), interval, true);
    return;
  }
  for (const day of listedDaysBackward(model, fromMs)) {
    const candles = candlesOfDay(model, day, interval);
    for (let i = candles.length - 1; i >= 0; i--) {
      const candle = candles[i];
      if (candle) yield candle;
    }
  }
}

/** Candles oldest first, walking forward from `fromMs` (stops at the first incomplete one). */
function* candlesForward(model: InstrumentModel, interval: Interval, fromMs: number, now: number): Generator<Candle> {
  if (interval === '1w' || interval === '1M') {
    // Start at the first day of the period containing fromMs so that period is not cut short.
    const { venue } = model.instrument;
    const periodStart = groupSpan(interval, groupKey(interval, { day: tradingDayOf(venue, fromMs) }), venueTimeZone(venue)).time;
    yield* groupDays(model, daysUntil(listedDaysForward(model, periodStart), now), interval, false);
    return;
  }
  for (const day of listedDaysForward(model, fromMs)) {
    const first = day.pieces[0];
    if (!first || first.start > now) return;
    for (const candle of candlesOfDay(model, day, interval)) yield candle;
  }
}

function* daysUntil(days: Iterable<TradingDay>, now: number): Generator<TradingDay> {
  for (const day of days) {
    if (day.dayStart > now) return;
    yield day;
  }
}

/**
 * Completed candles in the window, ascending. With only `startTime`, the first `limit` from it;
 * otherwise the latest `limit` at or before `endTime` (and at or after `startTime`).
 */
export function completedCandles(model: InstrumentModel, interval: Interval, window: Window, now: number): Candle[] {
  const { startTime, endTime, limit } = window;
  const isComplete = (candle: Candle): boolean => candle.end <= now;
  if (startTime !== undefined && endTime === undefined) {
    const result: Candle[] = [];
    for (const candle of candlesForward(model, interval, startTime, now)) {
      if (!isComplete(candle)) break;
      if (candle.time < startTime) continue;
      result.push(candle);
      if (result.length >= limit) break;
    }
    return result;
  }
  const upper = Math.min(endTime ?? now, now);
  const result: Candle[] = [];
  for (const candle of candlesBackward(model, interval, upper)) {
    if (startTime !== undefined && candle.end <= startTime) break;
    if (candle.time > upper || !isComplete(candle)) continue;
    if (startTime !== undefined && candle.time < startTime) break;
    result.push(candle);
    if (result.length >= limit) break;
  }
  return result.reverse();
}
