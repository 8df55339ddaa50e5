/**
 * Live market status, computed in the market's own time zone from its sessions — for US, HK and
 * CN the trading-session table (§4.9), for other venues their session times
 * (src/lib/venue-schedule.ts) — and the trading calendar (§4.11).
 */
import { t, type MessageKey } from '../i18n/t';
import type { SessionMarket } from '#shared/contract.ts';
import { marketTimeZone } from '#shared/symbols.ts';
import { isWeekendYmd, type DayKind } from './trade-days';
import { sessionsOn, type SessionInterval, type SessionPhase, type TradingSession } from './trading-sessions';
import { addDaysYmd, ymdInZone } from '#shared/time-zone.ts';

/** 'break': a pause of under an hour between two sessions of a day (China futures' 10:15–10:30); 'lunch': a longer one. */
export type MarketPhase = SessionPhase | 'lunch' | 'break' | 'closed' | 'holiday' | 'weekend';

/** What a market's days look like: its zone and the sessions of each trading day. */
export interface SessionSchedule {
  /** IANA zone of the market's trading days. */
  timeZone: string;
  /**
   * The sessions of trading day `ymd` (a full or half day), ascending. `dayKind` tells the days
   * around it, for sessions held on an earlier day (a night session belongs to the next trading day).
   */
  sessionsOn: (ymd: string, kind: 'full' | 'half', dayKind: (ymd: string) => DayKind) => SessionInterval[];
}

export interface MarketStatusInput {
  schedule: SessionSchedule;
  /** Calendar lookup by local `YYYYMMDD`; see dayKindLookup in trade-days.ts. */
  dayKind: (ymd: string) => DayKind;
  now: number;
}

/** The schedule of a US, HK or CN market from its trading-session table (§4.9). */
export function tableSchedule(market: SessionMarket, sessions: readonly TradingSession[]): SessionSchedule {
  const timeZone = marketTimeZone(market);
  return { timeZone, sessionsOn: (ymd, kind) => sessionsOn(market, sessions, ymd, kind, timeZone) };
}

export interface MarketStatus {
  phase: MarketPhase;
  label: string;
  /**
   * When the market entered this phase. While it is shut (closed, holiday, weekend) that is the
   * end of its last session: one stretch, however many days and sub-phases it spans.
   */
  since?: number;
  /** The next change: the next session boundary, skipping the days the market is shut. */
  nextChange?: { at: number; phase: MarketPhase };
  /** True when a day the calendar did not cover was assumed to be a full trading day. */
  estimated?: boolean;
}

const LABELS: Readonly<Record<MarketPhase, MessageKey>> = {
  open: 'Open',
  'pre-market': 'Pre-market',
  'after-hours': 'After-hours',
  overnight: 'Overnight',
  night: 'Night session',
  lunch: 'Lunch break',
  break: 'Break',
  closed: 'Closed',
  holiday: 'Closed — holiday',
  weekend: 'Closed — weekend',
};

/** A phase's name in the active language ('Lunch break'). */
export function phaseLabel(phase: MarketPhase): string {
  return t(LABELS[phase]);
}

/**
 * Days searched either side of today: first a couple (the usual case, and Intl is slow), then
 * enough for the longest closures (CN Golden Week with its weekends) when that finds no answer.
 */
const NEAR_DAYS = 2;
const SEARCH_DAYS = 15;
/** A pause between two sessions of a day shorter than this is a break, not lunch. */
const LUNCH_MIN_MS = 60 * 60_000;

interface Segment {
  start: number;
  end: number;
  phase: SessionPhase | 'lunch' | 'break';
  tradingDay: string;
  half: boolean;
}

/** Sessions and lunch breaks of the days around `today`, ascending and non-overlapping. */
function timeline(input: MarketStatusInput, today: string, days: number, unknownDays: string[]): Segment[] {
  const intervals: SessionInterval[] = [];
  for (let offset = -days; offset <= days; offset += 1) {
    const ymd = addDaysYmd(today, offset);
    if (isWeekendYmd(ymd)) continue;
    const kind = input.dayKind(ymd);
    if (kind === 'closed') continue;
    if (kind === 'unknown') unknownDays.push(ymd);
    intervals.push(...input.schedule.sessionsOn(ymd, kind === 'half' ? 'half' : 'full', input.dayKind));
  }
  intervals.sort((a, b) => a.start - b.start);
  const segments: Segment[] = [];
  for (const interval of intervals) {
    const last = segments[segments.length - 1];
    const start = last ? Math.max(interval.start, last.end) : interval.start; // overlaps: first wins
    if (start >= interval.end) continue;
    if (last?.phase === 'open' && interval.phase === 'open' && last.tradingDay === interval.tradingDay && last.end < start) {
      const phase = start - last.end < LUNCH_MIN_MS ? 'break' : 'lunch';
      segments.push({ start: last.end, end: start, phase, tradingDay: interval.tradingDay, half: interval.half });
    }
    const previous = segments[segments.length - 1];
    if (previous && previous.end === start && previous.phase === interval.phase) previous.end = interval.end;
    else segments.push({ ...interval, start });
  }
  return segments;
}

/** The phase while no session runs at `at`. */
function shutPhase(input: MarketStatusInput, at: number): 'closed' | 'holiday' | 'weekend' {
  const ymd = ymdInZone(at, input.schedule.timeZone);
  if (isWeekendYmd(ymd)) return 'weekend';
  return input.dayKind(ymd) === 'closed' ? 'holiday' : 'closed';
}

function phaseAt(input: MarketStatusInput, segments: readonly Segment[], at: number): MarketPhase {
  return segments.find((s) => s.start <= at && at < s.end)?.phase ?? shutPhase(input, at);
}

export function marketStatus(input: MarketStatusInput): MarketStatus {
  const near = statusWithin(input, NEAR_DAYS);
  return near.since !== undefined && near.nextChange !== undefined ? near : statusWithin(input, SEARCH_DAYS);
}

function statusWithin(input: MarketStatusInput, days: number): MarketStatus {
  const { now } = input;
  const { timeZone } = input.schedule;
  const today = ymdInZone(now, timeZone);
  const unknownDays: string[] = [];
  const segments = timeline(input, today, days, unknownDays);

  let status: MarketStatus;
  const current = segments.find((s) => s.start <= now && now < s.end);
  // A stretch reaching an end of the searched days (forex trades Sunday to Friday without a
  // pause) may run on beyond it: its start and end are not known from these days.
  if (current && (current === segments[0] || current === segments[segments.length - 1]) && days < SEARCH_DAYS) {
    status = { phase: current.phase, label: phaseLabel(current.phase) };
  } else if (current) {
    const label = current.phase === 'open' && current.half ? t('Open — half day') : phaseLabel(current.phase);
    status = {
      phase: current.phase,
      label,
      since: current.start,
      nextChange: { at: current.end, phase: phaseAt(input, segments, current.end) },
    };
  } else {
    const phase = shutPhase(input, now);
    const previous = segments.findLast((s) => s.end <= now);
    const next = segments.find((s) => s.start > now);
    status = { phase, label: phaseLabel(phase) };
    if (previous) status.since = previous.end;
    if (next) status.nextChange = { at: next.start, phase: next.phase };
  }

  // The verdict rests on the days from `since` to the next change (+1: an overnight session
  // starting that evening belongs to the following day).
  const from = ymdInZone(status.since ?? now, timeZone);
  const to = addDaysYmd(ymdInZone(status.nextChange?.at ?? now, timeZone), 1);
  if (unknownDays.some((ymd) => from <= ymd && ymd <= to)) status.estimated = true;
  return status;
}

/** '45 s', '5 m 07 s', '2 h 05 m', '3 d 2 h'; rounded up to the second, as a countdown shows. */
export function formatCountdown(ms: number): string {
  const total = Number.isFinite(ms) ? Math.max(0, Math.ceil(ms / 1000)) : 0;
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (n: number): string => String(n).padStart(2, '0');
  if (days > 0) return t('{d} d {h} h', { d: days, h: hours });
  if (hours > 0) return t('{h} h {m} m', { h: hours, m: two(minutes) });
  if (minutes > 0) return t('{m} m {s} s', { m: minutes, s: two(seconds) });
  return t('{s} s', { s: seconds });
}

/**
 * The phases in which a market order fills at the price now: the regular session, and China
 * futures' night session (a trading session of the next day). Extended hours (pre-market,
 * after-hours, overnight) are not: the regular price a paper order reads stands still in them.
 */
const REGULAR_PHASES: ReadonlySet<MarketPhase> = new Set(['open', 'night']);
/** Phase changes followed to the next regular open: a US Friday evening is after-hours, overnight, weekend, overnight, pre-market. */
const MAX_CHANGES = 12;

/**
 * Whether the market is in its regular session at `input.now`, or else when that next opens
 * (undefined when no open is found within the status's search).
 */
export function regularSession(input: MarketStatusInput): { open: true } | { open: false; opensAt: number | undefined } {
  let status = marketStatus(input);
  if (REGULAR_PHASES.has(status.phase)) return { open: true };
  for (let step = 0; step < MAX_CHANGES && status.nextChange; step += 1) {
    const { at, phase } = status.nextChange;
    if (REGULAR_PHASES.has(phase)) return { open: false, opensAt: at };
    status = marketStatus({ ...input, now: at });
  }
  return { open: false, opensAt: undefined };
}
