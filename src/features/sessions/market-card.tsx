/** One market: its name and zone, live status, local time, session table and month calendar. */
import { t } from '../../i18n/t';
import type { UseQueryResult } from '@tanstack/react-query';
import type { SessionMarket } from '#shared/contract.ts';
import type { MarketSessions } from '../../api/reference-schemas';
import { ErrorNotice } from '../../components/ui/error-notice';
import { tableSchedule } from '../../lib/market-status';
import { marketTimeZone } from '#shared/symbols.ts';
import { MarketStatusLine } from './market-status-line';
import { useSecondsNow } from './seconds-clock';
import { formatMarketClock, marketCity } from './session-format';
import { SessionTable } from './session-table';
import { TradingCalendar } from './trading-calendar';
import { useLiveStatus } from './use-live-status';
import { useDatesHidden } from '../../queries/use-dates-hidden';

interface MarketCardProps {
  market: SessionMarket;
  /** The `trading-sessions` query, shared by the three cards. */
  sessionsQuery: UseQueryResult<MarketSessions[]>;
  /** The current instant; in the panel, its minute (the local time reads the seconds itself). */
  now: number;
}

/** The market's local time to the second. */
function MarketClock({ market, timeZone, now: fallback, datesHidden }: { market: SessionMarket; timeZone: string; now: number; datesHidden: boolean }) {
  const now = useSecondsNow(fallback);
  return (
    <time {...(!datesHidden && { dateTime: new Date(now).toISOString() })} data-testid={`local-time-${market}`} className="tabular-nums">
      {formatMarketClock(now, timeZone, datesHidden)}
    </time>
  );
}

export function MarketCard({ market, sessionsQuery, now }: MarketCardProps) {
  const name = `${market} · ${marketCity(market)}`;
  const headingId = `sessions-market-${market}`;
  const timeZone = marketTimeZone(market);
  const sessions = sessionsQuery.data?.find((entry) => entry.market.toUpperCase() === market)?.trading_sessions;
  const live = useLiveStatus(market, sessions ? tableSchedule(market, sessions) : undefined, now);
  const status = sessionsQuery.isPending ? undefined : sessions ? live.status : null;
  // A blind replay: the clock alone, and no month calendar (its month and marked day tell the date).
  const datesHidden = useDatesHidden();

  return (
    <article
      aria-labelledby={headingId}
      data-testid={`market-${market}`}
      className="flex min-w-0 flex-col gap-2 rounded-md border border-slate-200 p-3 dark:border-slate-800"
    >
      <header className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
        <h3 id={headingId} className="text-sm font-semibold">
          {name}
        </h3>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          <span className="sr-only">{t('Local time: ')}</span>
          <MarketClock market={market} timeZone={timeZone} now={now} datesHidden={datesHidden} />
        </p>
      </header>
      <MarketStatusLine market={market} status={status} calendarUnavailable={status ? live.calendarUnavailable : false} now={now} />
      {sessionsQuery.isError ? (
        <ErrorNotice compact error={sessionsQuery.error} onRetry={() => void sessionsQuery.refetch()} />
      ) : sessionsQuery.isPending ? (
        <p className="text-xs text-slate-500 dark:text-slate-400">{t('Loading sessions…')}</p>
      ) : (
        <SessionTable caption={name} sessions={sessions ?? []} />
      )}
      {!datesHidden && <TradingCalendar market={market} now={now} />}
    </article>
  );
}
