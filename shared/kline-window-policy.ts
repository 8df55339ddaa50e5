/**
 * Which completed K-line windows can never change, written once for both sides: the app ends
 * its newest history page so that its URL names such a window (newestPageEnd), and the server's
 * cache keeps such windows for good (windowSettled). Pure: callers supply the data's clock.
 */
import type { Interval } from './contract.ts';
import { isCalendarInterval, periodStart } from './calendar-periods.ts';
import { INTRADAY_INTERVAL_MS } from './interval-length.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * How long before the current period's local start the newest page of 1d, 1w or 1M ends. Those
 * bars open at midnights, so the page still holds every completed bar; and with a daylight-saving
 * hour either way the page still ends before the earliest moment the next bar could open
 * (earliestNextOpen), so the server can tell from the answer alone that no bar can open inside
 * the window any more, and keeps it for good.
 */
export const CALENDAR_PAGE_MARGIN_MS = 2 * HOUR;

/**
 * `end_time` of the newest history page at `now` (the data's clock): completed bars only, ending
 * just before the current period, so every browser asks the identical, cacheable URL within one
 * period. Intraday: floor(now / length) × length − 1. 1d, 1w, 1M: two hours before the start of the
 * current day, week (Monday) or month in the market's time zone, less 1 ms. The forming bar comes
 * from the latest endpoint, any bar between the two from the tail fill.
 */
export function newestPageEnd(interval: Interval, now: number, marketTimeZone: string): number {
  const length = INTRADAY_INTERVAL_MS[interval];
  if (length !== undefined) return Math.floor(now / length) * length - 1;
  if (!isCalendarInterval(interval)) throw new RangeError(`no history page for ${interval}`);
  return periodStart(interval, now, marketTimeZone) - CALENDAR_PAGE_MARGIN_MS - 1;
}

/**
 * When a bar opening at `open` is over: open + interval length; for 1M the start of the next
 * month in the bar's own zone (the bar opens at local midnight of the 1st), plus an hour for a
 * daylight-saving change in between.
 */
export function barEnd(open: number, interval: Interval): number {
  const length = INTRADAY_INTERVAL_MS[interval];
  if (length !== undefined) return open + length;
  if (interval === '1d') return open + DAY;
  if (interval === '1w') return open + 7 * DAY;
  // Local midnight of the 1st lies within 14 h of UTC midnight of the same 1st.
  const local = new Date(open + 14 * HOUR);
  const firstUtc = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1);
  const offset = open - firstUtc;
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 1) + offset + HOUR;
}

/**
 * The earliest instant the bar after one opening at `open` can open, for 1d, 1w and 1M: barEnd
 * counts a period without a daylight-saving change (1M: plus an hour), and such a change can
 * bring the next open an hour earlier. Undefined for intraday intervals.
 */
export function earliestNextOpen(open: number, interval: Interval): number | undefined {
  if (interval === '1d' || interval === '1w') return barEnd(open, interval) - HOUR;
  if (interval === '1M') return barEnd(open, interval) - 2 * HOUR;
  return undefined;
}

/**
 * Whether a window ending at `endTime` can never change (the caller has checked that every bar in
 * it is complete): every bar that could open at or before `endTime` has ended by `now`, or
 * `endTime` comes before the earliest open of the bar after the answer's newest one
 * (`newestOpen`), so no bar can still open inside the window: newestPageEnd's 1d/1w/1M pages.
 */
export function windowSettled(window: { interval: Interval; endTime: number }, now: number, newestOpen?: number): boolean {
  if (barEnd(window.endTime, window.interval) <= now) return true;
  const nextOpen = newestOpen === undefined ? undefined : earliestNextOpen(newestOpen, window.interval);
  return nextOpen !== undefined && window.endTime < nextOpen;
}

/** Every bar of an answer complete at `now`. */
export function allBarsComplete(times: readonly number[], interval: Interval, now: number): boolean {
  return times.every((time) => barEnd(time, interval) <= now);
}
