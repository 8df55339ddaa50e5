/**
 * The time axis's tick labels: the year, the short month, the day of the month, or the 24-hour
 * clock, as the library writes them (lightweight-charts 5's defaultTickMarkFormatter), but:
 *
 * - Written without Intl in the app's own languages (English, Chinese). The library calls
 *   toLocaleString with options for each label, and the first formatters of a page cost the
 *   chart's first frame 12 ms on a desktop here (48 ms under a phone's 4× slowdown); building
 *   Intl.DateTimeFormats once instead cost more still (72 ms), ICU's set-up. Other locales use
 *   Intl, one formatter per locale and kind.
 * - The clock after midnight reads 00:05, where the library's en-US and zh-TW labels read 24:05.
 *
 * Chart times are seconds of the display zone's wall clock, so their UTC fields are the labels'.
 */
import type { TickMarkType, Time } from 'lightweight-charts';

/** By TickMarkType: Year, Month, DayOfMonth, Time, TimeWithSeconds (0–4, the library's public values). */
const OPTIONS_BY_KIND: readonly Intl.DateTimeFormatOptions[] = [
  { year: 'numeric' },
  { month: 'short' },
  { day: 'numeric' },
  { hourCycle: 'h23', hour: '2-digit', minute: '2-digit' },
  { hourCycle: 'h23', hour: '2-digit', minute: '2-digit', second: '2-digit' },
];

const ENGLISH_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const pad = (value: number) => String(value).padStart(2, '0');

/** The label in English or Chinese (as ICU writes them: "Sep" / "9月", "2026" / "2026年"); undefined in another language. */
function writtenLabel(date: Date, kind: number, locale: string): string | undefined {
  const chinese = locale.startsWith('zh');
  if (!chinese && locale !== 'en-US' && locale !== 'en') return undefined;
  const clock = `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
  switch (kind) {
    case 0:
      return chinese ? `${String(date.getUTCFullYear())}年` : String(date.getUTCFullYear());
    case 1:
      return chinese ? `${String(date.getUTCMonth() + 1)}月` : ENGLISH_MONTHS[date.getUTCMonth()];
    case 2:
      return chinese ? `${String(date.getUTCDate())}日` : String(date.getUTCDate());
    case 3:
      return clock;
    case 4:
      return `${clock}:${pad(date.getUTCSeconds())}`;
    default:
      return undefined;
  }
}

const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(kind: TickMarkType, options: Intl.DateTimeFormatOptions, locale: string): Intl.DateTimeFormat {
  const key = `${locale}\u0000${String(kind)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    formats.set(key, format);
  }
  return format;
}

/** A tick mark's label; null (the library's own label) for a time that is not chart seconds or a kind it added. */
export function tickMarkLabel(time: Time, kind: TickMarkType, locale: string): string | null {
  const options = OPTIONS_BY_KIND[kind];
  if (typeof time !== 'number' || !options) return null;
  const date = new Date(time * 1000);
  return writtenLabel(date, kind, locale) ?? formatOf(kind, options, locale).format(date);
}
