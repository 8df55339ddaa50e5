/**
 * The page's kinds of time, kept apart by the compiler (as lightweight-charts keeps its
 * UTCTimestamp and Coordinate apart), so that seconds passed for milliseconds, or a shifted chart
 * time passed for an instant, is a type error rather than a chart off by hours:
 * - InstantMs: an instant, milliseconds since the epoch (a clock's reading, the API's times);
 * - ChartTime: the display time, in seconds: the wall-clock time of the display zone labelled as
 *   if it were UTC, which is what lightweight-charts draws (so it is a UTCTimestamp).
 * The brands cost nothing at run time. src/lib/time-mapper.ts converts between the two.
 */
import type { UTCTimestamp } from 'lightweight-charts';

declare const instantBrand: unique symbol;
declare const chartTimeBrand: unique symbol;

export type InstantMs = number & { readonly [instantBrand]: true };
export type ChartTime = UTCTimestamp & { readonly [chartTimeBrand]: true };

/** Any number but a chart time: what takes an instant in ms and must refuse the chart's seconds. */
export type NotChartTime = number & { readonly [chartTimeBrand]?: never };
/** Any number but an instant: what takes the chart's seconds and must refuse an instant's ms. */
export type NotInstant = number & { readonly [instantBrand]?: never };

/** `ms` (known to be milliseconds since the epoch: a Date.parse, an API time) as an instant. */
export function instantMs(ms: NotChartTime): InstantMs {
  return ms as InstantMs;
}

/** Display-zone wall-clock `seconds` (labelled as UTC) as the chart's time. */
export function chartTime(seconds: NotInstant): ChartTime {
  return seconds as ChartTime;
}
