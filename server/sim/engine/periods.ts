/**
 * How each K-line interval cuts time: intraday intervals count buckets from each session piece's
 * anchor (bars never span a lunch break); 1d is a trading day; 1w and 1M group trading days by
 * the local calendar week (Monday first) and month.
 */
import type { Interval } from '#shared/contract.ts';
import { periodFirstDay } from '#shared/calendar-periods.ts';
import { addDaysYmd, parseYmd, zonedTimeToUtc } from '#shared/time-zone.ts';
import type { SessionPiece, TradingDay } from '../calendar/types.ts';

const INTRADAY_MINUTES: Partial<Record<Interval, number>> = {
  '1m': 1,
  '3m': 3,
  '5m': 5,
  '15m': 15,
  '30m': 30,
  '1h': 60,
  '2h': 120,
  '4h': 240,
};

export function intradayMinutes(interval: Interval): number | undefined {
  return INTRADAY_MINUTES[interval];
}

export interface Bucket {
  time: number;
  end: number;
  piece: SessionPiece;
}

/** The intraday buckets of one piece, in time order. */
export function piecesBuckets(piece: SessionPiece, minutes: number): Bucket[] {
  const span = minutes * 60_000;
  const buckets: Bucket[] = [];
  let time = piece.anchor + Math.floor((piece.start - piece.anchor) / span) * span;
  while (time < piece.end) {
    buckets.push({ time, end: Math.min(time + span, piece.end), piece });
    time += span;
  }
  return buckets;
}

/** The bucket of `minutes` that contains instant `ms` inside `piece`. */
export function bucketAt(piece: SessionPiece, minutes: number, ms: number): Bucket {
  const span = minutes * 60_000;
  const time = piece.anchor + Math.floor((ms - piece.anchor) / span) * span;
  return { time, end: Math.min(time + span, piece.end), piece };
}

/** Key of the week or month a trading day falls in: the YYYYMMDD of the period's first day. */
export function groupKey(interval: '1w' | '1M', day: Pick<TradingDay, 'day'>): string {
  return periodFirstDay(interval, day.day);
}

/** Start and end (exclusive) instants of a week or month group in the venue's time zone. */
export function groupSpan(interval: '1w' | '1M', key: string, timeZone: string): { time: number; end: number } {
  const first = parseYmd(key);
  if (!first) throw new RangeError(`bad period key ${key}`);
  const next =
    interval === '1w'
      ? parseYmd(addDaysYmd(key, 7))
      : { year: first.month === 12 ? first.year + 1 : first.year, month: first.month === 12 ? 1 : first.month + 1, day: 1 };
  if (!next) throw new RangeError(`bad period key ${key}`);
  return {
    time: zonedTimeToUtc(first.year, first.month, first.day, 0, 0, timeZone),
    end: zonedTimeToUtc(next.year, next.month, next.day, 0, 0, timeZone),
  };
}
