/** How each kind of calendar day looks and reads, shared by the grid and its legend. */
import type { MessageKey } from '../../i18n/t';
import type { CalendarDayKind } from '../../lib/calendar-month';

/** How a screen reader hears a day's kind (after its date). */
export const DAY_KIND_WORDS: Readonly<Record<CalendarDayKind, MessageKey>> = {
  full: 'trading day',
  half: 'half trading day',
  holiday: 'holiday, market closed',
  weekend: 'weekend',
  unknown: 'loading',
  unavailable: 'not available',
};

export const DAY_KIND_CLASSES: Readonly<Record<CalendarDayKind, string>> = {
  full: 'bg-emerald-500/20 text-emerald-900 dark:text-emerald-100',
  half: 'bg-amber-400/30 text-amber-900 dark:text-amber-100',
  holiday: 'bg-rose-500/25 text-rose-900 dark:text-rose-100',
  weekend: 'text-slate-500 dark:text-slate-400',
  unknown: 'text-slate-500 dark:text-slate-400',
  unavailable: 'text-slate-500 line-through dark:text-slate-400',
};

/** Legend entries, in reading order. */
export const LEGEND: readonly { kind: CalendarDayKind; label: MessageKey }[] = [
  { kind: 'full', label: 'Trading day' },
  { kind: 'half', label: 'Half day' },
  { kind: 'holiday', label: 'Holiday' },
  { kind: 'weekend', label: 'Weekend' },
  { kind: 'unavailable', label: 'Not available' },
];
