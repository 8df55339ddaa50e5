/**
 * Bars of any interval folded from 1-minute bars, as they stood at an instant: the bars whose
 * minutes had all ended, and the forming bar of the minutes that had ended so far (open of the
 * first, highest high, lowest low, close of the last, volume and turnover summed, open interest
 * of the last). Pure, on the contract's K-line rows (decimal strings, §2.6), so a folded bar of a
 * completed period reads exactly as the service's own bar of that period.
 */
import type { Interval } from '../contract.ts';
import { bucketStart } from '../candle.ts';
import { periodStart, isCalendarInterval } from '../calendar-periods.ts';
import { INTRADAY_INTERVAL_MS } from '../interval-length.ts';
import { sumDecimals } from './decimal-sum.ts';
import { sessionBarOf } from './session-bars.ts';
import type { SessionCalendar } from './session-calendar.ts';

export const MINUTE_MS = 60_000;

/** A K-line of the contract (§2.6): the shape of src/api's Kline, kept here for the server too. */
export interface KlineRow {
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
  quote_volume?: string;
  open_interest?: string;
}

/** The 1-minute bars (ascending) that had ended by `at`. */
export function minutesEndedBy<T extends KlineRow>(minutes: readonly T[], at: number): T[] {
  let count = minutes.length;
  while (count > 0 && (minutes[count - 1]?.time ?? 0) + MINUTE_MS > at) count--;
  return minutes.slice(0, count);
}

/** One bar at `time` of consecutive bars (ascending, at least one). */
export function foldRows(rows: readonly KlineRow[], time: number): KlineRow {
  const first = rows[0];
  const last = rows.at(-1);
  if (!first || !last) throw new RangeError('nothing to fold');
  let high = first.high;
  let low = first.low;
  for (const row of rows) {
    if (Number(row.high) > Number(high)) high = row.high;
    if (Number(row.low) < Number(low)) low = row.low;
  }
  const folded: KlineRow = { time, open: first.open, high, low, close: last.close, volume: sumDecimals(rows.map((row) => row.volume)) };
  const turnovers = rows.flatMap((row) => (row.quote_volume === undefined ? [] : [row.quote_volume]));
  if (turnovers.length > 0) folded.quote_volume = sumDecimals(turnovers);
  if (last.open_interest !== undefined) folded.open_interest = last.open_interest;
  return folded;
}

/**
 * The time of the bar of `interval` holding the minute at `minute`. A minute outside the venue's
 * known sessions (an extended-hours print) falls in the epoch-aligned bucket, or the calendar
 * period of its local date.
 */
export function barTimeOf(calendar: SessionCalendar, interval: Interval, minute: number): number {
  const bar = sessionBarOf(calendar, interval, minute);
  if (bar) return bar.time;
  const length = INTRADAY_INTERVAL_MS[interval];
  if (length !== undefined) return bucketStart(minute, length);
  if (!isCalendarInterval(interval)) throw new RangeError(`no period for ${interval}`);
  return periodStart(interval, minute, calendar.timeZone);
}

/**
 * The bars of `interval` folded from `minutes` (1-minute bars, ascending) as they stood at `at`:
 * only minutes that had ended by then count, so the last bar may be forming.
 */
export function foldMinutes(minutes: readonly KlineRow[], interval: Interval, at: number, calendar: SessionCalendar): KlineRow[] {
  const bars: KlineRow[] = [];
  let group: KlineRow[] = [];
  let groupTime: number | undefined;
  for (const minute of minutesEndedBy(minutes, at)) {
    const time = barTimeOf(calendar, interval, minute.time);
    if (time !== groupTime && groupTime !== undefined) {
      bars.push(foldRows(group, groupTime));
      group = [];
    }
    groupTime = time;
    group.push(minute);
  }
  if (groupTime !== undefined) bars.push(foldRows(group, groupTime));
  return bars;
}
