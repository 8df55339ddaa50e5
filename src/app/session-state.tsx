/**
 * The header's session state of the current instrument, on the data's clock: its own market's
 * phase and next change (US pre-market to overnight, HK and CN lunch, China futures' day and night
 * sessions, forex weekdays, crypto around the clock), so a price that sits still is read as a
 * closed market, not a stalled feed. Stocks follow the trading-sessions table and their market's
 * calendar; futures their venue's times on the CN calendar (src/lib/venue-schedule.ts). The header
 * renders it (and so loads it) only once the chart's first candle is drawn, as the markets panel.
 */
import { t } from '../i18n/t';
import { useLanguage } from '../i18n/use-language';
import { useEffect, useState } from 'react';
import { useLiveStatus } from '../features/sessions/use-live-status';
import type { MarketStatus } from '../lib/market-status';
import { useAppServices } from '../queries/app-services-context';
import { useInstrumentSessions } from '../queries/use-instrument-sessions';
import { useAppStore } from '../store/app-store';
import { sessionStateText, type PhaseTone } from './session-state-text';

/** The longest the shown state waits for a re-render: its next change, or this. */
const MAX_WAIT_MS = 60_000;

const DOT: Record<PhaseTone, string> = {
  open: 'bg-emerald-500',
  extended: 'bg-sky-500',
  pause: 'bg-amber-500',
  shut: 'bg-slate-400 dark:bg-slate-500',
};

const alwaysOpen = (): MarketStatus => ({ phase: 'open', label: t('Open 24/7') });

/**
 * The data's clock, read again at `next` (the shown state's next change, at the clock's pace) or
 * within a minute, and at once when the clock jumps or changes pace.
 */
function useClockUntil(next: number | undefined): number {
  const { clock } = useAppServices();
  const [now, setNow] = useState(() => clock.now());
  useEffect(() => {
    const read = () => {
      setNow(clock.now());
    };
    const rate = clock.rate();
    const wait = next === undefined || rate <= 0 ? MAX_WAIT_MS : Math.min(MAX_WAIT_MS, Math.max(250, (next - now) / rate));
    const timer = setTimeout(read, wait);
    const unsubscribe = clock.subscribe(read);
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [clock, next, now]);
  return now;
}

export function SessionState() {
  useLanguage();
  const symbol = useAppStore((state) => state.workspace.symbol);
  const type = useAppStore((state) => state.workspace.type);
  const { source, schedule, calendar } = useInstrumentSessions(symbol, type);
  const [next, setNext] = useState<number | undefined>(undefined);
  const now = useClockUntil(next);
  const live = useLiveStatus(calendar, schedule, now);
  const status = source?.kind === 'always' ? alwaysOpen() : live.status;
  const nextAt = status?.nextChange?.at;
  if (nextAt !== next) setNext(nextAt);

  if (!status) return <span className="[grid-area:state]" />;
  const { phase, next: nextText, title, tone } = sessionStateText(status, now, schedule?.timeZone ?? 'UTC');
  return (
    <span
      className="flex min-w-0 items-center gap-1.5 text-xs whitespace-nowrap text-slate-600 [grid-area:state] dark:text-slate-300"
      title={title}
      data-testid="header-session"
      data-phase={status.phase}
    >
      <span aria-hidden="true" className={`h-2 w-2 shrink-0 rounded-full ${DOT[tone]}`} />
      {/* A phone's header row has room for the phase only ('Pre-market'); the next change is in the title. */}
      <span className="truncate">
        {phase}
        {nextText !== undefined && <span className="max-sm:hidden"> · {nextText}</span>}
      </span>
    </span>
  );
}
