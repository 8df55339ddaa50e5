/** The words beside a market's status badge: what changes next, and in how long. */
import { t } from '../../i18n/t';
import { formatCountdown, phaseLabel, type MarketPhase, type MarketStatus } from '../../lib/market-status';

const SHUT: ReadonlySet<MarketPhase> = new Set(['closed', 'holiday', 'weekend']);
const EXTENDED: ReadonlySet<MarketPhase> = new Set(['pre-market', 'after-hours', 'overnight']);

function verb(current: MarketPhase, next: MarketPhase, d: string): string {
  if (next === 'open') return t(current === 'lunch' ? 'reopens in {d}' : 'opens in {d}', { d });
  if (current === 'open') return t('closes in {d}', { d });
  if (EXTENDED.has(current) && SHUT.has(next)) return t('{phase} ends in {d}', { phase: phaseLabel(current).toLowerCase(), d });
  return t('{phase} in {d}', { phase: phaseLabel(next).toLowerCase(), d });
}

/** 'closes in 1 h 05 m', 'opens in 14 h 20 m', 'overnight in 2 h 00 m'; undefined without a next change. */
export function nextChangeText(status: MarketStatus, now: number): string | undefined {
  if (!status.nextChange) return undefined;
  return verb(status.phase, status.nextChange.phase, formatCountdown(status.nextChange.at - now));
}

/** Tailwind classes of the badge, by phase family (dark default, light variant). */
export function badgeClasses(phase: MarketPhase): string {
  if (phase === 'open') return 'bg-emerald-600/15 text-emerald-700 ring-emerald-600/40 dark:text-emerald-300';
  if (phase === 'lunch') return 'bg-amber-500/15 text-amber-800 ring-amber-500/40 dark:text-amber-200';
  if (EXTENDED.has(phase)) return 'bg-sky-500/15 text-sky-800 ring-sky-500/40 dark:text-sky-200';
  if (phase === 'holiday') return 'bg-rose-500/15 text-rose-800 ring-rose-500/40 dark:text-rose-200';
  return 'bg-slate-500/15 text-slate-700 ring-slate-500/40 dark:text-slate-300';
}
