/** How each kind of calendar day looks and reads, shared by the grid and its legend. */
import type { BesideKey } from '../../i18n/beside';
import type { CalendarDayKind } from '../../lib/calendar-month';

/** How a screen reader hears a day's kind (after its date). */
export const DAY_KIND_WORDS: Readonly<Record<CalendarDayKind, BesideKey>> = {
  full: 'cal.fullW',
  half: 'cal.halfW',
  holiday: 'cal.holidayW',
  weekend: 'cal.weekendW',
  unknown: 'cal.unknownW',
  unavailable: 'cal.unavailableW',
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
export const LEGEND: readonly { kind: CalendarDayKind; label: BesideKey }[] = [
  { kind: 'full', label: 'cal.full' },
  { kind: 'half', label: 'cal.half' },
  { kind: 'holiday', label: 'cal.holiday' },
  { kind: 'weekend', label: 'cal.weekend' },
  { kind: 'unavailable', label: 'cal.unavailable' },
];
