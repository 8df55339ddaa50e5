/**
 * Market sessions and calendar: for US, HK and CN, the live status (holiday- and half-day-aware),
 * the local time, the session table and a month calendar. Each card fails on its own.
 */
import { memoTranslated } from '../../i18n/memo-translated';
import { t } from '../../i18n/t';
import { WaitingText } from '../../components/ui/waiting-text';
import { SESSION_MARKETS } from '#shared/contract.ts';
import { PanelBoundary } from '../../components/ui/panel-boundary';
import { useTradingSessions } from '../../queries/use-trading-sessions';
import { MarketCard } from './market-card';
import { SecondsContext, startOfMinute } from './seconds-clock';

interface SessionsPanelProps {
  /** The current instant (ms) on the data's clock (the app's, ticking every second). */
  now: number;
}

export function SessionsPanel({ now }: SessionsPanelProps) {
  return (
    <SecondsContext value={now}>
      <MarketCards minute={startOfMinute(now)} />
    </SecondsContext>
  );
}

/** Re-renders on the minute (and when the sessions answer changes); the seconds reach only the clocks. */
const MarketCards = memoTranslated(function MarketCards({ minute }: { minute: number }) {
  const sessionsQuery = useTradingSessions();
  // Until the session tables answer, one line: the cards then appear whole, instead of each table
  // growing under its card's first lines and pushing the cards below down (a layout shift).
  if (sessionsQuery.isPending)
    return (
      <p className="p-3 text-sm text-slate-500 dark:text-slate-400">
        <WaitingText loading={t('Loading sessions…')} />
      </p>
    );
  return (
    <div className="relative @container h-full overflow-auto p-2">
      <div className="grid grid-cols-1 gap-2 @2xl:grid-cols-2 @5xl:grid-cols-3">
        {SESSION_MARKETS.map((market) => (
          <PanelBoundary key={market} name={`Sessions ${market}`}>
            <MarketCard market={market} sessionsQuery={sessionsQuery} now={minute} />
          </PanelBoundary>
        ))}
      </div>
    </div>
  );
});
