/** Small helpers shared by the calendar's tests. */

/** The value, or a thrown error naming what was missing (keeps tests free of `!`). */
export function must<T>(value: T | undefined, what = 'value'): T {
  if (value === undefined) throw new Error(`expected ${what} to be defined`);
  return value;
}

/** UTC ms of a UTC wall-clock time, months 1-based. */
export function utc(year: number, month: number, day: number, hour = 0, minute = 0): number {
  return Date.UTC(year, month - 1, day, hour, minute);
}
