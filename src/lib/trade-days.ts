/**
 * A day-kind lookup built from trading-calendar answers (§2.11, §4.11). An answer lists the
 * trading days of the window it was asked for, so every other weekday inside that window is a
 * holiday; days no answer covers are 'unknown'. Weekends are always closed.
 */
import { weekdayOfYmd } from '#shared/time-zone.ts';

export type DayKind = 'full' | 'half' | 'closed' | 'unknown';

/** One trade-days answer together with the window it was requested for. */
export interface TradeDaysAnswer {
  begDay: string;
  endDay: string;
  trade_days: readonly string[];
  half_trade_days: readonly string[];
}

export function isWeekendYmd(ymd: string): boolean {
  const weekday = weekdayOfYmd(ymd);
  return weekday === 0 || weekday === 6;
}

/** `(ymd) => kind` over the given answers. */
export function dayKindLookup(answers: readonly TradeDaysAnswer[]): (ymd: string) => DayKind {
  const kinds = new Map<string, 'full' | 'half'>();
  for (const answer of answers) {
    for (const day of answer.trade_days) kinds.set(day, 'full');
    // The simulator lists half days only in half_trade_days; a day in both is a half day.
    for (const day of answer.half_trade_days) kinds.set(day, 'half');
  }
  return (ymd) => {
    if (isWeekendYmd(ymd)) return 'closed';
    const kind = kinds.get(ymd);
    if (kind !== undefined) return kind;
    // YYYYMMDD strings compare like the dates they name.
    return answers.some((a) => a.begDay <= ymd && ymd <= a.endDay) ? 'closed' : 'unknown';
  };
}
