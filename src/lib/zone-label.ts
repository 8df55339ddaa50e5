/**
 * A compact name of a display zone for a bare time: "UTC+8", "UTC−4", "UTC+5:30", "UTC". An
 * offset says what a trader needs (how far from UTC) in the same words for every zone, where
 * abbreviations are ambiguous ("CST": China or US Central) or missing ("GMT+8" for Shanghai).
 */
import { timeZoneOffsetMs } from '#shared/time-zone.ts';

const MINUS = '\u2212';

/** The zone's offset from UTC at the instant `ms`. */
export function zoneLabel(ms: number, timeZone: string): string {
  return offsetLabel(Math.round(timeZoneOffsetMs(ms, timeZone) / 60_000));
}

/** An offset east of UTC in minutes as a label: 480 → "UTC+8", −240 → "UTC−4", 0 → "UTC". */
export function offsetLabel(minutes: number): string {
  if (minutes === 0) return 'UTC';
  const sign = minutes < 0 ? MINUS : '+';
  const hours = Math.floor(Math.abs(minutes) / 60);
  const rest = Math.abs(minutes) % 60;
  return `UTC${sign}${String(hours)}${rest === 0 ? '' : `:${String(rest).padStart(2, '0')}`}`;
}
