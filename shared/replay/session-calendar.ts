/**
 * A venue's trading sessions as a replay needs them: which session piece holds a minute, the next
 * session minute from an instant and the last one before it. Built from the venues' session times
 * (venue-sessions.ts, the simulator's own) the way the simulator builds its trading days
 * (server/sim/calendar/trading-days.ts): regular pieces from local midnight, and a night piece
 * held on the evening of the previous trading day when that day is close enough.
 *
 * Which days trade is the caller's to say (the trade-days endpoint knows the holidays); without
 * it every weekday trades (every day for CRYPTO). A holiday taken for a trading day only costs
 * empty periods: the data, not this calendar, says which bars exist. Half days are not known
 * here either: their pieces read as full ones, which only moves a period's close later.
 */
import { VENUES, type VenueId, type VenueSpec } from '../venue-sessions.ts';
import { addDaysYmd, parseYmd, weekdayOfYmd, ymdInZone, zonedTimeToUtc } from '../time-zone.ts';

const MINUTE_MS = 60_000;
/** How far the next or last session minute is looked for: past the longest closure (Golden Week, Lunar New Year). */
const SEARCH_DAYS = 21;

export interface SessionPiece {
  /** YYYYMMDD of the trading day the piece belongs to (the next day's for a night piece). */
  tradingDay: string;
  /** UTC ms, inclusive; intraday bars count from here. */
  start: number;
  /** UTC ms, exclusive. */
  end: number;
}

export interface SessionCalendar {
  readonly venue: VenueId;
  readonly timeZone: string;
  isTradingDay(ymd: string): boolean;
  /** Local midnight of `ymd` in the venue's zone (a daily bar's time). */
  midnight(ymd: string): number;
  /** The pieces of trading day `ymd`, ascending; none when the venue does not trade that day. */
  piecesOf(ymd: string): readonly SessionPiece[];
}

function weekdaysOf(venue: VenueId): (ymd: string) => boolean {
  if (venue === 'CRYPTO') return () => true;
  return (ymd) => {
    const weekday = weekdayOfYmd(ymd);
    return weekday !== 0 && weekday !== 6;
  };
}

function buildPieces(spec: VenueSpec, ymd: string, calendar: Pick<SessionCalendar, 'isTradingDay' | 'midnight'>): SessionPiece[] {
  if (!calendar.isTradingDay(ymd)) return [];
  const pieces: SessionPiece[] = [];
  const at = (day: string, [from, to]: readonly [number, number]): SessionPiece => ({
    tradingDay: ymd,
    start: calendar.midnight(day) + from * MINUTE_MS,
    end: calendar.midnight(day) + to * MINUTE_MS,
  });
  if (spec.night) {
    for (let gap = 1; gap <= spec.night.maxGapDays; gap++) {
      const previous = addDaysYmd(ymd, -gap);
      if (!calendar.isTradingDay(previous)) continue;
      pieces.push(at(previous, spec.night.range));
      break;
    }
  }
  for (const range of spec.regular) pieces.push(at(ymd, range));
  return pieces;
}

/** The sessions of `venue`; `isTradingDay` defaults to weekdays (every day for CRYPTO). */
export function sessionCalendar(venue: VenueId, isTradingDay: (ymd: string) => boolean = weekdaysOf(venue)): SessionCalendar {
  const spec = VENUES[venue];
  const midnights = new Map<string, number>();
  const pieces = new Map<string, readonly SessionPiece[]>();
  const calendar: SessionCalendar = {
    venue,
    timeZone: spec.timeZone,
    isTradingDay,
    midnight(ymd) {
      let value = midnights.get(ymd);
      if (value === undefined) {
        const date = parseYmd(ymd);
        if (!date) throw new RangeError(`not a YYYYMMDD date: ${ymd}`);
        value = zonedTimeToUtc(date.year, date.month, date.day, 0, 0, spec.timeZone);
        midnights.set(ymd, value);
      }
      return value;
    },
    piecesOf(ymd) {
      let value = pieces.get(ymd);
      if (!value) {
        value = buildPieces(spec, ymd, calendar);
        pieces.set(ymd, value);
      }
      return value;
    },
  };
  return calendar;
}

/**
 * The trading days whose pieces may hold instants of the local date `ymd`: the day before (a
 * FOREX day opens at 22:00 UTC of the date before) up to the days a night piece may belong to.
 */
function daysAround(calendar: SessionCalendar, ymd: string): string[] {
  const ahead = VENUES[calendar.venue].night?.maxGapDays ?? 1;
  const days: string[] = [];
  for (let offset = -1; offset <= ahead; offset++) days.push(addDaysYmd(ymd, offset));
  return days;
}

/** The piece holding the instant `t`, if any. */
export function pieceAt(calendar: SessionCalendar, t: number): SessionPiece | undefined {
  for (const day of daysAround(calendar, ymdInZone(t, calendar.timeZone))) {
    const found = calendar.piecesOf(day).find((piece) => piece.start <= t && t < piece.end);
    if (found) return found;
  }
  return undefined;
}

/** Pieces of the trading days from the local date of `t` on (forward) or back, in time order of the walk. */
function* piecesFrom(calendar: SessionCalendar, t: number, direction: 1 | -1): Generator<SessionPiece> {
  const first = addDaysYmd(ymdInZone(t, calendar.timeZone), direction === 1 ? -1 : 1 + (VENUES[calendar.venue].night?.maxGapDays ?? 1));
  for (let i = 0; i <= SEARCH_DAYS; i++) {
    const pieces = calendar.piecesOf(addDaysYmd(first, i * direction));
    yield* direction === 1 ? pieces : [...pieces].reverse();
  }
}

/** The start of the first session minute at or after `t` (the minute holding `t` when in session). */
export function firstMinuteFrom(calendar: SessionCalendar, t: number): number | undefined {
  for (const piece of piecesFrom(calendar, t, 1)) {
    if (piece.end <= t) continue;
    return Math.max(piece.start, Math.floor(t / MINUTE_MS) * MINUTE_MS);
  }
  return undefined;
}

/** The start of the last session minute that had ended by `t`. */
export function lastMinuteBefore(calendar: SessionCalendar, t: number): number | undefined {
  for (const piece of piecesFrom(calendar, t, -1)) {
    if (piece.start + MINUTE_MS > t) continue;
    return Math.min(piece.end, Math.floor(t / MINUTE_MS) * MINUTE_MS) - MINUTE_MS;
  }
  return undefined;
}
