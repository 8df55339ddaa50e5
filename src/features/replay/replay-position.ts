/**
 * Where a replay stands in an instrument's sessions: the bar of an interval that holds the last
 * session minute ended by the instant (the current bar: forming, or the last one when the market
 * is shut), and the 1-minute bars of the last trading day that had any by then.
 */
import type { Kline } from '../../api/kline-schemas';
import type { Interval } from '#shared/contract.ts';
import { minutesEndedBy } from '#shared/replay/fold-minutes.ts';
import { sessionBarOf, type SessionBar } from '#shared/replay/session-bars.ts';
import { lastMinuteBefore, type SessionCalendar } from '#shared/replay/session-calendar.ts';
import type { Instrument, ReplaySource } from './replay-source';

/** Trading days looked back for a minute (a closure, or a symbol listed since). */
const MAX_DAYS_BACK = 12;

/** The current bar of `interval` at `at` by the venue's sessions; undefined with no session before. */
export function currentBar(calendar: SessionCalendar, interval: Interval, at: number): SessionBar | undefined {
  const minute = lastMinuteBefore(calendar, at);
  return minute === undefined ? undefined : sessionBarOf(calendar, interval, minute);
}

/** Start of the first session and end of the last of trading day `day`. */
export function daySpan(calendar: SessionCalendar, day: string): { start: number; end: number } | undefined {
  const pieces = calendar.piecesOf(day);
  const first = pieces[0];
  const last = pieces.at(-1);
  return first && last ? { start: first.start, end: last.end } : undefined;
}

export interface SessionMinutes {
  /** The trading day (YYYYMMDD). */
  day: string;
  /** Its 1-minute bars ended by the instant, ascending: at least one. */
  minutes: Kline[];
}

/** The 1-minute bars so far of the last trading day with one ended by `at` (a holiday has none). */
export async function lastSessionMinutes(
  source: ReplaySource,
  instrument: Instrument,
  calendar: SessionCalendar,
  at: number,
): Promise<SessionMinutes | undefined> {
  let until = at;
  for (let i = 0; i < MAX_DAYS_BACK; i++) {
    const bar = currentBar(calendar, '1d', until);
    const span = bar && daySpan(calendar, bar.tradingDay);
    if (!bar || !span) return undefined;
    const minutes = minutesEndedBy(await source.dayMinutes(instrument, calendar, bar.tradingDay, at), at);
    if (minutes.length > 0) return { day: bar.tradingDay, minutes };
    until = span.start;
  }
  return undefined;
}
