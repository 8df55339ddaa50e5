/**
 * The words of the header's session state: the instrument's phase and its next change at the
 * market's own clock, e.g. 'Night session · closes 23:00', 'Closed · opens 21:00',
 * 'Lunch break · reopens 13:00', 'Closed — weekend · opens Mon 09:00'.
 */
import { t } from '../i18n/t';
import { formatCountdown, phaseLabel, type MarketPhase, type MarketStatus } from '../lib/market-status';
import { marketClock } from '../lib/market-clock';

/** The phase family, for the header's colour dot. */
export type PhaseTone = 'open' | 'extended' | 'pause' | 'shut';

const TRADING: ReadonlySet<MarketPhase> = new Set(['open', 'pre-market', 'after-hours', 'overnight', 'night']);
const PAUSES: ReadonlySet<MarketPhase> = new Set(['lunch', 'break']);

export function phaseTone(phase: MarketPhase): PhaseTone {
  if (phase === 'open') return 'open';
  if (TRADING.has(phase)) return 'extended';
  return PAUSES.has(phase) ? 'pause' : 'shut';
}

function verb(phase: MarketPhase, next: MarketPhase, when: string): string {
  if (next === 'open') return t(PAUSES.has(phase) ? 'reopens {when}' : 'opens {when}', { when });
  if (phase === 'open' || !TRADING.has(next)) return t(TRADING.has(phase) ? 'closes {when}' : 'opens {when}', { when });
  // From one extended session to another (after-hours, then overnight) or into one from a pause.
  return TRADING.has(phase) ? t('{phase} from {when}', { phase: phaseLabel(next).toLowerCase(), when }) : t('opens {when}', { when });
}

export interface SessionStateText {
  /** The whole reading, 'Closed · opens 21:00' (the header shows it from sm up). */
  text: string;
  /** Its two parts, which the header lays out itself (a phone shows the phase only): the phase ('Closed'), and the next change ('opens 21:00') if one is known. */
  phase: string;
  next?: string;
  /** The tooltip: the next change's session, its countdown and the clock it is told in. */
  title: string;
  tone: PhaseTone;
}

export function sessionStateText(status: MarketStatus, now: number, timeZone: string): SessionStateText {
  const { phase, nextChange } = status;
  const caveat = status.estimated ? t(' (holidays not checked)') : '';
  if (!nextChange) return { text: status.label, phase: status.label, title: `${status.label}${caveat}`, tone: phaseTone(phase) };
  const when = marketClock(nextChange.at, now, timeZone);
  const next = verb(phase, nextChange.phase, when);
  return {
    text: `${status.label} · ${next}`,
    phase: status.label,
    next,
    title: t('{label}; {phase} in {countdown}. Times in {zone}{caveat}.', {
      label: status.label,
      phase: phaseLabel(nextChange.phase).toLowerCase(),
      countdown: formatCountdown(nextChange.at - now),
      zone: timeZone,
      caveat,
    }),
    tone: phaseTone(phase),
  };
}
