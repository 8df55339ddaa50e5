/**
 * Labels of the intraday x axis: every session boundary (a closed-up break reads "12:00/13:00")
 * and every round hour inside a session, as hh:mm in the market's zone, then thinned to fit.
 */
import { formatZonedClock, zonedParts } from '#shared/time-zone.ts';
import type { TimeAxis } from './time-axis';

const HOUR_MS = 3_600_000;

export interface AxisTick {
  /** Position in slots from the axis start (a boundary sits between two slots). */
  position: number;
  label: string;
  /** Session boundaries are major; round hours minor. */
  major: boolean;
}

/** hh:mm of the instant `ms` in `timeZone`. */
export function formatClock(ms: number, timeZone: string): string {
  return formatZonedClock(ms, timeZone);
}

export function axisTicks(axis: TimeAxis): AxisTick[] {
  const clock = (ms: number): string => formatClock(ms, axis.timeZone);
  const ticks: AxisTick[] = [];
  let previousEnd: number | undefined;
  for (const segment of axis.segments) {
    const joined = previousEnd !== undefined && previousEnd !== segment.start;
    const label = joined ? `${clock(previousEnd ?? segment.start)}/${clock(segment.start)}` : clock(segment.start);
    ticks.push({ position: segment.offset, label, major: true });
    // Round hours strictly inside the segment (hours of the zone: offsets are whole hours here).
    const firstHour = Math.floor(segment.start / HOUR_MS) * HOUR_MS + HOUR_MS;
    for (let hour = firstHour; hour < segment.end; hour += HOUR_MS) {
      if (zonedParts(hour, axis.timeZone).minute !== 0) continue;
      ticks.push({ position: segment.offset + (hour - segment.start) / 60_000, label: clock(hour), major: false });
    }
    previousEnd = segment.end;
  }
  if (previousEnd !== undefined) ticks.push({ position: axis.minutes, label: clock(previousEnd), major: true });
  return ticks.sort((a, b) => a.position - b.position);
}

/**
 * The ticks that fit `pxPerSlot` with at least `minGapPx` between neighbours: boundaries first
 * (the first and the last always), then the round hours that still have room.
 */
export function thinTicks(ticks: readonly AxisTick[], pxPerSlot: number, minGapPx: number): AxisTick[] {
  const minGap = minGapPx / Math.max(pxPerSlot, Number.EPSILON);
  const kept: AxisTick[] = [];
  const fits = (tick: AxisTick): boolean => kept.every((other) => Math.abs(other.position - tick.position) >= minGap);
  const first = ticks[0];
  const last = ticks[ticks.length - 1];
  if (first) kept.push(first);
  if (last && last !== first && fits(last)) kept.push(last);
  for (const tick of ticks) if (tick.major && !kept.includes(tick) && fits(tick)) kept.push(tick);
  for (const tick of ticks) if (!tick.major && !kept.includes(tick) && fits(tick)) kept.push(tick);
  return kept.sort((a, b) => a.position - b.position);
}
