/**
 * A date, or a date and time, as a trader types it into a text field: year first (2025-11-25,
 * 2025/11/25, 2025.11.25, 20251125, 2025年11月25日, the ISO 2025-11-25T09:30), or the year last
 * with day and month in the order of the browser's language (11/25/2025 in en-US, 25/11/2025 in
 * en-GB), as the browser's own date field reads them; a time after it on the 24-hour clock or
 * with am/pm (9:30, 21:05, 9:30 pm, 9時30分). The date fields are text fields reading this: a
 * native date field takes its digits one segment at a time in the locale's order, so an ISO date
 * typed on an American browser came out as another date or none, and keys held while a dialog
 * loaded could not be put in it (lib/keys-while-opening).
 */

export interface TypedDateTime {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** Which comes first where the year comes last: the month (en-US) or the day (most others). */
export type DayMonthOrder = 'month-first' | 'day-first';

/** The browser language's order of day and month in a numeric date. */
export function dayMonthOrder(locale?: string): DayMonthOrder {
  const parts = new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date(2000, 10, 22));
  return parts.find((part) => part.type === 'month' || part.type === 'day')?.type === 'day' ? 'day-first' : 'month-first';
}

const YEAR_FIRST = /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})(?:\s*日)?|^(\d{4})(\d{2})(\d{2})/;
const YEAR_LAST = /^(\d{1,2})\s*[-/.]\s*(\d{1,2})\s*[-/.]\s*(\d{4})/;
const TIME = /^(?:T|\s+)(\d{1,2})\s*[:時时]\s*(\d{2})(?::\d{2})?\s*分?\s*(?:([ap])\.?\s*m\.?)?$/i;

/** The date (and time: midnight when none is typed) the text says, or undefined when it says none. */
export function readTypedDate(text: string, order: DayMonthOrder = dayMonthOrder()): TypedDateTime | undefined {
  const trimmed = text.trim();
  let year: number;
  let month: number;
  let day: number;
  let rest: string;
  const yearFirst = YEAR_FIRST.exec(trimmed);
  if (yearFirst) {
    const [, y, m, d] = yearFirst[1] ? yearFirst : [yearFirst[0], yearFirst[4], yearFirst[5], yearFirst[6]];
    [year, month, day] = [Number(y), Number(m), Number(d)];
    rest = trimmed.slice(yearFirst[0].length);
  } else {
    const yearLast = YEAR_LAST.exec(trimmed);
    if (!yearLast) return undefined;
    const [first, second] = [Number(yearLast[1]), Number(yearLast[2])];
    [year, month, day] = order === 'day-first' ? [Number(yearLast[3]), second, first] : [Number(yearLast[3]), first, second];
    rest = trimmed.slice(yearLast[0].length);
  }
  // 2025-02-30 is no date (Date.UTC would roll it into March).
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  if (rest === '') return { year, month, day, hour: 0, minute: 0 };
  const time = TIME.exec(rest);
  if (!time) return undefined;
  const [hour, minute, half] = [Number(time[1]), Number(time[2]), time[3]?.toLowerCase()];
  if (minute > 59 || (half ? hour < 1 || hour > 12 : hour > 23)) return undefined;
  return { year, month, day, hour: half ? (hour % 12) + (half === 'p' ? 12 : 0) : hour, minute };
}

/** The instant the text says in the browser's zone, or undefined. */
export function readTypedLocalTime(text: string, order?: DayMonthOrder): number | undefined {
  const at = readTypedDate(text, order);
  return at && new Date(at.year, at.month - 1, at.day, at.hour, at.minute).getTime();
}

const two = (n: number): string => String(n).padStart(2, '0');

/**
 * A date and time written as the date fields show them, 2025-11-25 09:30 (without the time:
 * 2025-11-25); with `T` between them, as the browser's own picker takes it.
 */
export function dateTimeText(at: TypedDateTime, withTime = true, between: ' ' | 'T' = ' '): string {
  const date = `${String(at.year)}-${two(at.month)}-${two(at.day)}`;
  return withTime ? `${date}${between}${two(at.hour)}:${two(at.minute)}` : date;
}

/** An instant as a date field shows it, in the browser's zone: 2025-11-25 09:30 (without the time: 2025-11-25). */
export function typedDateText(ms: number, withTime = true): string {
  const at = new Date(ms);
  return dateTimeText({ year: at.getFullYear(), month: at.getMonth() + 1, day: at.getDate(), hour: at.getHours(), minute: at.getMinutes() }, withTime);
}
