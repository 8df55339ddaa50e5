/**
 * A market's trading sessions (§2.10, hhmm in the market's local time) laid out on one trading
 * day as UTC instants, with the early-close rules of half trading days.
 */
import type { SessionMarket } from '#shared/contract.ts';
import { addDaysYmd, parseYmd, zonedTimeToUtc } from '#shared/time-zone.ts';

/** One `trading_sessions` entry as the API returns it. */
export interface TradingSession {
  begin_time: number;
  end_time: number;
  /** 0 or omitted normal, 1 pre-market, 2 after-hours, 3 overnight. */
  trade_session?: number;
}

/** 'night': China futures' evening session, which belongs to the next trading day (src/lib/venue-schedule.ts). */
export type SessionPhase = 'open' | 'pre-market' | 'after-hours' | 'overnight' | 'night';

const PHASE_OF_SESSION: Readonly<Record<number, SessionPhase>> = {
  0: 'open',
  1: 'pre-market',
  2: 'after-hours',
  3: 'overnight',
};

/** A session held for the trading day `tradingDay`, as [start, end) ms UTC. */
export interface SessionInterval {
  start: number;
  end: number;
  phase: SessionPhase;
  tradingDay: string;
  half: boolean;
}

interface HalfDayRule {
  /** The regular session ends at this hhmm; regular sessions starting at or after it are dropped. */
  regularClose?: number;
  /** After-hours held instead of the table's after-hours sessions. */
  afterHours?: TradingSession;
}

/**
 * What a half trading day (the calendar's `half_trade_days`) does to each market's sessions —
 * the one place these rules live:
 * - US (NYSE/Nasdaq early close): the regular session ends 13:00 and after-hours runs 13:00–17:00
 *   instead; pre-market and the overnight session are unchanged.
 * - HK (HKEX): morning session only, trading ends 12:00.
 * - CN (SSE/SZSE/BSE): no half days; a listed one keeps the full sessions.
 */
const HALF_DAY_RULES: Readonly<Record<SessionMarket, HalfDayRule>> = {
  US: { regularClose: 1300, afterHours: { begin_time: 1300, end_time: 1700, trade_session: 2 } },
  HK: { regularClose: 1200 },
  CN: {},
};

function minutesOf(hhmm: number): number {
  return Math.floor(hhmm / 100) * 60 + (hhmm % 100);
}

/** The sessions of a half day in `market`, derived from its full-day table. */
export function halfDaySessions(market: SessionMarket, sessions: readonly TradingSession[]): TradingSession[] {
  const { regularClose, afterHours } = HALF_DAY_RULES[market];
  const out: TradingSession[] = [];
  let replacedAfterHours = false;
  for (const session of sessions) {
    const kind = session.trade_session ?? 0;
    const wraps = session.end_time <= session.begin_time;
    if (kind === 0 && regularClose !== undefined && !wraps) {
      if (session.begin_time >= regularClose) continue;
      out.push({ ...session, end_time: Math.min(session.end_time, regularClose) });
    } else if (kind === 2 && afterHours !== undefined) {
      if (!replacedAfterHours) out.push({ ...afterHours });
      replacedAfterHours = true;
    } else {
      out.push(session);
    }
  }
  return out;
}

/** The UTC instant of `minutes` after local midnight of `ymd` (1440 and more roll into the next day, negatives into the previous). */
export function localInstant(ymd: string, minutes: number, timeZone: string): number {
  const dayOffset = Math.floor(minutes / 1440);
  const date = parseYmd(dayOffset === 0 ? ymd : addDaysYmd(ymd, dayOffset));
  if (!date) throw new RangeError(`not a YYYYMMDD date: ${ymd}`);
  const rest = minutes - dayOffset * 1440;
  return zonedTimeToUtc(date.year, date.month, date.day, Math.floor(rest / 60), rest % 60, timeZone);
}

/**
 * The sessions of trading day `ymd`, ascending. A session whose end is not after its begin wraps
 * past midnight (overnight 20:00–04:00): it starts on the evening before and belongs to the day it
 * ends on, so it is held only when that day trades (US overnight runs Sunday evening to Friday
 * morning, and not into a holiday). Entries with an unknown trade_session are ignored.
 */
export function sessionsOn(
  market: SessionMarket,
  sessions: readonly TradingSession[],
  ymd: string,
  kind: 'full' | 'half',
  timeZone: string,
): SessionInterval[] {
  const table = kind === 'half' ? halfDaySessions(market, sessions) : sessions;
  const out: SessionInterval[] = [];
  for (const session of table) {
    const phase = PHASE_OF_SESSION[session.trade_session ?? 0];
    if (phase === undefined) continue;
    const begin = minutesOf(session.begin_time);
    const end = minutesOf(session.end_time);
    const wraps = end <= begin;
    const start = localInstant(wraps ? addDaysYmd(ymd, -1) : ymd, begin, timeZone);
    out.push({ start, end: localInstant(ymd, end, timeZone), phase, tradingDay: ymd, half: kind === 'half' });
  }
  return out.sort((a, b) => a.start - b.start);
}
