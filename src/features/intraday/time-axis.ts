/**
 * The intraday chart's fixed x axis: every minute of the trading day's regular sessions gets a
 * slot, in order, with the gaps between sessions (the lunch break) closed up. Slots after the
 * last line stay empty, so the axis always spans to the close. Lines outside the regular
 * sessions (pre-market, after-hours, overnight from an upstream that sends them) extend the axis
 * with the extended sessions that hold them, marked so the chart can shade them.
 */
import type { SessionMarket } from '#shared/contract.ts';
import { sessionsOn, type SessionPhase, type TradingSession } from '../../lib/trading-sessions';
import { addDaysYmd, ymdInZone } from '#shared/time-zone.ts';

const MINUTE_MS = 60_000;

/** One session laid on the axis: [start, end) ms UTC, occupying slots [offset, offset + minutes). */
export interface AxisSegment {
  start: number;
  end: number;
  phase: SessionPhase;
  /** Slots before this segment on the axis. */
  offset: number;
  minutes: number;
}

export interface TimeAxis {
  /** YYYYMMDD in the market's zone. */
  tradingDay: string;
  timeZone: string;
  /** Ascending, non-overlapping. */
  segments: readonly AxisSegment[];
  /** Total slots (minutes) on the axis. */
  minutes: number;
}

export interface TimeAxisInput {
  market: SessionMarket;
  /** The market's full session table (§2.10), regular and extended entries. */
  sessions: readonly TradingSession[];
  timeZone: string;
  /** Timestamps (ms UTC, minute starts) of the intraday lines, in any order. */
  timestamps: readonly number[];
}

/** Whether `ms` lies in [start, end], the close itself included (a closing-auction line). */
function holds(interval: { start: number; end: number }, ms: number): boolean {
  return interval.start <= ms && ms <= interval.end;
}

/**
 * The trading day of a line: its local date, or the next one when it falls in the evening part of
 * a session that runs past midnight (the overnight session belongs to the day it ends on).
 */
export function tradingDayOf(market: SessionMarket, sessions: readonly TradingSession[], ms: number, timeZone: string): string {
  const day = ymdInZone(ms, timeZone);
  if (sessionsOn(market, sessions, day, 'full', timeZone).some((s) => holds(s, ms))) return day;
  const next = addDaysYmd(day, 1);
  return sessionsOn(market, sessions, next, 'full', timeZone).some((s) => holds(s, ms)) ? next : day;
}

/**
 * The axis of the trading day of the earliest line; undefined without lines or without regular
 * sessions (nothing to lay out).
 */
export function buildTimeAxis({ market, sessions, timeZone, timestamps }: TimeAxisInput): TimeAxis | undefined {
  if (timestamps.length === 0) return undefined;
  const first = Math.min(...timestamps);
  const tradingDay = tradingDayOf(market, sessions, first, timeZone);
  return dayAxis({ market, sessions, timeZone, timestamps }, tradingDay, 'full');
}

/**
 * The axis of `tradingDay` (a half day with `kind` 'half'): its regular sessions, and the
 * extended ones that hold some of `timestamps`; undefined when the day has no regular session.
 */
export function dayAxis({ market, sessions, timeZone, timestamps }: TimeAxisInput, tradingDay: string, kind: 'full' | 'half'): TimeAxis | undefined {
  const day = sessionsOn(market, sessions, tradingDay, kind, timeZone);
  const regular = day.filter((s) => s.phase === 'open');
  if (regular.length === 0) return undefined;
  const outside = timestamps.filter((ms) => !regular.some((s) => holds(s, ms)));
  const extended = day.filter((s) => s.phase !== 'open' && outside.some((ms) => holds(s, ms)));
  const chosen = [...regular, ...extended].sort((a, b) => a.start - b.start);

  const segments: AxisSegment[] = [];
  let offset = 0;
  for (const session of chosen) {
    const previous = segments[segments.length - 1];
    const start = previous !== undefined ? Math.max(session.start, previous.end) : session.start;
    const minutes = Math.floor((session.end - start) / MINUTE_MS);
    if (minutes <= 0) continue;
    segments.push({ start, end: start + minutes * MINUTE_MS, phase: session.phase, offset, minutes });
    offset += minutes;
  }
  return { tradingDay, timeZone, segments, minutes: offset };
}

/**
 * The slot of the minute starting at `ms`; a line stamped exactly at a segment's close (a closing
 * auction) joins that segment's last minute. Undefined off the axis.
 */
export function slotOf(axis: TimeAxis, ms: number): number | undefined {
  for (const segment of axis.segments) {
    if (ms >= segment.start && ms < segment.end) return segment.offset + Math.floor((ms - segment.start) / MINUTE_MS);
  }
  for (const segment of axis.segments) {
    if (ms === segment.end) return segment.offset + segment.minutes - 1;
  }
  return undefined;
}

/** The start (ms UTC) of the minute in `slot`; undefined off the axis. */
export function timeOfSlot(axis: TimeAxis, slot: number): number | undefined {
  const whole = Math.floor(slot);
  const segment = axis.segments.find((s) => whole >= s.offset && whole < s.offset + s.minutes);
  return segment === undefined ? undefined : segment.start + (whole - segment.offset) * MINUTE_MS;
}
