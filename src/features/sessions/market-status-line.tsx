/** A market's live status badge, the time to its next change, and a quiet calendar caveat. */
import { t } from '../../i18n/t';
import type { SessionMarket } from '#shared/contract.ts';
import type { MarketStatus } from '../../lib/market-status';
import { useSecondsNow } from './seconds-clock';
import { badgeClasses, nextChangeText } from './status-text';

interface MarketStatusLineProps {
  market: SessionMarket;
  /** Undefined while loading; null when it cannot be known (no session table). */
  status: MarketStatus | undefined | null;
  calendarUnavailable: boolean;
  /** The countdown counts from the panel's per-second instant, or else from this one. */
  now: number;
}

export function MarketStatusLine({ market, status, calendarUnavailable, now: fallback }: MarketStatusLineProps) {
  const now = useSecondsNow(fallback);
  if (status === undefined) {
    return <p className="text-xs text-slate-500 dark:text-slate-400">{t('Checking status…')}</p>;
  }
  if (status === null) {
    return (
      <p className="text-xs text-slate-500 dark:text-slate-400" data-testid={`status-${market}`} data-phase="unknown">
        {t('Status unavailable')}
      </p>
    );
  }
  const next = nextChangeText(status, now);
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
      <span className="sr-only">{t('Status:')}</span>
      <span
        data-testid={`status-${market}`}
        data-phase={status.phase}
        className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${badgeClasses(status.phase)}`}
      >
        {status.label}
      </span>
      {next && (
        <span data-testid={`next-change-${market}`} className="tabular-nums text-slate-600 dark:text-slate-300">
          {next}
        </span>
      )}
      {calendarUnavailable && (
        <span
          data-testid={`calendar-caveat-${market}`}
          className="text-[11px] text-slate-400 dark:text-slate-500"
          title={t('Holidays and half days could not be checked; weekdays are assumed to trade.')}
        >
          {t('calendar unavailable')}
        </span>
      )}
    </div>
  );
}
