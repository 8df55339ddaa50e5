/**
 * Time-zone arithmetic on top of Intl, shared by the simulator and the SPA. The API speaks UTC
 * milliseconds; markets live in their own zones (America/New_York, Asia/Hong_Kong, Asia/Shanghai).
 */

export interface ZonedParts {
  year: number;
  month: number; // 1..12
  day: number; // 1..31
  hour: number; // 0..23
  minute: number;
  second: number;
  weekday: number; // 0 = Sunday .. 6 = Saturday
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Offsets of zones without DST since 1992 are constant: skip Intl for them (hot path). */
const FIXED_OFFSETS_MS: Record<string, number> = {
  UTC: 0,
  'Etc/UTC': 0,
  'Asia/Hong_Kong': 8 * 3_600_000,
  'Asia/Shanghai': 8 * 3_600_000,
  'Asia/Tokyo': 9 * 3_600_000,
};

const HOUR_MS = 3_600_000;

/** The UTC instant of the `nth` Sunday (1-based) of `month` (0-based) in `year`, at `utcHour`. */
function nthSundayUtc(year: number, month: number, nth: number, utcHour: number): number {
  const firstWeekday = new Date(Date.UTC(year, month, 1)).getUTCDay();
  const day = 1 + ((7 - firstWeekday) % 7) + (nth - 1) * 7;
  return Date.UTC(year, month, day, utcHour);
}

/**
 * New York's offset by the US rule in force since 2007 (EDT from the second Sunday of March, 2:00
 * EST, to the first Sunday of November, 2:00 EDT), undefined before 2007 (Intl answers those).
 * The boot asks it for the first K-line window: the first Intl.DateTimeFormat with a time zone
 * costs 30 ms of a desktop's main thread (ICU's zone data), 120 ms on a slow phone.
 */
function newYorkOffsetMs(ms: number): number | undefined {
  const year = new Date(ms).getUTCFullYear();
  if (year < 2007) return undefined;
  const [start, end] = newYorkSummerOf(year);
  return ms >= start && ms < end ? -4 * HOUR_MS : -5 * HOUR_MS;
}

/** [start, end) of New York's summer time in `year`, memoised: a chart maps each of its candles. */
const newYorkSummers = new Map<number, readonly [number, number]>();

function newYorkSummerOf(year: number): readonly [number, number] {
  let summer = newYorkSummers.get(year);
  if (!summer) {
    summer = [nthSundayUtc(year, 2, 2, 7), nthSundayUtc(year, 10, 1, 6)];
    newYorkSummers.set(year, summer);
  }
  return summer;
}

/** Offset of `timeZone` from UTC at the instant `ms`, in milliseconds (local = utc + offset). */
export function timeZoneOffsetMs(ms: number, timeZone: string): number {
  const fixed = FIXED_OFFSETS_MS[timeZone];
  if (fixed !== undefined) return fixed;
  const newYork = timeZone === 'America/New_York' ? newYorkOffsetMs(ms) : undefined;
  if (newYork !== undefined) return newYork;
  const parts = formatterFor(timeZone).formatToParts(new Date(ms));
  const value = (type: Intl.DateTimeFormatPartTypes): number => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const asUtc = Date.UTC(value('year'), value('month') - 1, value('day'), value('hour'), value('minute'), value('second'));
  return asUtc - (ms - (((ms % 1000) + 1000) % 1000));
}

/** Calendar fields of the instant `ms` as seen in `timeZone`. */
export function zonedParts(ms: number, timeZone: string): ZonedParts {
  const local = new Date(ms + timeZoneOffsetMs(ms, timeZone));
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
    weekday: local.getUTCDay(),
  };
}

/**
 * The UTC instant of a wall-clock time in `timeZone`. A time skipped by a DST change resolves to
 * the instant one hour later; an ambiguous one to its first occurrence.
 */
export function zonedTimeToUtc(year: number, month: number, day: number, hour: number, minute: number, timeZone: string): number {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // The offsets a day either side bracket any DST change; a candidate is valid when the zone's
  // offset at the candidate instant is the one assumed. No valid candidate means a DST gap.
  const before = timeZoneOffsetMs(wall - 86_400_000, timeZone);
  const after = timeZoneOffsetMs(wall + 86_400_000, timeZone);
  const valid = [wall - before, wall - after].filter((t) => timeZoneOffsetMs(t, timeZone) === wall - t);
  return valid.length > 0 ? Math.min(...valid) : wall - before;
}

/** `YYYYMMDD` of a calendar date. */
export function formatYmd(year: number, month: number, day: number): string {
  return `${year}${String(month).padStart(2, '0')}${String(day).padStart(2, '0')}`;
}

/** Parses `YYYYMMDD`; undefined unless it names a real calendar date. */
export function parseYmd(ymd: string): { year: number; month: number; day: number } | undefined {
  if (!/^\d{8}$/.test(ymd)) return undefined;
  const year = Number(ymd.slice(0, 4));
  const month = Number(ymd.slice(4, 6));
  const day = Number(ymd.slice(6, 8));
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return { year, month, day };
}

/** Whole days from `a` to `b` (both `YYYYMMDD`), negative when b is earlier. */
export function daysBetweenYmd(a: string, b: string): number {
  const pa = parseYmd(a);
  const pb = parseYmd(b);
  if (!pa || !pb) return Number.NaN;
  return Math.round((Date.UTC(pb.year, pb.month - 1, pb.day) - Date.UTC(pa.year, pa.month - 1, pa.day)) / 86_400_000);
}

/** The `YYYYMMDD` that is `days` calendar days after `ymd`. */
export function addDaysYmd(ymd: string, days: number): string {
  const p = parseYmd(ymd);
  if (!p) throw new RangeError(`not a YYYYMMDD date: ${ymd}`);
  const date = new Date(Date.UTC(p.year, p.month - 1, p.day + days));
  return formatYmd(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

/** Day of week (0 = Sunday) of a `YYYYMMDD`. */
export function weekdayOfYmd(ymd: string): number {
  const p = parseYmd(ymd);
  if (!p) throw new RangeError(`not a YYYYMMDD date: ${ymd}`);
  return new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay();
}

/** The local calendar date (`YYYYMMDD`) of the instant `ms` in `timeZone`. */
export function ymdInZone(ms: number, timeZone: string): string {
  const p = zonedParts(ms, timeZone);
  return formatYmd(p.year, p.month, p.day);
}

/** Wall-clock time of the instant `ms` in `timeZone`: '09:30', or '09:30:05' with seconds. */
export function formatZonedClock(ms: number, timeZone: string, withSeconds = false): string {
  const { hour, minute, second } = zonedParts(ms, timeZone);
  const two = (value: number): string => String(value).padStart(2, '0');
  return withSeconds ? `${two(hour)}:${two(minute)}:${two(second)}` : `${two(hour)}:${two(minute)}`;
}
