/**
 * Where the bars of an interval begin, as the server's indicator alerts need to know it: only to
 * tell, from a push's time (the data's clock), that the bar the pushes fell in has ended, and so
 * when to ask the K-line endpoint for the bar that completed. The endpoint, not this arithmetic,
 * says which bars exist (sessions, lunch breaks, weekends, holidays), so an estimate that is off
 * costs a request that finds nothing, never a wrong bar.
 *
 * Intraday bars count from a known bar's start, as the chart's forming candle does (fold-quote.ts:
 * a session may open off the epoch grid, 09:30 for 1h); daily, weekly and monthly bars open at
 * local midnights in the market's zone (calendar-periods.ts, as the simulator opens them).
 */
import { isCalendarInterval, periodStart } from '#shared/calendar-periods.ts';
import type { Interval } from '#shared/contract.ts';
import { INTERVAL_MS, INTRADAY_INTERVAL_MS } from '#shared/interval-length.ts';
import { barEnd } from '#shared/kline-window-policy.ts';

const HOUR_MS = 3_600_000;
/** The shortest month, for counting monthly bars. */
const MONTH_MS = 28 * 24 * HOUR_MS;

export class BarPeriods {
  private readonly length: number | undefined;

  constructor(
    readonly interval: Interval,
    private readonly timeZone: string,
  ) {
    this.length = INTRADAY_INTERVAL_MS[interval];
  }

  /** The start of the bar holding `time`; `anchor`: a bar's start (intraday bars step from it). */
  startOf(time: number, anchor: number): number {
    const { length } = this;
    if (length !== undefined) return anchor + Math.floor((time - anchor) / length) * length;
    return periodStart(this.calendar(), time, this.timeZone);
  }

  /** The earliest start of the bar after the one opening at `open`. */
  nextStart(open: number): number {
    if (this.length !== undefined) return open + this.length;
    // Two hours past the end (barEnd counts a day of 24 h) lands in the next period whatever a
    // daylight-saving change did to the day's length.
    return periodStart(this.calendar(), barEnd(open, this.interval) + 2 * HOUR_MS, this.timeZone);
  }

  /** At most how many bars open after `from` up to `to` (to size a request). */
  barsBetween(from: number, to: number): number {
    return Math.max(0, Math.ceil((to - from) / (INTERVAL_MS[this.interval] ?? MONTH_MS)));
  }

  private calendar(): '1d' | '1w' | '1M' {
    const { interval } = this;
    if (!isCalendarInterval(interval)) throw new RangeError(`no calendar period for ${interval}`);
    return interval;
  }
}
