/**
 * Times and names that exported files carry: the file name (its parts, then the export time),
 * the export time as ISO 8601, and wall-clock date-times in a zone the way spreadsheets parse them.
 */
import { zonedParts } from '#shared/time-zone.ts';

const two = (value: number): string => String(value).padStart(2, '0');

/** '2026-11-26 09:30:00': the wall clock of `ms` in `timeZone` (a spreadsheet reads it as a date-time). */
export function zonedDateTime(ms: number, timeZone: string): string {
  const p = zonedParts(ms, timeZone);
  return `${String(p.year)}-${two(p.month)}-${two(p.day)} ${two(p.hour)}:${two(p.minute)}:${two(p.second)}`;
}

/** '2026-11-26T20:31:00Z': the export time, UTC, to the second. */
export function isoSeconds(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** '2026-11-26T2031': the export time in a file name, UTC, without the colon Windows refuses. */
export function fileStamp(ms: number): string {
  return isoSeconds(ms).slice(0, 16).replace(':', '');
}

/**
 * 'AAPL.US_1d_forward_2026-11-26T2031.png': the parts joined by underscores, then the stamp and the
 * extension. Characters file systems or shells dislike (/, \, :, spaces…) become '-'.
 */
export function exportFileName(parts: readonly string[], at: number, extension: string): string {
  const safe = parts.filter((part) => part !== '').map((part) => part.replace(/[^\w.-]+/g, '-'));
  return `${[...safe, fileStamp(at)].join('_')}.${extension}`;
}
