/**
 * API time (ms UTC) ↔ chart time. lightweight-charts labels its axis as if every timestamp were
 * UTC, so to show wall-clock time in another zone each timestamp is shifted by that zone's offset
 * at that instant: the chart's "UTC" labels then read as local wall-clock time. The two are
 * distinct types (src/time/time-types.ts): an instant passed for chart seconds, or chart seconds
 * for an instant, does not compile.
 */
import { isStrictlyAscending, type Candle } from '#shared/candle.ts';
import { timeZoneOffsetMs, zonedTimeToUtc } from '#shared/time-zone.ts';
import { wallClock } from '../time/clock';
import { chartTime, instantMs, type ChartTime, type InstantMs, type NotChartTime, type NotInstant } from '../time/time-types';

export type DisplayZone = 'market' | 'local' | 'utc';

/** A candle on the chart's clock: `time` in shifted seconds, the rest as in `Candle`. */
export interface ChartCandle extends Omit<Candle, 'time'> {
  time: ChartTime;
}

/** How long the browser's zone is taken as known: a laptop may change zones while the page is open. */
const BROWSER_ZONE_TTL_MS = 60_000;
let browserZone: { timeZone: string; readAt: number } | undefined;

/**
 * The browser's (or Node's) own IANA zone. Read again at most once a minute: building the
 * Intl.DateTimeFormat that reports it costs a fraction of a millisecond, and the chart maps every
 * candle and every tick through here.
 */
export function browserTimeZone(): string {
  const now = wallClock.now();
  if (!browserZone || now - browserZone.readAt >= BROWSER_ZONE_TTL_MS) {
    browserZone = { timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, readAt: now };
  }
  return browserZone.timeZone;
}

/** The IANA zone a display choice stands for. */
export function displayTimeZone(zone: DisplayZone, marketTimeZone: string, localTimeZone?: string): string {
  if (zone === 'utc') return 'UTC';
  // Only 'local' asks Intl for the browser's zone: that lookup costs more than the rest of a live tick.
  return zone === 'market' ? marketTimeZone : (localTimeZone ?? browserTimeZone());
}

/** Chart seconds showing the instant `ms` as wall-clock time in the chosen zone. */
export function toChartTime(ms: NotChartTime, zone: DisplayZone, marketTimeZone: string, localTimeZone?: string): ChartTime {
  const timeZone = displayTimeZone(zone, marketTimeZone, localTimeZone);
  return chartTime(Math.floor((ms + timeZoneOffsetMs(ms, timeZone)) / 1000));
}

/**
 * toChartTime for one display zone, with the zone's offsets memoised per quarter hour: for many
 * candles at once, and for every live tick (one Intl lookup per quarter hour, not per call).
 */
export function chartTimeMapper(zone: DisplayZone, marketTimeZone: string, localTimeZone?: string): (ms: NotChartTime) => ChartTime {
  const offsetOf = cachedOffsets(displayTimeZone(zone, marketTimeZone, localTimeZone));
  return (ms) => chartTime(Math.floor((ms + offsetOf(ms)) / 1000));
}

/**
 * The UTC ms of chart seconds, inverse of toChartTime. A wall-clock time skipped by a DST change
 * resolves one hour later; a repeated one to its first occurrence (as zonedTimeToUtc does).
 */
export function fromChartTime(seconds: NotInstant, zone: DisplayZone, marketTimeZone: string, localTimeZone?: string): InstantMs {
  const timeZone = displayTimeZone(zone, marketTimeZone, localTimeZone);
  const wall = new Date(seconds * 1000);
  const minuteStart = zonedTimeToUtc(wall.getUTCFullYear(), wall.getUTCMonth() + 1, wall.getUTCDate(), wall.getUTCHours(), wall.getUTCMinutes(), timeZone);
  return instantMs(minuteStart + wall.getUTCSeconds() * 1000 + wall.getUTCMilliseconds());
}

/**
 * Candles ready for `setData`: sorted ascending, one per API time (the later one in the input
 * wins, as a fresher copy of the same period), mapped to chart time. Chart times must strictly
 * increase, so a candle whose wall-clock time repeats an earlier one (the hour a DST change
 * repeats, in a zone that has one) is dropped.
 */
export function toChartSeries(candles: readonly Candle[], zone: DisplayZone, marketTimeZone: string, localTimeZone?: string): ChartCandle[] {
  let ordered: readonly Candle[] = candles;
  if (!isStrictlyAscending(candles)) {
    // Array#sort is stable: among equal times input order is kept, so the last one is the latest.
    ordered = [...candles].sort((a, b) => a.time - b.time);
  }
  const timeOf = chartTimeMapper(zone, marketTimeZone, localTimeZone);
  const out: ChartCandle[] = [];
  for (let i = 0; i < ordered.length; i += 1) {
    const candle = ordered[i];
    if (candle === undefined || ordered[i + 1]?.time === candle.time) continue;
    const time = timeOf(candle.time);
    const last = out[out.length - 1];
    if (last !== undefined && time <= last.time) continue;
    out.push({ ...candle, time });
  }
  return out;
}

const QUARTER_HOUR_MS = 900_000;

/**
 * Zone offsets memoised per UTC quarter hour: Intl is slow (tens of thousands of minute candles
 * would take ~100 ms), and every offset change of the tz database falls on a quarter hour.
 */
function cachedOffsets(timeZone: string): (ms: number) => number {
  const cache = new Map<number, number>();
  return (ms) => {
    const bucket = Math.floor(ms / QUARTER_HOUR_MS);
    let offset = cache.get(bucket);
    if (offset === undefined) {
      offset = timeZoneOffsetMs(bucket * QUARTER_HOUR_MS, timeZone);
      cache.set(bucket, offset);
    }
    return offset;
  };
}
