/**
 * Which bar of an interval a session minute belongs to, as the simulator cuts them
 * (server/sim/engine/periods.ts): intraday bars count from their session piece's start and never
 * span a break (HK 1h bars open at 09:30, 10:30, 11:30 and 13:00, the 11:30 one cut at 12:00);
 * a daily bar is a trading day, opening at its local midnight (a night piece belongs to the next
 * trading day); weekly and monthly bars group trading days by the local calendar week (Monday
 * first) and month (calendar-periods.ts).
 */
import { periodFirstDay } from '../calendar-periods.ts';
import type { Interval } from '../contract.ts';
import { INTRADAY_INTERVAL_MS } from '../interval-length.ts';
import { addDaysYmd } from '../time-zone.ts';
import { pieceAt, type SessionCalendar } from './session-calendar.ts';

export interface SessionBar {
  /** The bar's time (its period's start), UTC ms. */
  time: number;
  /** The end of its last session minute: the bar is complete from here on. */
  close: number;
  /** The trading day of the minute asked about. */
  tradingDay: string;
}

/** The close of the last trading day of the days [first, first + days). */
function closeOfDays(calendar: SessionCalendar, first: string, days: number): number | undefined {
  for (let i = days - 1; i >= 0; i--) {
    const last = calendar.piecesOf(addDaysYmd(first, i)).at(-1);
    if (last) return last.end;
  }
  return undefined;
}

function daysInPeriod(interval: '1w' | '1M', first: string): number {
  if (interval === '1w') return 7;
  let days = 28;
  while (addDaysYmd(first, days).slice(4, 6) === first.slice(4, 6)) days++;
  return days;
}

/** The bar of `interval` holding the session minute starting at `minute`; undefined outside the venue's sessions. */
export function sessionBarOf(calendar: SessionCalendar, interval: Interval, minute: number): SessionBar | undefined {
  const piece = pieceAt(calendar, minute);
  if (!piece) return undefined;
  const { tradingDay } = piece;
  const length = INTRADAY_INTERVAL_MS[interval];
  if (length !== undefined) {
    const time = piece.start + Math.floor((minute - piece.start) / length) * length;
    return { time, close: Math.min(time + length, piece.end), tradingDay };
  }
  if (interval === '1d') {
    return { time: calendar.midnight(tradingDay), close: calendar.piecesOf(tradingDay).at(-1)?.end ?? piece.end, tradingDay };
  }
  const period = interval === '1w' ? '1w' : '1M';
  const first = periodFirstDay(period, tradingDay);
  return { time: calendar.midnight(first), close: closeOfDays(calendar, first, daysInPeriod(period, first)) ?? piece.end, tradingDay };
}
