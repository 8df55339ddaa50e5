/**
 * Trading days and their regular session pieces, per venue, in UTC milliseconds. This is the
 * price engine's hot path: getTradingDay is memoised per (venue, day) and days are assembled from
 * one time-zone offset each (no Intl at all for the fixed-offset zones).
 */
import { timeZoneOffsetMs } from '#shared/time-zone.ts';
import { civilDay, DAY_MS, HOUR_MS, isWeekend, MINUTE_MS, weekdayOfUtcMidnight, ymdOfUtc } from './civil-day.ts';
import { dayKind } from './closures.ts';
import type { SessionPiece, TradingDay, VenueId } from './types.ts';
import { VENUES, type MinuteRange } from './venue-specs.ts';

/** Iteration bounds of tradingDaysBackward / tradingDaysForward. */
export const FIRST_CALENDAR_MS = Date.UTC(1990, 0, 1);
export const END_CALENDAR_MS = Date.UTC(2101, 0, 1);

export function isTradingDay(id: VenueId, ymd: string): boolean {
  return dayKind(id, ymd) !== 'closed';
}

export function isHalfDay(id: VenueId, ymd: string): boolean {
  return dayKind(id, ymd) === 'half';
}

/**
 * Offset (local − UTC, ms) in force throughout the local calendar day whose UTC midnight is
 * `utcMidnight`, read at 12:00 UTC of that date (the same local date in every venue zone). Exact
 * for every trading day: DST in America/New_York, Europe/London and Europe/Berlin changes only in
 * weekend nights, and those venues never trade at weekends (CRYPTO and FOREX are on UTC). A test
 * checks this against zonedTimeToUtc across several DST changes.
 */
function dayOffsetMs(timeZone: string, utcMidnight: number): number {
  return timeZoneOffsetMs(utcMidnight + 12 * HOUR_MS, timeZone);
}

function piece(tradingDay: string, localMidnight: number, [from, to]: MinuteRange): SessionPiece {
  const start = localMidnight + from * MINUTE_MS;
  return Object.freeze({ tradingDay, start, end: localMidnight + to * MINUTE_MS, anchor: start });
}

function buildTradingDay(id: VenueId, ymd: string): TradingDay | undefined {
  const kind = dayKind(id, ymd);
  const civil = civilDay(ymd);
  if (kind === 'closed' || !civil) return undefined;
  const spec = VENUES[id];
  const dayStart = civil.utcMidnight - dayOffsetMs(spec.timeZone, civil.utcMidnight);
  const pieces: SessionPiece[] = [];

  if (spec.night) {
    // The night session of the previous trading day P, if P is close enough to belong to this day.
    for (let gap = 1; gap <= spec.night.maxGapDays; gap++) {
      const previousMidnight = civil.utcMidnight - gap * DAY_MS;
      const previous = ymdOfUtc(previousMidnight);
      if (!isTradingDay(id, previous)) continue;
      const previousStart = previousMidnight - dayOffsetMs(spec.timeZone, previousMidnight);
      pieces.push(piece(ymd, previousStart, spec.night.range));
      break;
    }
  }
  for (const range of kind === 'half' ? spec.half : spec.regular) pieces.push(piece(ymd, dayStart, range));

  return Object.freeze({ day: ymd, dayStart, half: kind === 'half', pieces: Object.freeze(pieces) as SessionPiece[] });
}

const memo = new Map<VenueId, Map<string, TradingDay | null>>();

/**
 * The trading day `ymd` at a venue with its sessions; undefined when the venue does not trade
 * that day (or `ymd` is not a real date). Memoised; the result is frozen and shared.
 */
export function getTradingDay(id: VenueId, ymd: string): TradingDay | undefined {
  let byDay = memo.get(id);
  if (!byDay) {
    byDay = new Map();
    memo.set(id, byDay);
  }
  const hit = byDay.get(ymd);
  if (hit !== undefined) return hit ?? undefined;
  const built = buildTradingDay(id, ymd);
  // Only real dates are remembered, so junk input cannot grow the memo.
  if (built || civilDay(ymd)) byDay.set(ymd, built ?? null);
  return built;
}

function startOf(fromYmd: string): number {
  const civil = civilDay(fromYmd);
  if (!civil) throw new RangeError(`not a YYYYMMDD date: ${fromYmd}`);
  return civil.utcMidnight;
}

/** Trading days from `fromYmd` (inclusive) back in time, down to 1 January 1990. */
export function* tradingDaysBackward(id: VenueId, fromYmd: string): Generator<TradingDay> {
  const weekendsClosed = id !== 'CRYPTO';
  for (let t = startOf(fromYmd); t >= FIRST_CALENDAR_MS; t -= DAY_MS) {
    if (weekendsClosed && isWeekend(weekdayOfUtcMidnight(t))) continue;
    const day = getTradingDay(id, ymdOfUtc(t));
    if (day) yield day;
  }
}

/** Trading days from `fromYmd` (inclusive) forward in time, up to 31 December 2100. */
export function* tradingDaysForward(id: VenueId, fromYmd: string): Generator<TradingDay> {
  const weekendsClosed = id !== 'CRYPTO';
  for (let t = startOf(fromYmd); t < END_CALENDAR_MS; t += DAY_MS) {
    if (weekendsClosed && isWeekend(weekdayOfUtcMidnight(t))) continue;
    const day = getTradingDay(id, ymdOfUtc(t));
    if (day) yield day;
  }
}

/** The first trading day strictly after `ymd` (the next calendar day when none before 2101). */
function nextTradingDayAfter(id: VenueId, utcMidnight: number): string {
  for (let t = utcMidnight + DAY_MS; t < END_CALENDAR_MS; t += DAY_MS) {
    const ymd = ymdOfUtc(t);
    if (isTradingDay(id, ymd)) return ymd;
  }
  return ymdOfUtc(utcMidnight + DAY_MS);
}

/**
 * The trading day (YYYYMMDD) an instant belongs to by the venue's calendar-date rule, whether or
 * not the instant is inside a session (so it may name a holiday or weekend):
 * - exchange venues: the local calendar date;
 * - CN_FUTURES: the local date, except from the night-session start (21:00) on, when it is the
 *   next trading day after that date (Friday 21:30 → Monday; also on evenings without a night
 *   session, e.g. before a long holiday);
 * - CRYPTO: the UTC date; FOREX: the UTC date of (instant + 2 h) (Sunday 22:00 UTC → Monday).
 */
export function tradingDayOf(id: VenueId, ms: number): string {
  if (id === 'FOREX') return ymdOfUtc(ms + 2 * HOUR_MS);
  const spec = VENUES[id];
  const local = ms + hourOffsetMs(spec.timeZone, ms);
  const localMidnight = Math.floor(local / DAY_MS) * DAY_MS;
  if (spec.night && local - localMidnight >= spec.night.range[0] * MINUTE_MS) {
    return nextTradingDayAfter(id, localMidnight);
  }
  return ymdOfUtc(localMidnight);
}

const offsetCache = new Map<string, number>();

/**
 * timeZoneOffsetMs, cached per zone and UTC hour (the venue zones change offset only on whole UTC
 * hours): tradingDayOf is called for every request and Intl is slow. The cache is bounded.
 */
function hourOffsetMs(timeZone: string, ms: number): number {
  const hour = Math.floor(ms / HOUR_MS);
  const key = `${timeZone}@${hour}`;
  let offset = offsetCache.get(key);
  if (offset === undefined) {
    offset = timeZoneOffsetMs(hour * HOUR_MS, timeZone);
    if (offsetCache.size >= 50_000) offsetCache.clear();
    offsetCache.set(key, offset);
  }
  return offset;
}

/**
 * The trading calendar of GET /v1/market/trade-days between two dates (inclusive): full days in
 * `trade_days`, half days only in `half_trade_days`, both ascending. Throws a RangeError when a
 * bound is not a real YYYYMMDD date; an inverted range yields empty lists.
 */
export function tradeDays(market: 'US' | 'HK' | 'CN', begYmd: string, endYmd: string): { trade_days: string[]; half_trade_days: string[] } {
  const end = startOf(endYmd);
  const trade_days: string[] = [];
  const half_trade_days: string[] = [];
  for (let t = startOf(begYmd); t <= end; t += DAY_MS) {
    const ymd = ymdOfUtc(t);
    const kind = dayKind(market, ymd);
    if (kind === 'full') trade_days.push(ymd);
    else if (kind === 'half') half_trade_days.push(ymd);
  }
  return { trade_days, half_trade_days };
}
